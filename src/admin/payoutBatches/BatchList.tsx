// Payout batches: what waits per bank (PayoutsDue) above the batches made, each with its status;
// a batch's page lists its withdrawals and offers its file, paid and cancel. The payment lists keep
// their filters when empty (empty={false}): react-admin's empty page hides them (and its grey
// title fails the contrast check).
import { Datagrid, FunctionField, List, NumberField, SelectInput, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { PAYOUT_BATCH_STATUSES } from '../../shared/api/bank';
import { BANKS } from '../../shared/api/enums';
import { formatMoney } from '../../shared/format';
import { DateTimeField, MoneyField, bankName, useLang } from '../common/fields';
import { ListActions } from '../common/ListActions';
import { PayStatusField, payChoices } from '../common/PayStatusField';
import type { PayoutBatchRecord } from '../dataProvider';
import { BatchActions } from './BatchActions';
import { PayoutsDue } from './PayoutsDue';

function useFilters() {
  const translate = useTranslate();
  const lang = useLang();
  return [
    <SelectInput key="status" source="status" alwaysOn emptyText="payments.all" choices={payChoices(translate, PAYOUT_BATCH_STATUSES)} />,
    <SelectInput key="bank" source="bank" alwaysOn emptyText="payments.all" choices={BANKS.map((b) => ({ id: b.code, name: bankName(b.code, lang) }))} />,
  ];
}

function BankText(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<PayoutBatchRecord>();
  const lang = useLang();
  return <span>{bankName(record?.bank, lang)}</span>;
}

export function BatchList() {
  return (
    <>
      <PayoutsDue />
      <List empty={false} filters={useFilters()} sort={{ field: 'id', order: 'DESC' }} perPage={25} actions={<ListActions />}>
        <Datagrid bulkActionButtons={false} rowClick="show">
          <TextField source="code" sortable={false} />
          <BankText source="bank" />
          <PayStatusField source="status" />
          <NumberField source="itemCount" sortable={false} />
          <MoneyField source="total" textAlign="right" />
          <TextField source="createdBy" sortable={false} />
          <DateTimeField source="createdAt" />
          <TextField source="bankReference" emptyText="—" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}

function Items() {
  const record = useRecordContext<PayoutBatchRecord>();
  const translate = useTranslate();
  const lang = useLang();
  if (!record?.items) return null;
  return (
    <table data-testid="batch-items">
      <thead>
        <tr>
          {['code', 'username', 'accountNumber', 'amount'].map((k) => (
            <th key={k} style={{ textAlign: 'left', paddingRight: 16 }}>
              {translate(`resources.payoutBatch.items.${k}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {record.items.map((i) => (
          <tr key={i.withdrawalId}>
            <td style={{ paddingRight: 16 }}>{i.code}</td>
            <td style={{ paddingRight: 16 }}>{i.username}</td>
            <td style={{ paddingRight: 16 }}>
              <code>{i.accountNumber}</code>
            </td>
            <td style={{ whiteSpace: 'nowrap' }}>{formatMoney(i.amount, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BatchShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <BatchActions />
        <TextField source="code" />
        <BankText source="bank" />
        <PayStatusField source="status" />
        <MoneyField source="total" />
        <TextField source="createdBy" />
        <DateTimeField source="createdAt" />
        <FunctionField<PayoutBatchRecord> source="bankReference" render={(r) => r.bankReference ?? '—'} />
        <FunctionField<PayoutBatchRecord> source="cancelReason" render={(r) => r.cancelReason ?? '—'} />
        <Items />
      </SimpleShowLayout>
    </Show>
  );
}
