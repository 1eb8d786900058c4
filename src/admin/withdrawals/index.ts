import PaymentsIcon from '@mui/icons-material/Payments';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const WithdrawalList = lazyPage(() => import('./WithdrawalList'), 'WithdrawalList', '/admin/withdraw');

/** Withdrawals: /admin/withdraw, the queue support staff work from. */
export const withdrawals = {
  name: 'withdraw',
  list: WithdrawalList,
  icon: PaymentsIcon,
  recordRepresentation: 'code',
  options: { label: 'admin.menu.withdraw' },
} satisfies ResourceProps;
