import { Datagrid, DateInput, List, TextField, TextInput } from 'react-admin';
import { DateTimeField, MoneyField, UserLinkField } from '../common/fields';

const filters = [<TextInput key="username" source="username" alwaysOn />, <DateInput key="from" source="from" />, <DateInput key="to" source="to" />];

export function DepositList() {
  return (
    <List filters={filters} sort={{ field: 'approvedDate', order: 'DESC' }} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="code" sortable={false} />
        <UserLinkField source="username" label="resources.deposit.fields.username" />
        <MoneyField source="amount" textAlign="right" />
        <DateTimeField source="approvedDate" />
        <TextField source="note" emptyText="—" sortable={false} />
        <TextField source="createdBy" emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}
