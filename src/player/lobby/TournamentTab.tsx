// The lobby's Tournament tab: tournaments registering or running (GET /user/tournament), polled
// like the cash table list; cards on a phone, a table from md up. Each row links to its page
// (/tournament/:id) and carries the register / unregister button with its confirmation.
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Chip, Link, Stack, TableCell, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type List, type TournamentSummary } from '../api';
import { useFormat } from '../hooks/useLang';
import { RegisterButton } from '../tournament/RegisterButton';
import { CardFooter, LoadingRows, LobbyCard, LobbyTable } from './LobbyList';
import { STATUS_COLOR, startText } from '../tournament/text';

/** The list's polling: entrants and prize pools change as players register. */
export const TOURNAMENTS_REFRESH_MS = 10_000;

/** Running first, then registering; the server's order (soonest start first) within each. */
export function lobbyOrder(items: TournamentSummary[]): TournamentSummary[] {
  const rank = (s: TournamentSummary) => (s.status === 'running' ? 0 : s.status === 'registering' ? 1 : 2);
  return items
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
    .map((x) => x.s);
}

function Badges({ s }: { s: TournamentSummary }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" color={STATUS_COLOR[s.status]} label={t(`tournament.status.${s.status}`)} data-testid={`tournament-status-${s.id}`} />
      <Chip size="small" variant="outlined" label={t(`tournament.kind.${s.kind}`)} />
      {s.registered && <Chip size="small" color="secondary" label={t('tournament.registered')} data-testid={`tournament-registered-${s.id}`} />}
      {s.lateRegOpen && <Chip size="small" color="success" variant="outlined" label={t('tournament.lateRegOpen')} />}
    </Stack>
  );
}

function NameLink({ s }: { s: TournamentSummary }) {
  return (
    <Link component={RouterLink} to={`/tournament/${s.id}`} underline="hover" sx={{ fontWeight: 700 }} data-testid={`tournament-link-${s.id}`}>
      {s.name}
    </Link>
  );
}

function useTexts() {
  const { t } = useTranslation();
  const { money, dateTime } = useFormat();
  return {
    start: (s: TournamentSummary) => startText(t, s, dateTime),
    buyIn: (s: TournamentSummary) => `${money(s.buyIn)} + ${money(s.fee)}`,
    pool: (s: TournamentSummary) => money(s.prizePool),
    guarantee: (s: TournamentSummary) => (s.guarantee > 0 ? t('tournament.guarantee', { amount: money(s.guarantee) }) : null),
  };
}

function TournamentCards({ items }: { items: TournamentSummary[] }) {
  const { t } = useTranslation();
  const txt = useTexts();
  return (
    <Stack spacing={1.25} data-testid="tournament-cards">
      {items.map((s) => (
        <LobbyCard key={s.id} testId={`tournament-row-${s.id}`}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <NameLink s={s} />
              <Typography variant="body2" color="text.secondary">
                {txt.start(s)}
              </Typography>
            </Box>
            <RegisterButton tournament={s} />
          </Box>
          <Box sx={{ mt: 1 }}>
            <Badges s={s} />
          </Box>
          <CardFooter price={`${t('tournament.buyIn')}: ${txt.buyIn(s)}`} taken={s.entrants} most={s.maxEntrants} testId={`tournament-entrants-${s.id}`} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('tournament.prizePool')}: <b>{txt.pool(s)}</b>
            {txt.guarantee(s) && <> · {txt.guarantee(s)}</>}
          </Typography>
        </LobbyCard>
      ))}
    </Stack>
  );
}

function TournamentTable({ items }: { items: TournamentSummary[] }) {
  const { t } = useTranslation();
  const txt = useTexts();
  return (
    <LobbyTable
      testId="tournament-table"
      columns={[
        { label: t('tournament.col.name') },
        { label: t('tournament.col.start') },
        { label: t('tournament.col.buyIn') },
        { label: t('tournament.col.entrants') },
        { label: t('tournament.col.prizePool') },
        { label: t('tournament.col.action'), align: 'right' },
      ]}
    >
      {items.map((s) => (
        <TableRow key={s.id} hover data-testid={`tournament-row-${s.id}`}>
          <TableCell>
            <NameLink s={s} />
            <Box sx={{ mt: 0.5 }}>
              <Badges s={s} />
            </Box>
          </TableCell>
          <TableCell>{txt.start(s)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{txt.buyIn(s)}</TableCell>
          <TableCell data-testid={`tournament-entrants-${s.id}`}>
            {s.entrants}/{s.maxEntrants}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <b>{txt.pool(s)}</b>
            {txt.guarantee(s) && (
              <Typography variant="caption" color="text.secondary" component="div">
                {txt.guarantee(s)}
              </Typography>
            )}
          </TableCell>
          <TableCell align="right">
            <RegisterButton tournament={s} />
          </TableCell>
        </TableRow>
      ))}
    </LobbyTable>
  );
}

export function TournamentTab() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { data, error, isLoading } = useSWR<List<TournamentSummary>>(keys.tournaments, { refreshInterval: TOURNAMENTS_REFRESH_MS });
  const items = data ? lobbyOrder(data.items) : [];
  return (
    <Box data-testid="tournament">
      {error && !data && <Alert severity="error">{t('tournament.error')}</Alert>}
      {isLoading && <LoadingRows />}
      {data && items.length === 0 && (
        <Alert severity="info" data-testid="tournament-empty">
          {t('tournament.empty')}
        </Alert>
      )}
      {items.length > 0 && (phone ? <TournamentCards items={items} /> : <TournamentTable items={items} />)}
    </Box>
  );
}
