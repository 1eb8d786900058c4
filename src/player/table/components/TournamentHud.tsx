// The strip over a tournament table: the level and its blinds, the time to the next level, the
// average stack, the players left and the viewer's position; their result once out. It reads the
// tournament's page (GET /user/tournament/:id, polled), and follows the player when the director
// moves them to another table.
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type TournamentDetail } from '../../api';
import { PurchaseButtons } from '../../tournament/PurchaseButton';
import { chipRanks } from '../../tournament/Sections';
import { useFormat } from '../hooks/useFormat';

const REFRESH_MS = 5000;
type Level = TournamentDetail['structure']['levels'][number];

const STRIP = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 14px',
  alignItems: 'center',
  padding: '4px 12px',
  fontSize: 13,
  lineHeight: 1.4,
  background: 'rgba(0,0,0,.45)',
  borderBottom: '1px solid rgba(255,255,255,.12)',
  color: '#fff',
} as const;

/** mm:ss until `iso`, ticking every second (— when unknown). */
function useCountdown(iso: string | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [iso]);
  if (!iso) return '—';
  const left = Math.max(0, Math.round((Date.parse(iso) - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

const ANNOUNCE_MS = 8000;

/** "Level 5 now: blinds 1,000 / 2,000", or the break, for a few seconds after the clock moves on (read out politely). */
function useLevelAnnouncement(d: TournamentDetail | undefined): string {
  const { t } = useTranslation('table');
  const { chips } = useFormat();
  const [text, setText] = useState('');
  const [seen, setSeen] = useState<number | null>(null);
  const now = d?.status === 'running' ? d.level : null;
  if (now !== seen) {
    // Set during render (React's "adjusting state on a prop change"): the first level seen is not news.
    setSeen(now);
    const e = now === null || !d ? undefined : d.structure.levels[now];
    if (seen !== null && e) {
      if ('breakSec' in e) setText(t('tournament.breakStarted', { minutes: Math.round(e.breakSec / 60) }));
      else setText(t('tournament.levelUp', { level: e.level, sb: chips(e.smallBlind), bb: chips(e.bigBlind) }));
    }
  }
  useEffect(() => {
    if (!text) return;
    const id = setTimeout(() => setText(''), ANNOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);
  return text;
}

export interface TournamentHudProps {
  tournamentId: number;
  tableId: number;
  userId: number | null;
  /** The director moved the viewer to another table. */
  onMoved?: (tableId: number) => void;
}

export function TournamentHud({ tournamentId, tableId, userId, onMoved }: TournamentHudProps) {
  const { t } = useTranslation('table');
  const { chips, money } = useFormat();
  const { data: d } = useSWR<TournamentDetail>(keys.tournament(tournamentId), { refreshInterval: REFRESH_MS });
  const countdown = useCountdown(d?.status === 'running' ? d.levelEndsAt : null);
  // The entry in play, else the latest (a player may have re-entered).
  const mine = d && userId !== null ? d.entries.filter((e) => e.userId === userId && e.status !== 'unregistered' && e.status !== 'refunded') : [];
  const me =
    mine.find((e) => e.status === 'playing') ?? mine.reduce<(typeof mine)[number] | undefined>((a, e) => (!a || e.entryNo > a.entryNo ? e : a), undefined);
  const announcement = useLevelAnnouncement(d);
  const movedTo = me?.status === 'playing' && me.tableId !== null && me.tableId !== tableId ? me.tableId : null;
  useEffect(() => {
    if (movedTo !== null) onMoved?.(movedTo);
  }, [movedTo, onMoved]);
  if (!d) return null;

  const level: Level | undefined = d.level === null ? undefined : d.structure.levels[d.level];
  const alive = d.entries.filter((e) => e.status === 'playing');
  const average = alive.length ? Math.round(alive.reduce((a, e) => a + e.chips, 0) / alive.length) : 0;
  const parts: Array<[string, string]> = [];
  if (level && 'breakSec' in level) parts.push(['level', t('tournament.break')]);
  else if (level) {
    parts.push(['level', t('tournament.level', { level: level.level })]);
    const ante = level.ante ? ` · ${t(level.bigBlindAnte ? 'tournament.bbAnte' : 'tournament.ante', { ante: chips(level.ante) })}` : '';
    parts.push(['blinds', `${t('tournament.blinds', { sb: chips(level.smallBlind), bb: chips(level.bigBlind) })}${ante}`]);
  }
  if (d.status === 'running') {
    parts.push(['next', t('tournament.next', { time: countdown })]);
    parts.push(['average', t('tournament.average', { chips: chips(average) })]);
    parts.push(['left', t('tournament.left', { left: d.playersLeft, total: d.entrants })]);
  }
  if (me?.status === 'playing') parts.push(['position', t('tournament.position', { rank: chipRanks(d.entries).get(me.entryId) ?? '—', left: d.playersLeft })]);
  const result =
    me && me.place !== null
      ? me.prize > 0
        ? t('tournament.won', { place: me.place, prize: money(me.prize) })
        : t('tournament.finished', { place: me.place })
      : null;

  return (
    <div style={STRIP} data-testid="tournament-hud" role="status" aria-live="off">
      <RouterLink to={`/tournament/${tournamentId}`} style={{ color: '#fff', fontWeight: 700 }} data-testid="hud-tournament">
        {d.name}
      </RouterLink>
      {parts.map(([key, text]) => (
        <span key={key} data-testid={`hud-${key}`}>
          {text}
        </span>
      ))}
      {me?.status === 'playing' && <PurchaseButtons d={d} />}
      {result && (
        <strong data-testid="hud-result" style={{ color: '#ffd54f' }}>
          {result}
        </strong>
      )}
      <strong data-testid="hud-announcement" role="status" aria-live="polite" style={{ color: '#ffd54f' }}>
        {announcement}
      </strong>
      {movedTo !== null && !onMoved && (
        <RouterLink to={`/table/${movedTo}`} style={{ color: '#ffd54f' }} data-testid="hud-moved">
          {t('tournament.moved', { id: movedTo })}
        </RouterLink>
      )}
    </div>
  );
}
