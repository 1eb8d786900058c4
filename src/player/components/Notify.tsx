import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Snackbar } from '@mui/material';

type Severity = 'success' | 'error' | 'info' | 'warning';
interface Note {
  id: number;
  message: string;
  severity: Severity;
}

const NotifyContext = createContext<(message: string, severity?: Severity) => void>(() => {});

/** Toasts at the bottom of the screen (top on phones would cover the bar). */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [note, setNote] = useState<Note | null>(null);
  const notify = useCallback((message: string, severity: Severity = 'info') => {
    setNote({ id: Date.now(), message, severity });
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={note?.id}
        open={note !== null}
        autoHideDuration={4000}
        onClose={(_, reason) => reason !== 'clickaway' && setNote(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {note ? (
          <Alert severity={note.severity} variant="filled" onClose={() => setNote(null)} sx={{ width: '100%' }} role="alert">
            {note.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export function useNotify() {
  return useContext(NotifyContext);
}
