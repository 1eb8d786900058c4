// The parts of the tournament page: the level clock, the player's own position, the tables, the
// entrants, the payouts for the current field and the structure (levels and breaks).
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Chip, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TournamentDetail } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useFormat } from '../hooks/useLang';
import { formatTime } from '../../shared/format';
import { PurchaseButtons } from './PurchaseButton';
import { RegisterButton } from './RegisterButton';
import { registrationAction } from './text';

type Entrant = TournamentDetail['entries'][number];
type Entry = TournamentDetail['structure']['levels'][number];
type Blinds = Exclude<Entry, { breakSec: number }>;

const isBreakEntry = (e: Entry): e is { breakSec: number } => 'breakSec' in e;
const minutes = (sec: number) => Math.round((sec / 60) * 10) / 10;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The rank of each player still in by chips (1 = chip leader), by entry id. */
export function chipRanks(entries: Entrant[]): Map<number, number> {
  const alive = entries.filter((e) => e.status === 'playing' || e.status === 'registered').sort((a, b) => b.chips - a.chips);
  return new Map(alive.map((e, i) => [e.entryId, i + 1]));
}

function blindsText(l: Blinds, number: (n: number) => string) {
  return `${number(l.smallBlind)} / ${number(l.bigBlind)}`;
}

export function LevelClock({ d }: { d: TournamentDetail }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const entry = d.level === null ? undefined : d.structure.levels[d.level];
  if (!entry) return null;
  const ends = d.levelEndsAt ? formatTime(d.levelEndsAt) : null;
  const text = isBreakEntry(entry)
    ? t('tournament.page.onBreak', { time: ends ?? '—' })
    : t('tournament.page.levelNow', { level: entry.level, blinds: blindsText(entry, number), ante: number(entry.ante) });
  return (
    <Alert severity="info" icon={false} data-testid="tournament-clock">
      <b>{text}</b>
      {!isBreakEntry(entry) && ends && <> · {t('tournament.page.levelEnds', { time: ends })}</>}
    </Alert>
  );
}

export function MyPosition({ d }: { d: TournamentDetail }) {
  const { t } = useTranslation();
  const { money, number } = useFormat();
  const { userInfo } = useAuth();
  // A player may hold several entries (re-entries): the one in play, else the latest.
  const mine = userInfo ? d.entries.filter((e) => e.userId === Number(userInfo.userId)) : [];
  const me = mine.find((e) => e.status === 'playing' || e.status === 'registered') ?? mine.sort((a, b) => b.entryNo - a.entryNo)[0];
  if (!me || d.status === 'registering' || d.status === 'cancelled') return null;
  if (me.status === 'registered') return null;
  if (me.status === 'playing') {
    const rank = chipRanks(d.entries).get(me.entryId) ?? 0;
    return (
      <Alert
        severity="success"
        data-testid="tournament-me"
        action={
          <>
            <PurchaseButtons d={d} />
            {me.tableId !== null && (
              <Button component={RouterLink} to={`/table/${me.tableId}`} color="inherit" size="small" data-testid="tournament-my-table">
                {t('tournament.page.goToTable')}
              </Button>
            )}
          </>
        }
      >
        {t('tournament.page.myPosition', { rank, left: d.playersLeft, chips: number(me.chips) })}
      </Alert>
    );
  }
  if (me.place === null) {
    // Out while late registration is open: no place until it closes, and maybe a re-entry.
    if (me.status !== 'busted') return null;
    return (
      <Alert severity="info" data-testid="tournament-me" action={<RegisterButton tournament={d} />}>
        {t(registrationAction(d) === 'reenter' ? 'tournament.page.outReenter' : 'tournament.page.outWaiting')}
      </Alert>
    );
  }
  return (
    <Alert severity={me.prize > 0 ? 'success' : 'info'} data-testid="tournament-me">
      {me.prize > 0 ? t('tournament.page.myPrize', { place: me.place, prize: money(me.prize) }) : t('tournament.page.myPlace', { place: me.place })}
    </Alert>
  );
}

