// QPay invoices (docs/payments.md): every invoice a player made, its state and what QPay paid;
// the row opens QPay's side (its id, page, checks, last error); "Ask QPay" checks one at once
// (records and credits anything paid that a lost callback never reported).
import SyncIcon from '@mui/icons-material/Sync';
import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Datagrid, List, NumberInput, SelectInput, TextField, TextInput, useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { QPAY_INVOICE_STATUSES } from '../../shared/api/payments';
import { can } from '../auth/permissions';
import { ActionDialogButton } from '../common/ActionDialogButton';
import { DateTimeField, MoneyField, UserLinkField } from '../common/fields';
import { ListActions } from '../common/ListActions';
import { PayStatusField, payChoices } from '../common/PayStatusField';
import type { AdminDataProvider, QPayInvoiceRecord } from '../dataProvider';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput key="status" source="status" alwaysOn emptyText="payments.all" choices={payChoices(translate, QPAY_INVOICE_STATUSES)} />,
    <TextInput key="ref" source="ref" alwaysOn />,
    <NumberInput key="userId" source="userId" min={1} step={1} />,
  ];
}

export function CheckButton() {
  const record = useRecordContext<QPayInvoiceRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  if (!record || !record.qpayInvoiceId || !can(permissions, 'qpayInvoice', 'approve')) return null;
  return (
    <ActionDialogButton
      label="resources.qpayInvoice.action.check"
      title="resources.qpayInvoice.confirm.check_title"
      text="resources.qpayInvoice.confirm.check_content"
      done="resources.qpayInvoice.notify.checked"
      args={{ ref: record.ref }}
      icon={<SyncIcon />}
      testId={`check-invoice-${record.id}`}
      onConfirm={() => dataProvider.checkQPayInvoice(record.id)}
    />
  );
}

/** QPay's side of an invoice, opened under its row. */
function InvoicePanel() {
  const record = useRecordContext<QPayInvoiceRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const row = (key: string, value: ReactNode) => (
    <Typography variant="body2">
      <strong>{translate(`resources.qpayInvoice.fields.${key}`)}:</strong> {value ?? '—'}
    </Typography>
  );
  return (
    <Stack spacing={0.5} sx={{ p: 1 }}>
      {row('qpayInvoiceId', record.qpayInvoiceId && <code>{record.qpayInvoiceId}</code>)}
      {row('shortUrl', record.shortUrl)}
      {row('checks', record.checks)}
      {row('lastCheckedAt', <DateTimeField source="lastCheckedAt" />)}
      {row('expiresAt', <DateTimeField source="expiresAt" />)}
      {row('paidAt', <DateTimeField source="paidAt" />)}
      {row('error', record.error)}
    </Stack>
  );
}

export function QPayInvoiceList() {
  return (
    <List empty={false} filters={useFilters()} sort={{ field: 'id', order: 'DESC' }} perPage={25} actions={<ListActions />}>
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<InvoicePanel />}>
        <TextField source="ref" sortable={false} />
        <UserLinkField source="username" label="resources.qpayInvoice.fields.username" />
        <MoneyField source="amount" textAlign="right" />
        <MoneyField source="paidAmount" sortable={false} textAlign="right" />
        <MoneyField source="creditedAmount" sortable={false} textAlign="right" />
        <PayStatusField source="status" />
        <DateTimeField source="createdAt" />
        <CheckButton />
      </Datagrid>
    </List>
  );
}
