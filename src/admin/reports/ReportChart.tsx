// The chart of the report page (its own chunk with @mui/x-charts): money per period as bars,
// active players as a line on its own axis, oldest period on the left.
import { Card, CardContent } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useListContext, useTranslate } from 'react-admin';
import { formatMoney } from '../../shared/format';
import { useLang } from '../common/fields';
import type { ReportRecord } from '../dataProvider';

export default function ReportChart() {
  const { data } = useListContext<ReportRecord>();
  const translate = useTranslate();
  const lang = useLang();
  if (!data?.length) return null;
  const rows = [...data].sort((a, b) => a.id.localeCompare(b.id));
  const money = (key: 'deposits' | 'withdrawals' | 'rake' | 'jackpot') => ({
    data: rows.map((r) => r[key]),
    label: translate(`resources.report.fields.${key}`),
    valueFormatter: (v: number | null) => formatMoney(v ?? 0, lang),
  });
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="report-chart">
      <CardContent>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: rows.map((r) => r.id) }]}
          yAxis={[
            { id: 'money', width: 70 },
            { id: 'players', position: 'right', width: 40 },
          ]}
          series={[
            { ...money('deposits'), yAxisId: 'money' },
            { ...money('withdrawals'), yAxisId: 'money' },
            { ...money('rake'), yAxisId: 'money' },
            { ...money('jackpot'), yAxisId: 'money' },
            { data: rows.map((r) => r.activePlayers), label: translate('resources.report.fields.activePlayers'), yAxisId: 'players' },
          ]}
        />
      </CardContent>
    </Card>
  );
}
