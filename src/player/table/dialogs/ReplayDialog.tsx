import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { HandReplayer } from '../../../shared/ui/HandReplayer';
import { replayerNotes } from '../../notes/SeatNote';
import { replayFromEvents, type RecordedHand } from '../../../shared/ui/replay/fromEvents';
import { replayFromPhh } from '../../../shared/ui/replay/fromPhh';
import type { ReplayHand } from '../../../shared/ui/replay/model';
import { useSetting } from '../../../shared/settings/useSettings';
import { useFormat } from '../hooks/useFormat';
import { useReplayerLabels } from '../../../shared/ui/useReplayerLabels';
import type { TableApi, TableHand } from '../io/tableApi';

export interface ReplayEntry {
  handId: number;
  handNumber: number;
  /** The settled hand's PHH from the server (what this player may see). */
  phh?: string | null;
  /** The hand's summary from the server: players in PHH order (p1, p2...) with names and seats. */
  summary?: unknown;
  /** The hand as watched live this session. */
  recorded?: RecordedHand;
}

interface SummaryPlayer {
  userId?: number;
  seat?: number;
  username?: string;
}

/** The PHH names nobody (p1, p2...): the summary gives each its name and table seat. */
export function withSummaryNames(hand: ReplayHand, summary: unknown, heroUserId: number | null): { hand: ReplayHand; heroSeat: number | null } {
  const list = (summary as { players?: SummaryPlayer[]; button?: number } | null)?.players;
  if (!Array.isArray(list) || list.length !== hand.players.length) return { hand, heroSeat: null };
  const seatMap = new Map<number, number>();
  hand.players.forEach((p, i) => seatMap.set(p.seat, Number.isInteger(list[i].seat) ? list[i].seat! : p.seat));
  const to = (seat: number) => seatMap.get(seat) ?? seat;
  const players = hand.players.map((p, i) => ({ ...p, seat: to(p.seat), name: list[i].username || p.name, userId: list[i].userId ?? p.userId }));
  const actions = hand.actions.map((a) => ('seat' in a ? { ...a, seat: to(a.seat) } : a));
  const button = (summary as { button?: number }).button;
  const heroIndex = heroUserId === null ? -1 : list.findIndex((p) => p.userId === heroUserId);
  return {
    hand: {
      ...hand,
      players,
      actions,
      button: Number.isInteger(button) ? button! : hand.button === null ? null : to(hand.button),
      seatCount: Math.max(hand.seatCount, ...players.map((p) => p.seat + 1)),
    },
    heroSeat: heroIndex >= 0 ? players[heroIndex].seat : null,
  };
}

/** Session hands and the server's hands, one entry per hand, newest first. */
export function mergeReplayEntries(recorded: RecordedHand[], server: TableHand[]): ReplayEntry[] {
  const byId = new Map<number, ReplayEntry>();
  for (const h of server) byId.set(h.handId, { handId: h.handId, handNumber: h.handNumber, phh: h.phh, summary: h.summary });
  for (const r of recorded) {
    const known = byId.get(r.handId);
    byId.set(r.handId, known ? { ...known, recorded: r } : { handId: r.handId, handNumber: r.handNumber, recorded: r });
  }
  return [...byId.values()].sort((a, b) => b.handId - a.handId);
}

/**
 * A hand watched this session replays from its recording (names, seats and the hero as seen);
 * older hands from the server's PHH (which names players only when the record has `players`).
 */
export function entryToReplay(
  entry: ReplayEntry,
  heroName: string | null,
  liveSeat: number | null,
  heroUserId: number | null = null,
): { hand: ReplayHand; heroSeat: number | null } | null {
  if (entry.recorded) return { hand: replayFromEvents(entry.recorded), heroSeat: liveSeat };
  if (entry.phh) {
    try {
      const parsed = replayFromPhh(entry.phh, `hand-${entry.handId}`);
      parsed.title = `#${entry.handNumber}`;
      const named = withSummaryNames(parsed, entry.summary, heroUserId);
      if (named.heroSeat !== null || !heroName) return named;
      const hero = named.hand.players.find((p) => p.name === heroName);
      return { hand: named.hand, heroSeat: hero ? hero.seat : null };
    } catch {
      return null;
    }
  }
  return null;
}

export interface ReplayDialogProps {
  open: boolean;
  tableId: number;
  /** Hands watched this session (newest first). */
  hands: RecordedHand[];
  heroSeat: number | null;
  heroName: string | null;
  heroUserId?: number | null;
  /** Null without HTTP (signed out, or in component tests). */
  api: TableApi | null;
  /** Opens on this hand (the ?replay= link from game history). */
  initialHandId?: number | null;
  onClose: () => void;
}

/** The player's last hands at this table, newest first: this session's and the server's. */
export function ReplayDialog({ open, tableId, hands, heroSeat, heroName, heroUserId = null, api, initialHandId = null, onClose }: ReplayDialogProps) {
  const { t, i18n } = useTranslation('table');
  const { chips } = useFormat();
  const fourColour = useSetting('fourColor');
  const labels = useReplayerLabels(t, 'replay.', i18n.language);
  const adornName = useMemo(() => replayerNotes(heroName), [heroName]);
  const phone = useMediaQuery('(max-width: 600px)');
  const [server, setServer] = useState<TableHand[]>([]);
  const [loading, setLoading] = useState(!!api);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<number | null>(initialHandId);

  // Refetched when a hand ends while the dialog is open (its settled record appears).
  const latest = hands[0]?.handId ?? 0;
  useEffect(() => {
    if (!api) return;
    let live = true;
    const load = async () => {
      try {
        const list = await api.myHands(tableId);
        if (initialHandId !== null && !list.some((h) => h.handId === initialHandId)) {
          // An older hand (or one from another table) opened from game history.
          const one = await api.myHand(initialHandId).catch(() => null);
          if (one) list.push(one);
        }
        if (live) {
          setServer(list);
          setFailed(false);
        }
      } catch {
        if (live) setFailed(true);
      } finally {
        if (live) setLoading(false);
      }
    };
    void load();
    return () => {
      live = false;
    };
  }, [api, tableId, initialHandId, latest]);

  const entries = useMemo(() => mergeReplayEntries(hands, server), [hands, server]);
  const current = entries.find((e) => e.handId === picked) ?? entries[0];
  const replay = useMemo(() => (current ? entryToReplay(current, heroName, heroSeat, heroUserId) : null), [current, heroName, heroSeat, heroUserId]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="replay-dialog">
      <DialogTitle>{t('replay.title')}</DialogTitle>
      <DialogContent>
        {entries.length === 0 ? (
          loading ? (
            <CircularProgress size={24} />
          ) : (
            <Typography color="text.secondary">{t('replay.none')}</Typography>
          )
        ) : (
          <>
            <TextField
              select
              size="small"
              label={t('replay.hand')}
              value={current?.handId ?? ''}
              onChange={(e) => setPicked(Number(e.target.value))}
              sx={{ mb: 1, minWidth: 200 }}
              data-testid="replay-pick"
            >
              {entries.map((h) => (
                <MenuItem key={h.handId} value={h.handId}>
                  {t('replay.handNumber', { n: h.handNumber })}
                </MenuItem>
              ))}
            </TextField>
            {replay ? (
              <HandReplayer
                key={current!.handId}
                hand={replay.hand}
                fourColour={fourColour}
                labels={labels}
                formatAmount={chips}
                heroSeat={replay.heroSeat}
                nameAdornment={adornName}
              />
            ) : (
              <Alert severity="info">{t('replay.unavailable')}</Alert>
            )}
          </>
        )}
        {failed && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('replay.loadFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
