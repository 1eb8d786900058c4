import FastForwardIcon from '@mui/icons-material/FastForward';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const PoolList = lazyPage(() => import('./PoolList'), 'PoolList');
const PoolCreate = lazyPage(() => import('./PoolCreate'), 'PoolCreate');

/** Fast-fold pools: /admin/pool (list: bots, close), /admin/pool/create. Staff see the list; administrators act. */
export const pools = {
  name: 'pool',
  list: PoolList,
  create: PoolCreate,
  icon: FastForwardIcon,
  recordRepresentation: 'name',
  options: { label: 'admin.menu.pool' },
} satisfies ResourceProps;
