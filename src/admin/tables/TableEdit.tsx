// /admin/table/:id/edit. Delete is refused by the server while players are seated (409, shown in words).
import { Edit, SaveButton, Toolbar, useRecordContext } from 'react-admin';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import type { TableRecord } from '../dataProvider';
import { TableForm } from './TableForm';

function EditToolbar() {
  const record = useRecordContext<TableRecord>();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <ConfirmDeleteButton resource="table" translateOptions={{ name: record?.name ?? '' }} />
    </Toolbar>
  );
}

export function TableEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={(_r, id) => `table/${id}`}>
      <TableForm edit toolbar={<EditToolbar />} />
    </Edit>
  );
}
