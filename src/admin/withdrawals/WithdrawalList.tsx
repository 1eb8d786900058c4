// The withdrawal queue: waiting requests first (oldest first), the player's bank details on each
// row, the cooling-off hold after a bank account change (approve waits for its end), approve /
// reject with confirmation.
import { Datagrid, DateInput, FunctionField, List, NumberInput, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { Stack } from '@mui/material';
import { WITHDRAWAL_STATUSES } from '../../shared/api/enums';
import { BankField, DateTimeField, MoneyField, StatusField, UserLinkField } from '../common/fields';
import { ApproveButton, RejectButton } from './WithdrawalActions';
import { HoldField } from './PayoutHold';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      emptyText="resources.withdraw.filters.all"
      choices={WITHDRAWAL_STATUSES.map((s) => ({ id: s, name: translate(`admin.status.${s}`) }))}
    />,
    <TextInput key="username" source="username" alwaysOn />,
    <NumberInput key="minAmount" source="minAmount" min={0} step={1} />,
    <NumberInput key="maxAmount" source="maxAmount" min={0} step={1} />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
  ];
}

export function WithdrawalList() {
  const filters = useFilters();
  return (
    <List filters={filters} filterDefaultValues={{ status: 'NOT_APPROVED' }} sort={{ field: 'requestDate', order: 'ASC' }} perPage={25} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="code" sortable={false} />
        <UserLinkField source="username" />
        <MoneyField source="amount" textAlign="right" />
        <BankField label="resources.withdraw.fields.bankDetails" sortable={false} />
        <DateTimeField source="requestDate" />
        <StatusField source="status" />
        <HoldField label="resources.withdraw.fields.holdUntil" />
        <TextField source="approvedBy" emptyText="—" sortable={false} />
        <DateTimeField source="approveDate" />
        <TextField source="rejectReason" emptyText="—" sortable={false} />
        <FunctionField
          label="resources.withdraw.fields.actions"
          render={() => (
            <Stack direction="row" spacing={1}>
              <ApproveButton />
              <RejectButton />
            </Stack>
          )}
        />
      </Datagrid>
    </List>
  );
}
