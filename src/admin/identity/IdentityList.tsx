// Identity checks to review (docs/admin.md): pending ones first, oldest first; a row opens the
// check with its images. Filters by status and player; CSV export as every list.
import { Datagrid, FunctionField, List, NumberInput, TextField, useTranslate } from 'react-admin';
import { IDENTITY_STATUSES } from '../../shared/api/safer';
import { DateTimeField, StatusField, UserLinkField } from '../common/fields';
import { statusFilter } from '../common/filters';
import { ListActions } from '../common/ListActions';
import type { IdentityRecord } from '../dataProvider';

export function IdentityList() {
  const translate = useTranslate();
  const filters = [statusFilter(translate, IDENTITY_STATUSES, 'resources.identity.filters.all'), <NumberInput key="userId" source="userId" min={1} step={1} />];
  return (
    <List filters={filters} filterDefaultValues={{ status: 'PENDING' }} sort={{ field: 'id', order: 'ASC' }} perPage={25} actions={<ListActions />}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="id" />
        <DateTimeField source="createdAt" />
        <UserLinkField source="username" />
        <FunctionField<IdentityRecord> source="kind" sortable={false} render={(r) => translate(`resources.identity.kinds.${r.kind}`)} />
        <StatusField source="status" />
        <TextField source="reviewedBy" sortable={false} />
        <TextField source="reason" sortable={false} />
      </Datagrid>
    </List>
  );
}
