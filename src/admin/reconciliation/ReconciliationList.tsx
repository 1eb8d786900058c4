// Reconciliation (docs/payments.md; administrators): per UTC day and channel what QPay or the
// bank statements say against what the ledger moved, with the number of differences (a link to
// them); NO_DATA while nothing outside covers the day. "Ask QPay now" fetches QPay's own list of
// yesterday and today; the warning above says how many differences are unexplained.
import SyncIcon from '@mui/icons-material/Sync';
import { Alert } from '@mui/material';
import { Datagrid, DateInput, FunctionField, Link, List, SelectInput, TopToolbar, useCreatePath, useDataProvider, useTranslate } from 'react-admin';
import { RECONCILIATION_CHANNELS, RECONCILIATION_STATUSES } from '../../shared/api/reconciliation';
import { ActionDialogButton } from '../common/ActionDialogButton';
import { NamedExportButton } from '../common/ListActions';
import { MoneyField } from '../common/fields';
import { PayStatusField, payChoices } from '../common/PayStatusField';
import type { AdminDataProvider, ReconciliationRecord } from '../dataProvider';
import { useReconciliationAlerts } from './alerts';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput
      key="channel"
      source="channel"
      alwaysOn
      emptyText="payments.all"
      choices={payChoices(translate, RECONCILIATION_CHANNELS, 'payments.channel')}
    />,
    <SelectInput key="status" source="status" alwaysOn emptyText="payments.all" choices={payChoices(translate, RECONCILIATION_STATUSES)} />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
  ];
}

function RefreshButton() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return (
    <ActionDialogButton
      label="resources.reconciliation.action.refresh"
      title="resources.reconciliation.confirm.refresh_title"
      text="resources.reconciliation.confirm.refresh_content"
      done="resources.reconciliation.notify.refreshed"
      icon={<SyncIcon />}
      testId="refresh-reconciliation"
      onConfirm={() => dataProvider.refreshReconciliation()}
    />
  );
}

export function AlertBanner() {
  const alerts = useReconciliationAlerts();
  const translate = useTranslate();
  if (!alerts) return null;
  return alerts.differences > 0 ? (
    <Alert severity="error" sx={{ mb: 1 }} data-testid="reconciliation-alert">
      {translate('resources.reconciliation.alert', { count: alerts.differences, days: alerts.days })}
    </Alert>
  ) : (
    <Alert severity="success" sx={{ mb: 1 }} data-testid="reconciliation-alert">
      {translate('resources.reconciliation.no_alert', { days: alerts.days })}
    </Alert>
  );
}

function DifferencesLink() {
  const createPath = useCreatePath();
  const translate = useTranslate();
  return (
    <FunctionField<ReconciliationRecord>
      source="differences"
      sortable={false}
      textAlign="right"
      render={(r) =>
        r.differences === 0 ? (
          '0'
        ) : (
          <Link
            to={`${createPath({ resource: 'difference', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ day: r.day, channel: r.channel }))}`}
            title={translate('resources.reconciliation.show_differences')}
          >
            {r.differences}
          </Link>
        )
      }
    />
  );
}

export function ReconciliationList() {
  const translate = useTranslate();
  return (
    <>
      <AlertBanner />
      <List
        empty={false}
        filters={useFilters()}
        sort={{ field: 'day', order: 'DESC' }}
        perPage={25}
        actions={
          <TopToolbar>
            <RefreshButton />
            <NamedExportButton />
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField<ReconciliationRecord> source="day" render={(r) => r.day} />
          <FunctionField<ReconciliationRecord> source="channel" sortable={false} render={(r) => translate(`payments.channel.${r.channel}`)} />
          <MoneyField source="external" sortable={false} textAlign="right" />
          <MoneyField source="ledger" sortable={false} textAlign="right" />
          <MoneyField source="difference" sortable={false} textAlign="right" signed />
          <DifferencesLink />
          <PayStatusField source="status" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
