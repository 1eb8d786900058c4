import { Datagrid, EmailField, List, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { ROLES, USER_STATUSES } from '../../shared/api/enums';
import { BankField, DateTimeField, MoneyField, StatusField } from '../common/fields';

function useUserFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.user.search')} />,
    <SelectInput key="role" source="role" choices={ROLES.map((r) => ({ id: r, name: translate(`admin.status.${r}`) }))} />,
    <SelectInput key="status" source="status" choices={USER_STATUSES.map((s) => ({ id: s, name: translate(`admin.status.${s}`) }))} />,
  ];
}

export function UserList() {
  const filters = useUserFilters();
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="userId" />
        <TextField source="username" />
        <EmailField source="email" sortable={false} />
        <StatusField source="role" />
        <StatusField source="status" />
        <MoneyField source="balance" textAlign="right" />
        <MoneyField source="locked" textAlign="right" />
        <TextField source="depositCode" sortable={false} />
        <BankField label="resources.user.fields.bankDetails" sortable={false} />
        <DateTimeField source="createdAt" />
      </Datagrid>
    </List>
  );
}
