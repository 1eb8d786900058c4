import HistoryIcon from '@mui/icons-material/History';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const AuditList = lazyPage(() => import('./AuditList'), 'AuditList');

/** The audit trail of staff actions: /admin/audit (administrators). */
export const audit = {
  name: 'audit',
  list: AuditList,
  icon: HistoryIcon,
  options: { label: 'admin.menu.audit' },
} satisfies ResourceProps;
