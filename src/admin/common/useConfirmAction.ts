// The state of an action behind a confirmation: the dialog, the call in flight, and the one way it
// ends. Whatever the outcome the page is refreshed: the server may have moved on meanwhile (a
// colleague acted first, a 409 said so), and what is shown must be what is true.
import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { useNotifyError } from './notify';

export interface ConfirmAction {
  open: boolean;
  pending: boolean;
  show: () => void;
  close: () => void;
  /** Runs `act` once at a time; errors are shown in words. `keepOpen` leaves the dialog up after a failure, to try again. */
  run: (act: () => Promise<void>, opts?: { keepOpen?: boolean }) => Promise<void>;
}

export function useConfirmAction(): ConfirmAction {
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const run = async (act: () => Promise<void>, opts: { keepOpen?: boolean } = {}) => {
    if (pending) return;
    setPending(true);
    try {
      await act();
      setOpen(false);
    } catch (e) {
      notifyError(e);
      if (!opts.keepOpen) setOpen(false);
    } finally {
      setPending(false);
      refresh();
    }
  };
  return {
    open,
    pending,
    show: () => setOpen(true),
    close: () => setOpen(false),
    run,
  };
}
