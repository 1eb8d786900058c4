// The whole audit trail (administrators): filters by action, object, staff member, player and
// dates; columns to choose; CSV export through react-admin's exporter.
import { DateInput, ExportButton, FilterButton, List, NumberInput, SelectColumnsButton, SelectInput, TextInput, TopToolbar, useTranslate } from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_OBJECTS } from '../../shared/api/admin';
import { AuditGrid } from './AuditGrid';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput key="action" source="action" alwaysOn choices={AUDIT_ACTIONS.map((a) => ({ id: a, name: translate(`resources.audit.actions.${a}`) }))} />,
    <TextInput key="actor" source="actor" alwaysOn />,
    <SelectInput key="objectType" source="objectType" choices={AUDIT_OBJECTS.map((o) => ({ id: o, name: translate(`resources.audit.objects.${o}`) }))} />,
    <TextInput key="objectId" source="objectId" />,
    <NumberInput key="userId" source="userId" min={1} step={1} />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
  ];
}

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <SelectColumnsButton preferenceKey="audit.datagrid" />
      <ExportButton />
    </TopToolbar>
  );
}

export function AuditList() {
  return (
    <List filters={useFilters()} sort={{ field: 'id', order: 'DESC' }} perPage={25} actions={<Actions />}>
      <AuditGrid preferenceKey="audit.datagrid" />
    </List>
  );
}
