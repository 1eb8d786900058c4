import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../shared/format/money';

/** Chip amounts at the table ("12,500"), and money with the tugrik sign in dialogs. */
export function useFormat(): { chips: (n: number) => string; money: (n: number) => string } {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const chips = useCallback((n: number) => formatNumber(n, lang), [lang]);
  const money = useCallback((n: number) => formatMoney(n, lang), [lang]);
  return { chips, money };
}
