import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Note, Severity } from './Toast';

// The toast's Snackbar is downloaded with the first notification, not with every page.
const Toast = lazy(() => import('./Toast'));

const NotifyContext = createContext<(message: string, severity?: Severity) => void>(() => {});

/** Toasts at the bottom of the screen (top on phones would cover the bar). */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [note, setNote] = useState<Note | null>(null);
  const notify = useCallback((message: string, severity: Severity = 'info') => {
    setNote({ id: Date.now(), message, severity });
  }, []);
  const value = useMemo(() => notify, [notify]);
  const close = useCallback(() => setNote(null), []);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      {/* A closed Snackbar renders nothing: with no note there is nothing to show. */}
      {note && (
        <Suspense fallback={null}>
          <Toast key={note.id} note={note} onClose={close} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify() {
  return useContext(NotifyContext);
}
