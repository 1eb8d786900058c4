// Integrity cases: filters by status, assignee and player; CSV export with the players named.
import { Datagrid, defaultExporter, FunctionField, List, NumberInput, SelectInput, TextField, useTranslate, type Exporter } from 'react-admin';
import { CASE_STATUSES, type IntegrityCase } from '../../shared/api/integrity';
import { ListActions } from '../common/ListActions';
import { DateTimeField } from '../common/fields';
import { UsersLinks } from './Evidence';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput key="status" source="status" alwaysOn choices={CASE_STATUSES.map((s) => ({ id: s, name: translate(`integrity.caseStatus.${s}`) }))} />,
    <NumberInput key="assigneeId" source="assigneeId" min={1} step={1} />,
    <NumberInput key="userId" source="userId" min={1} step={1} />,
  ];
}

const caseExporter: Exporter<IntegrityCase> = (cases, fetchRelated, dataProvider) =>
  defaultExporter(
    cases.map((c) => ({
      id: c.id,
      title: c.title,
      status: c.status,
      players: c.users.map((u) => u.username).join(' '),
      assignee: c.assignee ?? '',
      createdBy: c.createdBy,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    })),
    fetchRelated,
    dataProvider,
    'integrity-cases',
  );

export function CaseList() {
  const translate = useTranslate();
  return (
    <List filters={useFilters()} sort={{ field: 'id', order: 'DESC' }} exporter={caseExporter} actions={<ListActions />}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="title" />
        <FunctionField<IntegrityCase> source="status" render={(c) => translate(`integrity.caseStatus.${c.status}`)} />
        <FunctionField<IntegrityCase> source="users" sortable={false} render={(c) => <UsersLinks users={c.users} />} />
        <TextField source="assignee" sortable={false} />
        <DateTimeField source="updatedAt" />
      </Datagrid>
    </List>
  );
}
