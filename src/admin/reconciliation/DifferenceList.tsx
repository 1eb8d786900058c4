// The differences of the reconciliation (docs/payments.md): each item QPay or the bank shows that
// the ledger does not explain (or the other way round), with its amount, player and reference, on
// the day of its outside record; filtered by day, period, channel and kind; CSV like every list.
import { Datagrid, DateInput, FunctionField, List, SelectInput, TextField, useTranslate } from 'react-admin';
import { DIFFERENCE_KINDS, RECONCILIATION_CHANNELS } from '../../shared/api/reconciliation';
import { ClippedTextField, MoneyField, UserLinkField } from '../common/fields';
import { ListActions } from '../common/ListActions';
import { payChoices } from '../common/PayStatusField';
import type { DifferenceRecord } from '../dataProvider';

function useFilters() {
  const translate = useTranslate();
  return [
    <DateInput key="day" source="day" alwaysOn />,
    <SelectInput
      key="channel"
      source="channel"
      alwaysOn
      emptyText="payments.all"
      choices={payChoices(translate, RECONCILIATION_CHANNELS, 'payments.channel')}
    />,
    <SelectInput key="kind" source="kind" alwaysOn emptyText="payments.all" choices={payChoices(translate, DIFFERENCE_KINDS, 'payments.kind')} />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
  ];
}

export function DifferenceList() {
  const translate = useTranslate();
  return (
    <List empty={false} filters={useFilters()} sort={{ field: 'day', order: 'DESC' }} perPage={25} actions={<ListActions />}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField<DifferenceRecord> source="day" render={(r) => r.day} />
        <FunctionField<DifferenceRecord> source="channel" sortable={false} render={(r) => translate(`payments.channel.${r.channel}`)} />
        <FunctionField<DifferenceRecord> source="kind" sortable={false} render={(r) => translate(`payments.kind.${r.kind}`)} />
        <MoneyField source="amount" sortable={false} textAlign="right" />
        <TextField source="reference" sortable={false} />
        <UserLinkField source="username" label="resources.difference.fields.username" />
        <ClippedTextField source="detail" maxWidth="20rem" sortable={false} />
      </Datagrid>
    </List>
  );
}
