import { useTranslation } from 'react-i18next';
import { normalizeLanguage, type Language } from '../../shared/i18n';
import { formatMoney, formatDateTime, formatDate, formatNumber, formatSignedMoney, formatCompact } from '../../shared/format';

/** The current language (en | mn) and formatters bound to it. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang: Language = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
  return {
    lang,
    money: (n: number) => formatMoney(n, lang),
    signedMoney: (n: number) => formatSignedMoney(n, lang),
    number: (n: number) => formatNumber(n, lang),
    compact: (n: number) => formatCompact(n, lang),
    dateTime: (d: string | number | Date | null | undefined) => formatDateTime(d, lang),
    date: (d: string | number | Date | null | undefined) => formatDate(d, lang),
  };
}