export function TablesSection({ d }: { d: TournamentDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('tournament.page.tables')} testId="tournament-tables">
      {d.tables.length === 0 ? (
        <Typography color="text.secondary">{t('tournament.page.noTables')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {d.tables.map((tb) => (
            <Chip
              key={tb.tableId}
              component={RouterLink}
              to={`/table/${tb.tableId}`}
              clickable
              variant="outlined"
              label={t('tournament.page.tableLink', { id: tb.tableId, n: tb.players })}
              data-testid={`tournament-table-${tb.tableId}`}
            />
          ))}
        </Box>
      )}
    </Section>
  );
}

export function EntrantsSection({ d }: { d: TournamentDetail }) {
  const { t } = useTranslation();
  const { money, number } = useFormat();
  const { userInfo } = useAuth();
  const ranks = chipRanks(d.entries);
  const running = d.status === 'running';
  return (
    <Section title={t('tournament.page.entrants', { n: d.entrants })} testId="tournament-entrants">
      {d.entries.length === 0 ? (
        <Typography color="text.secondary">{t('tournament.page.noEntrants')}</Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{t('tournament.entrant.place')}</TableCell>
                <TableCell>{t('tournament.entrant.player')}</TableCell>
                <TableCell align="right">{t('tournament.entrant.chips')}</TableCell>
                <TableCell align="right">{t('tournament.entrant.prize')}</TableCell>
                {running && <TableCell>{t('tournament.entrant.table')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {d.entries.map((e) => (
                <TableRow key={e.entryId} data-testid={`entrant-${e.userId}`} selected={!!userInfo && Number(userInfo.userId) === e.userId}>
                  <TableCell>{e.place ?? (running ? (ranks.get(e.entryId) ?? '—') : '—')}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {e.username}
                    {e.entryNo > 1 && (
                      <Typography component="span" color="text.secondary" sx={{ ml: 0.5 }}>
                        {t('tournament.entrant.entryNo', { n: e.entryNo })}
                      </Typography>
                    )}
                    {e.isBot && <Chip size="small" label={t('tournament.entrant.bot')} sx={{ ml: 0.5, height: 18 }} />}
                    {e.status === 'busted' && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {t('tournament.entrant.out')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{e.status === 'busted' ? '—' : number(e.chips)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {e.prize > 0 ? money(e.prize) : '—'}
                  </TableCell>
                  {running && (
                    <TableCell>
                      {e.tableId !== null && e.status === 'playing' ? (
                        <Link component={RouterLink} to={`/table/${e.tableId}`}>
                          #{e.tableId}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

export function PayoutsSection({ d }: { d: TournamentDetail }) {
  const { t } = useTranslation();
  const { money } = useFormat();
  return (
    <Section title={t('tournament.page.payouts')} testId="tournament-payouts">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('tournament.page.paidPlaces', { places: d.places.length, entrants: d.entrants })}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('tournament.entrant.place')}</TableCell>
            <TableCell align="right">{t('tournament.entrant.prize')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {d.places.map((p) => (
            <TableRow key={p.place} data-testid={`payout-${p.place}`}>
              <TableCell>{p.place}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {money(p.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

export function StructureSection({ d }: { d: TournamentDetail }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  return (
    <Section title={t('tournament.page.structure')} testId="tournament-structure">
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('tournament.level.level')}</TableCell>
              <TableCell>{t('tournament.level.blinds')}</TableCell>
              <TableCell>{t('tournament.level.ante')}</TableCell>
              <TableCell align="right">{t('tournament.level.duration')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {d.structure.levels.map((l, i) => (
              <TableRow key={i} selected={d.status === 'running' && d.level === i} data-testid={`level-${i}`}>
                {isBreakEntry(l) ? (
                  <TableCell colSpan={3} sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
                    {t('tournament.level.break')}
                  </TableCell>
                ) : (
                  <>
                    <TableCell>{l.level}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{blindsText(l, number)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {l.ante > 0 ? number(l.ante) : '—'}
                      {l.ante > 0 && l.bigBlindAnte && ` (${t('tournament.level.bbAnte')})`}
                    </TableCell>
                  </>
                )}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('tournament.level.minutes', { n: minutes(isBreakEntry(l) ? l.breakSec : l.durationSec) })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Section>
  );
}
