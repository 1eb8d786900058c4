import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/http';

/** A localised detail for a server error code, else the server's own message. */
export function useErrorDetail() {
  const { t, i18n } = useTranslation();
  return (e: unknown): string | undefined => {
    if (!isApiError(e) || e.status === 0) return undefined;
    const key = `errors.${e.code}`;
    return i18n.exists(key) ? t(key) : e.message;
  };
}
