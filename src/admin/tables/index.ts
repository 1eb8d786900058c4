import TableRestaurantIcon from '@mui/icons-material/TableRestaurant';
import type { ResourceProps } from 'react-admin';
import { TableCreate } from './TableCreate';
import { TableList } from './TableList';
import { TablePage } from './TablePage';

export { TableEdit } from './TableEdit';

/**
 * Tables: /admin/table (list), /admin/table/create, /admin/table/:id (the table page: settings,
 * simulation, finished hands), /admin/table/:id/edit (a child route, added in App.tsx).
 * react-admin's ":id" route is the "edit" slot, so the table page sits there.
 */
export const tables = {
  name: 'table',
  list: TableList,
  create: TableCreate,
  edit: TablePage,
  icon: TableRestaurantIcon,
  recordRepresentation: 'name',
  options: { label: 'admin.menu.table' },
} satisfies ResourceProps;
