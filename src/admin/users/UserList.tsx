// Users: search and filters; fits a 1280×800 laptop (long usernames and e-mails are cut, whole in
// their tooltip; deposit code, bank account and last sign-in come from the column chooser), a
// simple list on phones; CSV export of the filtered list.
import { useMediaQuery, type Theme } from '@mui/material';
import { DatagridConfigurable, List, SearchInput, SelectInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { ROLES, USER_STATUSES } from '../../shared/api/enums';
import { formatMoney } from '../../shared/format';
import { BankField, ClippedTextField, DateTimeField, MoneyField, StatusField, useLang } from '../common/fields';
import { ListActions } from '../common/ListActions';
import type { UserRecord } from '../dataProvider';

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
  const lang = useLang();
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} actions={<ListActions columns />}>
      {phone ? (
        <SimpleList<UserRecord>
          linkType="show"
          primaryText={(r) => r.username}
          secondaryText={(r) =>
            `${translate('resources.user.fields.balance')} ${formatMoney(r.balance, lang)} · ${translate('resources.user.fields.locked')} ${formatMoney(r.locked, lang)}`
          }
          tertiaryText={(r) => translate(`admin.status.${r.role}`)}
        />
      ) : (
        <DatagridConfigurable rowClick="show" bulkActionButtons={false} omit={['depositCode', 'bankDetails', 'lastLoginAt']} preferenceKey="user.datagrid">
          <TextField source="userId" />
          <ClippedTextField source="username" maxWidth="8rem" />
          <ClippedTextField source="email" mailto maxWidth="12rem" sortable={false} />
          <StatusField source="role" />
          <StatusField source="status" />
          <MoneyField source="balance" textAlign="right" />
          <MoneyField source="locked" textAlign="right" />
          <TextField source="depositCode" sortable={false} />
          <BankField source="bankDetails" label="resources.user.fields.bankDetails" sortable={false} />
          <DateTimeField source="lastLoginAt" />
          <DateTimeField source="createdAt" />
        </DatagridConfigurable>
      )}
    </List>
  );
}
