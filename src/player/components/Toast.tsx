import { Alert, Snackbar } from '@mui/material';

export type Severity = 'success' | 'error' | 'info' | 'warning';
export interface Note {
  id: number;
  message: string;
  severity: Severity;
}

/** One notification (NotifyProvider): its own chunk, loaded with the first one. */
export default function Toast({ note, onClose }: { note: Note; onClose: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={4000}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={note.severity} variant="filled" onClose={onClose} sx={{ width: '100%' }} role="alert">
        {note.message}
      </Alert>
    </Snackbar>
  );
}
