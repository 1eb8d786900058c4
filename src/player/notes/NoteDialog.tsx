import { useState } from 'react';
import { useRegularsTranslation } from '../components/regularsStrings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NOTE_MAX, type NoteTag, type PutNoteBody } from '../../shared/api/regulars';
import type { PlayerNote } from '../api/regularsApi';
import { NOTE_TAG_LIST, TAG_COLOURS } from './noteTags';

export interface NoteDialogProps {
  player: { userId?: number; username: string };
  current: PlayerNote | null;
  onSave: (player: { userId?: number; username: string }, body: PutNoteBody) => Promise<void>;
  onClose: () => void;
}

/** A private note and a colour tag on one opponent. */
export default function NoteDialog({ player, current, onSave, onClose }: NoteDialogProps) {
  const { t } = useRegularsTranslation();
  const [tag, setTag] = useState<NoteTag | null>(current?.tag ?? null);
  const [note, setNote] = useState(current?.note ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const empty = tag === null && note.trim() === '';
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSave(player, { tag, note: note.trim() });
      onClose();
    } catch (e) {
      setError((e as Error)?.message === 'NOT_FOUND' ? t('notes.notFound') : t('notes.error'));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="note-dialog">
      <DialogTitle>{t('notes.title', { name: player.username })}</DialogTitle>
      <DialogContent>
        <Typography id="note-tag-label" variant="body2" sx={{ mb: 1 }}>
          {t('notes.tag')}
        </Typography>
        <Box role="radiogroup" aria-labelledby="note-tag-label" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          {[null, ...NOTE_TAG_LIST].map((c) => (
            <button
              key={c ?? 'none'}
              type="button"
              role="radio"
              aria-checked={tag === c}
              aria-label={c ? t(`notes.tags.${c}`) : t('notes.noTag')}
              title={c ? t(`notes.tags.${c}`) : t('notes.noTag')}
              data-testid={`note-tag-${c ?? 'none'}`}
              onClick={() => setTag(c)}
              style={{
                width: 36,
                height: 36,
                borderRadius: '50%',
                cursor: 'pointer',
                background: c ? TAG_COLOURS[c] : 'transparent',
                border: tag === c ? '3px solid currentColor' : '1px solid rgba(127,127,127,.6)',
                outlineOffset: 2,
                fontSize: 16,
                color: 'inherit',
              }}
            >
              {c ? '' : '∅'}
            </button>
          ))}
        </Box>
        <TextField
          label={t('notes.note')}
          helperText={t('notes.private')}
          value={note}
          onChange={(e) => setNote(e.target.value.slice(0, NOTE_MAX))}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: NOTE_MAX, 'data-testid': 'note-input' } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('notes.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || empty} data-testid="note-save">
          {t('notes.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
