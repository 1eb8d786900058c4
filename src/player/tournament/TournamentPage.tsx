// /tournament/:id — one tournament (GET /user/tournament/:id): the header with its status and
// start, register / unregister, the clock while running, the player's own position, the tables
// (links to /table/:id as the director reports them), the structure, the payouts for the current
// field and the entrants. Refreshed every few seconds while registering or running.
import { useParams, Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type TournamentDetail } from '../api';
import { useFormat } from '../hooks/useLang';
import { formatTime } from '../../shared/format';
import { isApiError } from '../../shared/http';
import { RegisterButton } from './RegisterButton';
import { EntrantsSection, MyPosition, PayoutsSection, StructureSection, TablesSection, LevelClock } from './Sections';
import { STATUS_COLOR, startText } from './text';

/** The page's polling while something can change (registrations, the clock, busts). */
export const TOURNAMENT_REFRESH_MS = 4000;

export const tournamentRefresh = (d: TournamentDetail | undefined) => (d && (d.status === 'registering' || d.status === 'running') ? TOURNAMENT_REFRESH_MS : 0);

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function Header({ d }: { d: TournamentDetail }) {
  const { t } = useTranslation();
  const { money, number, dateTime } = useFormat();
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2.5 }, border: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
            {d.name}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            <Chip size="small" color={STATUS_COLOR[d.status]} label={t(`tournament.status.${d.status}`)} data-testid="tournament-status" />
            <Chip size="small" variant="outlined" label={t(`tournament.kind.${d.kind}`)} />
            {d.registered && <Chip size="small" color="secondary" label={t('tournament.registered')} />}
            {d.lateRegOpen && <Chip size="small" color="success" variant="outlined" label={t('tournament.lateRegOpen')} data-testid="tournament-late-open" />}
          </Stack>
          <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="tournament-start">
            {startText(t, d, dateTime)}
          </Typography>
        </Box>
        <RegisterButton tournament={d} size="medium" />
      </Box>
      {d.status === 'cancelled' && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('tournament.page.cancelled', { reason: d.cancelReason ?? '' })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1.5 }}>
        <Fact label={t('tournament.buyIn')} value={`${money(d.buyIn)} + ${money(d.fee)}`} testId="tournament-buyin" />
        <Fact label={t('tournament.prizePool')} value={money(d.prizePool)} testId="tournament-pool" />
        {d.guarantee > 0 && <Fact label={t('tournament.page.guaranteed')} value={money(d.guarantee)} />}
        <Fact label={t('tournament.col.entrants')} value={`${d.entrants}/${d.maxEntrants}`} testId="tournament-entrant-count" />
        {d.status === 'running' && <Fact label={t('tournament.page.playersLeft')} value={number(d.playersLeft)} />}
        <Fact label={t('tournament.page.startingStack')} value={number(d.startingStack)} />
        <Fact label={t('tournament.page.tableSize')} value={number(d.tableSize)} />
        {d.lateRegOpen && d.lateRegEndsAt && (
          <Fact
            label={t('tournament.lateReg')}
            value={t('tournament.page.lateRegUntil', { time: formatTime(d.lateRegEndsAt) })}
            testId="tournament-late-until"
          />
        )}
        {d.reentryMax > 0 && <Fact label={t('tournament.page.reentries')} value={t('tournament.page.reentriesValue', { n: d.reentryMax })} />}
      </Box>
    </Paper>
  );
}

export default function TournamentPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, error } = useSWR<TournamentDetail>(keys.tournament(id), { refreshInterval: tournamentRefresh });
  const back = (
    <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      {t('tournament.page.back')}
    </Button>
  );
  if (!data) {
    return (
      <Box data-testid="tournament-page">
        {back}
        {error ? (
          <Alert severity={isApiError(error) && error.status === 404 ? 'info' : 'error'}>
            {isApiError(error) && error.status === 404 ? t('tournament.page.notFound') : t('tournament.error')}
          </Alert>
        ) : (
          <Skeleton variant="rounded" height={160} />
        )}
      </Box>
    );
  }
  return (
    <Box data-testid="tournament-page">
      {back}
      <Stack spacing={2}>
        <Header d={data} />
        {data.status === 'running' && <LevelClock d={data} />}
        <MyPosition d={data} />
        {data.status === 'running' && <TablesSection d={data} />}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <EntrantsSection d={data} />
          <PayoutsSection d={data} />
        </Box>
        <StructureSection d={data} />
      </Stack>
    </Box>
  );
}
