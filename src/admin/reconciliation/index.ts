import BalanceIcon from '@mui/icons-material/Balance';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const DifferenceList = lazyPage(() => import('./DifferenceList'), 'DifferenceList');
const ReconciliationList = lazyPage(() => import('./ReconciliationList'), 'ReconciliationList');

/** Reconciliation per day and channel: /admin/reconciliation (administrators). */
export const reconciliation = {
  name: 'reconciliation',
  list: ReconciliationList,
  icon: BalanceIcon,
  options: { label: 'admin.menu.reconciliation' },
} satisfies ResourceProps;

/** Its differences: /admin/difference (administrators). */
export const differences = {
  name: 'difference',
  list: DifferenceList,
  icon: ReportProblemIcon,
  options: { label: 'admin.menu.difference' },
} satisfies ResourceProps;
