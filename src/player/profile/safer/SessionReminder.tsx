// The session reminder (docs/safer-play.md): while signed in, the safer-play state is read every
// minute; each time the session passes another multiple of the chosen interval, a dialog shows the
// time played and the session's result. Once a session reaches the session limit, a dialog says so
// (the server stands the player up from their cash tables, docs/safer-play.md).
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useSaferTranslation } from './saferStrings';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '../../hooks/useLang';
import { useSafer } from './useSafer';

const POLL_MS = 60_000;
/** Reminders already shown for a session survive a reload of the tab (one per interval, not per page). */
const SEEN_KEY = 'saferReminderSeen';
/** The session whose reached limit was already told (its start). */
const LIMIT_KEY = 'saferLimitSeen';

function readSeen(): { startedAt: string; count: number } | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? 'null') as { startedAt?: unknown; count?: unknown } | null;
    return v && typeof v.startedAt === 'string' && typeof v.count === 'number' ? { startedAt: v.startedAt, count: v.count } : null;
  } catch {
    return null;
  }
}

/** How many reminders a session of `minutes` has earned at `every` minutes (0: none). */
export const remindersDue = (minutes: number, every: number) => (every > 0 ? Math.floor(minutes / every) : 0);

export default function SessionReminder() {
  const { t } = useSaferTranslation();
  const { signedMoney } = useFormat();
  const navigate = useNavigate();
  const { data } = useSafer(POLL_MS);
  const [shown, setShown] = useState<{ startedAt: string; count: number } | null>(readSeen);
  const session = data?.session ?? null;
  const due = session ? remindersDue(session.minutes, data?.reminderMinutes ?? 0) : 0;
  const seen = shown && session && shown.startedAt === session.startedAt ? shown.count : 0;
  const [open, setOpen] = useState(false);
  const limit = data?.limits.find((l) => l.kind === 'SESSION_MINUTES')?.amount ?? null;
  const reached = session !== null && limit !== null && session.minutes >= limit;
  const [limitTold, setLimitTold] = useState(() => sessionStorage.getItem(LIMIT_KEY));

  useEffect(() => {
    if (session && reached && limitTold !== session.startedAt) {
      setLimitTold(session.startedAt);
      sessionStorage.setItem(LIMIT_KEY, session.startedAt);
      setOpen(true);
    } else if (session && due > seen) {
      const next = { startedAt: session.startedAt, count: due };
      setShown(next);
      sessionStorage.setItem(SEEN_KEY, JSON.stringify(next));
      setOpen(true);
    }
  }, [session, due, seen, reached, limitTold]);

  if (!session) return null;
  if (reached)
    return (
      <Dialog open={open} onClose={() => setOpen(false)} data-testid="session-limit-reached">
        <DialogTitle>{t('safer.limitReachedTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('safer.limitReached', { minutes: session.minutes })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setOpen(false)} data-testid="session-limit-ok">
            {t('safer.limitReachedOk')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  return (
    <Dialog open={open} onClose={() => setOpen(false)} data-testid="session-reminder">
      <DialogTitle>{t('safer.reminderDialogTitle')}</DialogTitle>
      <DialogContent>
        <Typography>{t('safer.reminderDialog', { minutes: session.minutes, result: signedMoney(session.result) })}</Typography>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            setOpen(false);
            navigate('/profile?tab=safer');
          }}
        >
          {t('safer.reminderBreak')}
        </Button>
        <Button variant="contained" onClick={() => setOpen(false)} data-testid="session-reminder-ok">
          {t('safer.reminderOk')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
