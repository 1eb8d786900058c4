import { Alert, Box, CircularProgress, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type List, type Outcome } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useFormat } from '../hooks/useLang';
import { balanceSeries } from './balanceSeries';

/** Balance over time from the latest 100 movements. Its own chunk: x-charts is heavy. */
export default function BalanceChart() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { userBalance } = useAuth();
  const { money, compact, date } = useFormat();
  const { data, error, isLoading } = useSWR<List<Outcome>>(keys.outcome(1, 100));
  if (isLoading) return <CircularProgress size={24} />;
  if (error) return <Alert severity="error">{t('errors.loadFailed')}</Alert>;
  const points = balanceSeries(data?.items ?? [], userBalance);
  if (points.length < 2) return <Alert severity="info">{t('chart.empty')}</Alert>;
  return (
    <Box data-testid="balance-chart" sx={{ width: '100%', minWidth: 0 }}>
      <LineChart
        height={300}
        xAxis={[{ data: points.map((p) => p.date), scaleType: 'time', valueFormatter: (d: Date) => date(d) }]}
        yAxis={[{ valueFormatter: (v: number) => compact(v), width: 56 }]}
        series={[
          {
            data: points.map((p) => p.balance),
            label: t('wallet.balance'),
            area: true,
            showMark: points.length < 30,
            color: theme.palette.primary.main,
            valueFormatter: (v: number | null) => (v === null ? '' : money(v)),
            curve: 'stepAfter',
          },
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        hideLegend
      />
    </Box>
  );
}
