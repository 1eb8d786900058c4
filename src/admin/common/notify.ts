import { useNotify } from 'react-admin';

/** The message of a failed call: a translation key set by the data provider, or the server's words. */
export function errorMessage(e: unknown): string {
  if (typeof e === 'string') return e;
  const m = (e as { message?: unknown })?.message;
  return typeof m === 'string' && m ? m : 'ra.notification.http_error';
}

export function useNotifyError() {
  const notify = useNotify();
  return (e: unknown) => {
    const message = errorMessage(e);
    notify(message, { type: 'error', messageArgs: { _: message } });
  };
}
