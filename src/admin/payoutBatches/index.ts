import OutboxIcon from '@mui/icons-material/Outbox';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const BatchList = lazyPage(() => import('./BatchList'), 'BatchList');
const BatchShow = lazyPage(() => import('./BatchList'), 'BatchShow');

/** Payout batches for the banks' bulk transfers: /admin/payoutBatch (staff). */
export const payoutBatches = {
  name: 'payoutBatch',
  list: BatchList,
  show: BatchShow,
  icon: OutboxIcon,
  recordRepresentation: 'code',
  options: { label: 'admin.menu.payoutBatch' },
} satisfies ResourceProps;
