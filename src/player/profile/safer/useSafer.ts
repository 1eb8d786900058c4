// The player's safer-play state (GET /user/safer-play) and the error text of a refused change.
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys } from '../../api';
import type { SaferPlay } from '../../../shared/api/safer';
import { isApiError } from '../../../shared/http';

export function useSafer(refreshMs = 0) {
  return useSWR<SaferPlay>(keys.saferPlay, { refreshInterval: refreshMs });
}

/** A server refusal as the player reads it: our words for its code, else the server's message. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (err: unknown): string => {
    if (isApiError(err) && err.status !== 0) {
      const k = `common:errors.${err.code}`;
      if (err.code !== 'INVALID_INPUT' && i18n.exists(k)) return t(k);
      return err.message || t('common:errors.INTERNAL');
    }
    return t('common:errors.network');
  };
}
