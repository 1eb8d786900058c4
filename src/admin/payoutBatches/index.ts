import OutboxIcon from '@mui/icons-material/Outbox';
import type { ResourceProps } from 'react-admin';
import { BatchList, BatchShow } from './BatchList';

/** Payout batches for the banks' bulk transfers: /admin/payoutBatch (staff). */
export const payoutBatches = {
  name: 'payoutBatch',
  list: BatchList,
  show: BatchShow,
  icon: OutboxIcon,
  recordRepresentation: 'code',
  options: { label: 'admin.menu.payoutBatch' },
} satisfies ResourceProps;
