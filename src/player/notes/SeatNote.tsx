import { lazy, Suspense, useState, type CSSProperties, type MouseEvent } from 'react';
import { useRegularsTranslation } from '../components/regularsStrings';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { noteOf, useNotes } from './useNotes';
import { TAG_COLOURS } from './noteTags';

const NoteDialog = lazy(() => import('./NoteDialog'));

const button = (size: number, colour: string | null, hasNote: boolean): CSSProperties => ({
  width: size,
  height: size,
  minWidth: size,
  padding: 0,
  borderRadius: '50%',
  border: colour ? '2px solid rgba(255,255,255,.9)' : '1px dashed rgba(255,255,255,.6)',
  background: colour ?? 'transparent',
  color: colour ? '#111' : '#fff',
  fontSize: size - 6,
  lineHeight: 1,
  fontWeight: 900,
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  opacity: colour || hasNote ? 1 : 0.75,
});

/**
 * An opponent's note and colour tag beside their name (a seat, a replayer): the tag's colour, a
 * pencil when there is a note (its text as the tooltip). A press opens the menu: the note, edit,
 * remove. Nothing when notes are off (signed out, the back office, component tests).
 */
export function SeatNote({ userId, username, size = 18 }: { userId?: number; username: string; size?: number }) {
  const { t } = useRegularsTranslation();
  const notes = useNotes();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  if (!notes.enabled) return null;
  const note = noteOf(notes, { userId, username });
  const tag = note?.tag ?? null;
  const text = note?.note ?? '';
  const parts = [tag ? t('notes.tagged', { tag: t(`notes.tags.${tag}`) }) : null, text ? t('notes.says', { note: text }) : null].filter(Boolean);
  const label = note ? `${username}: ${parts.join(', ')}` : t('notes.add', { name: username });
  const open = (e: MouseEvent<HTMLButtonElement>) => {
    e.stopPropagation();
    setMenu(e.currentTarget);
  };
  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        title={text || undefined}
        data-testid={`note-${username}`}
        data-tag={tag ?? undefined}
        onClick={open}
        style={button(size, tag ? TAG_COLOURS[tag] : null, !!text)}
      >
        {text ? '✎' : tag ? '' : '+'}
      </button>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {text && (
          <MenuItem disabled sx={{ whiteSpace: 'pre-wrap', maxWidth: 280, '&.Mui-disabled': { opacity: 1 } }} data-testid="note-text">
            {text}
          </MenuItem>
        )}
        <MenuItem
          data-testid="note-edit"
          onClick={() => {
            setMenu(null);
            setEditing(true);
          }}
        >
          {note ? t('notes.edit') : t('notes.add', { name: username })}
        </MenuItem>
        {note && (
          <MenuItem
            data-testid="note-remove"
            onClick={() => {
              setMenu(null);
              void notes.remove(note.userId);
            }}
          >
            {t('notes.remove')}
          </MenuItem>
        )}
      </Menu>
      {editing && (
        <Suspense fallback={null}>
          <NoteDialog player={{ userId: userId ?? note?.userId, username }} current={note ?? null} onSave={notes.save} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The replayer's adornment: each opponent's note and tag beside their name (not the hero's own). */
export function replayerNotes(heroName: string | null) {
  return function ReplayerNote(p: { name: string; userId?: number }) {
    return p.name === heroName ? null : <SeatNote userId={p.userId} username={p.name} size={16} />;
  };
}
