// An action of the integrity pages: the call, a notice of success or of the server's refusal, and
// the page read again.
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';

export function useActions() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  return async (fn: (dp: AdminDataProvider) => Promise<unknown>, done = 'integrity.done') => {
    try {
      await fn(dp);
      notify(translate(done), { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
}
