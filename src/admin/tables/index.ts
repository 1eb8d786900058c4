import TableRestaurantIcon from '@mui/icons-material/TableRestaurant';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const TableCreate = lazyPage(() => import('./TableCreate'), 'TableCreate');
const TableList = lazyPage(() => import('./TableList'), 'TableList');
const TablePage = lazyPage(() => import('./TablePage'), 'TablePage');

export const TableEdit = lazyPage(() => import('./TableEdit'), 'TableEdit');

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
