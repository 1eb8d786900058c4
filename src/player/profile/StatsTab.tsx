// The player's own statistics (docs/integrity.md): the figures the integrity job keeps, by game
// and stake, play time, and the cash results over time as a graph. Only ever their own.
import { Alert, Box, CircularProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import useSWR from 'swr';
import { useStatsTranslation } from './statsStrings';
import type { MyStats, PlayFigures } from '../../shared/api/integrity';
import { keys } from '../api';
import { useFormat } from '../hooks/useLang';

const ROWS = ['hands', 'vpip', 'pfr', 'threeBet', 'aggression', 'wtsd', 'wsd', 'bbPer100', 'net', 'allin', 'decision'] as const;

function cell(f: PlayFigures, row: (typeof ROWS)[number], money: (n: number) => string): string {
  const pct = (v: number | null) => (v === null ? '–' : `${v}%`);
  switch (row) {
    case 'hands':
      return String(f.hands);
    case 'aggression':
    case 'bbPer100':
      return f[row] === null ? '–' : String(f[row]);
    case 'net':
      return money(f.net);
    case 'allin':
      return f.allinHands ? `${money(f.allinActual)} / ${money(f.allinEv)}` : '–';
    case 'decision':
      return f.decisionMeanMs === null ? '–' : `${(f.decisionMeanMs / 1000).toFixed(1)} ± ${((f.decisionSdMs ?? 0) / 1000).toFixed(1)} s`;
    default:
      return pct(f[row]);
  }
}

function Results({ days }: { days: MyStats['days'] }) {
  const { t } = useStatsTranslation();
  const theme = useTheme();
  const { money, compact, date } = useFormat();
  if (days.length < 2) return <Alert severity="info">{t('stats.noGraph')}</Alert>;
  return (
    <Box data-testid="stats-chart" sx={{ width: '100%', minWidth: 0 }}>
      <LineChart
        height={260}
        xAxis={[{ data: days.map((d) => new Date(`${d.day}T00:00:00Z`)), scaleType: 'time', valueFormatter: (d: Date) => date(d) }]}
        yAxis={[{ valueFormatter: (v: number) => compact(v), width: 56 }]}
        series={[
          {
            data: days.map((d) => d.cumulative),
            label: t('stats.results'),
            color: theme.palette.primary.main,
            valueFormatter: (v: number | null) => (v === null ? '' : money(v)),
          },
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        hideLegend
      />
    </Box>
  );
}

/** Figures per game and stake, then the graph. */
export default function StatsTab() {
  const { t } = useStatsTranslation();
  const { money } = useFormat();
  const { data, error, isLoading } = useSWR<MyStats>(keys.myStats);
  if (isLoading) return <CircularProgress size={24} />;
  if (error || !data) return <Alert severity="error">{t('errors.loadFailed')}</Alert>;
  if (!data.figures.length) return <Alert severity="info">{t('stats.empty')}</Alert>;
  const stake = (f: PlayFigures) =>
    f.bigBlind
      ? `${t(`variant.${f.game}`, { defaultValue: t(`stats.game.${f.game}`, { defaultValue: f.game }) })} ${money(f.bigBlind)}`
      : t('stats.tournaments');
  return (
    <Paper data-testid="stats" sx={{ p: { xs: 1, sm: 2 }, border: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('stats.time', { hours: data.hoursPlayed, longest: data.longestSessionHours, tables: data.maxTables })}
      </Typography>
      <TableContainer sx={{ mb: 2 }}>
        <Table size="small" aria-label={t('stats.title')}>
          <TableHead>
            <TableRow>
              <TableCell />
              {data.figures.map((f) => (
                <TableCell key={`${f.game}-${f.bigBlind}`} align="right">
                  {stake(f)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {ROWS.map((row) => (
              <TableRow key={row}>
                <TableCell component="th" scope="row">
                  {t(`stats.rows.${row}`)}
                </TableCell>
                {data.figures.map((f) => (
                  <TableCell key={`${f.game}-${f.bigBlind}`} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cell(f, row, money)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Results days={data.days} />
    </Paper>
  );
}
