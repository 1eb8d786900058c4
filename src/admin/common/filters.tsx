// Filters more than one list shows the same way.
import { SelectInput, type TranslateFunction } from 'react-admin';

/** The status filter, always shown: each status by its name (`admin.status.*`), `emptyText` for all of them. */
export function statusFilter(translate: TranslateFunction, statuses: readonly string[], emptyText: string) {
  return (
    <SelectInput key="status" source="status" alwaysOn emptyText={emptyText} choices={statuses.map((s) => ({ id: s, name: translate(`admin.status.${s}`) }))} />
  );
}
