// Reports (administrators): deposits, withdrawals paid, rake, jackpot fed and paid, active players
// and registrations per UTC day or month, a chart of the page shown, CSV export of the range.
import { Suspense, lazy } from 'react';
import { Datagrid, DateInput, ExportButton, List, Loading, NumberField, SelectInput, TextField, TopToolbar } from 'react-admin';
import { MoneyField } from '../common/fields';

const ReportChart = lazy(() => import('./ReportChart'));

const filters = [
  <SelectInput
    key="period"
    source="period"
    alwaysOn
    choices={[
      { id: 'day', name: 'resources.report.period.day' },
      { id: 'month', name: 'resources.report.period.month' },
    ]}
  />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];

export function ReportList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ period: 'day' }}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={50}
      actions={
        <TopToolbar>
          <ExportButton maxResults={3700} />
        </TopToolbar>
      }
    >
      <Suspense fallback={<Loading />}>
        <ReportChart />
      </Suspense>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" label="resources.report.fields.period" />
        <MoneyField source="deposits" textAlign="right" />
        <MoneyField source="withdrawals" textAlign="right" />
        <MoneyField source="rake" textAlign="right" />
        <MoneyField source="jackpot" textAlign="right" />
        <MoneyField source="jackpotPaid" textAlign="right" />
        <NumberField source="activePlayers" sortable={false} />
        <NumberField source="registrations" sortable={false} />
      </Datagrid>
    </List>
  );
}
