// The toolbar above a list: create (for those who may), the column chooser, the CSV export.
import { CreateButton, ExportButton, SelectColumnsButton, TopToolbar, usePermissions, useTranslate } from 'react-admin';
import { can } from '../auth/permissions';

function CreateIfAllowed({ resource }: { resource: string }) {
  const { permissions } = usePermissions<string | null>();
  return can(permissions, resource, 'create') ? <CreateButton /> : null;
}

/** The CSV export, named on a phone too: there react-admin's button is a bare icon, nameless while disabled (an empty list; axe: button-name). */
export function NamedExportButton() {
  const translate = useTranslate();
  return <ExportButton aria-label={translate('ra.action.export')} />;
}

/** `create`: the resource whose create button to offer; `columns`: the list is a configurable datagrid. */
export function ListActions({ create, columns }: { create?: string; columns?: boolean }) {
  return (
    <TopToolbar>
      {create && <CreateIfAllowed resource={create} />}
      {columns && <SelectColumnsButton />}
      <NamedExportButton />
    </TopToolbar>
  );
}
