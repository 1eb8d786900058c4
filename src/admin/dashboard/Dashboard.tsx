// /admin/dashboard: the room at a glance from GET /admin/stats, with charts over time.
// Loaded lazily (see index.ts) so @mui/x-charts is fetched only when the page is opened.
import { Alert, Box, Card, CardContent, FormControl, Grid, InputLabel, MenuItem, Select, Skeleton, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect, useState } from 'react';
import { Link, Title, useDataProvider, useTranslate } from 'react-admin';
import { formatCompact, formatMoney, formatNumber } from '../../shared/format';
import { useLang } from '../common/fields';
import type { AdminDataProvider, Stats } from '../dataProvider';

function Tile({ label, value, sub, to, testId }: { label: string; value: string; sub?: string; to?: string; testId?: string }) {
  const body = (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" sx={{ fontWeight: 700 }}>
          {value}
        </Typography>
        {sub && (
          <Typography variant="body2" color="text.secondary">
            {sub}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      {to ? (
        <Link to={to} underline="none">
          {body}
        </Link>
      ) : (
        body
      )}
    </Grid>
  );
}

export function Tiles({ stats }: { stats: Stats }) {
  const translate = useTranslate();
  const lang = useLang();
  const m = (n: number) => formatMoney(n, lang);
  return (
    <Grid container spacing={2}>
      <Tile
        testId="tile-online"
        label={translate('admin.dashboard.players_online')}
        value={formatNumber(stats.playersOnline, lang)}
        sub={translate('admin.dashboard.users_total', { count: stats.users, n: formatNumber(stats.users, lang) })}
      />
      <Tile
        testId="tile-tables"
        to="/admin/table"
        label={translate('admin.dashboard.tables_running')}
        value={`${stats.openTables} / ${stats.tables}`}
        sub={translate('admin.dashboard.seated', { n: formatNumber(stats.seatedPlayers, lang) })}
      />
      <Tile
        testId="tile-pending"
        to="/admin/withdraw"
        label={translate('admin.dashboard.pending_withdrawals')}
        value={formatNumber(stats.pendingWithdrawals.count, lang)}
        sub={m(stats.pendingWithdrawals.sum)}
      />
      <Tile
        testId="tile-deposits"
        to="/admin/deposit"
        label={translate('admin.dashboard.deposits')}
        value={m(stats.depositsSum)}
        sub={translate('admin.dashboard.paid_out', { amount: m(stats.withdrawalsPaidSum) })}
      />
      <Tile testId="tile-rake" label={translate('admin.dashboard.rake')} value={m(stats.rakeBalance)} />
      <Tile testId="tile-jackpot" label={translate('admin.dashboard.jackpot')} value={m(stats.jackpotBalance)} />
      <Tile
        label={translate('admin.dashboard.player_balances')}
        value={m(stats.playerBalances)}
        sub={translate('admin.dashboard.locked', { amount: m(stats.playerLocked) })}
      />
      <Tile label={translate('admin.dashboard.bots')} value={m(stats.botsBalance)} />
    </Grid>
  );
}

function Charts({ stats }: { stats: Stats }) {
  const translate = useTranslate();
  const lang = useLang();
  const dates = stats.daily.map((d) => d.date.slice(5));
  if (stats.daily.length === 0) return <Alert severity="info">{translate('admin.dashboard.no_history')}</Alert>;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1">{translate('admin.dashboard.money_chart')}</Typography>
            <LineChart
              height={300}
              xAxis={[{ scaleType: 'point', data: dates }]}
              yAxis={[{ valueFormatter: (v: number | null) => formatCompact(v ?? 0, lang), width: 60 }]}
              series={[
                {
                  data: stats.daily.map((d) => d.deposits),
                  label: translate('admin.dashboard.series.deposits'),
                  valueFormatter: (v) => formatMoney(v ?? 0, lang),
                },
                {
                  data: stats.daily.map((d) => d.withdrawals),
                  label: translate('admin.dashboard.series.withdrawals'),
                  valueFormatter: (v) => formatMoney(v ?? 0, lang),
                },
                { data: stats.daily.map((d) => d.rake), label: translate('admin.dashboard.series.rake'), valueFormatter: (v) => formatMoney(v ?? 0, lang) },
              ]}
            />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1">{translate('admin.dashboard.registrations_chart')}</Typography>
            <BarChart
              height={300}
              xAxis={[{ scaleType: 'band', data: dates }]}
              series={[{ data: stats.daily.map((d) => d.registrations), label: translate('admin.dashboard.series.registrations') }]}
            />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

/** Loads the stats and refreshes them every 30 s while the page is open. */
function useStats(dataProvider: AdminDataProvider, days: number) {
  const [state, setState] = useState<{ data?: Stats; error?: unknown; isPending: boolean }>({ isPending: true });
  useEffect(() => {
    let alive = true;
    const load = () =>
      dataProvider.stats(days).then(
        (r) => alive && setState({ data: r.data, isPending: false }),
        (e: unknown) => alive && setState((s) => ({ ...s, error: e, isPending: false })),
      );
    void load();
    const timer = setInterval(load, 30_000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [dataProvider, days]);
  return state;
}

export default function Dashboard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const [days, setDays] = useState(30);
  const { data, error, isPending } = useStats(dataProvider, days);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('admin.menu.dashboard')} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="dashboard-period-label">{translate('admin.dashboard.period')}</InputLabel>
          <Select labelId="dashboard-period-label" label={translate('admin.dashboard.period')} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {[7, 30, 90, 365].map((d) => (
              <MenuItem key={d} value={d}>
                {translate('admin.dashboard.days', { n: d })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      {error ? (
        <Alert severity="error">{translate((error as Error).message || 'ra.notification.http_error', { _: (error as Error).message })}</Alert>
      ) : isPending || !data ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Tiles stats={data} />
          <Charts stats={data} />
        </Box>
      )}
    </Box>
  );
}
