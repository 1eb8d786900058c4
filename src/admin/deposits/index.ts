import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const DepositCreate = lazyPage(() => import('./DepositCreate'), 'DepositCreate');
const DepositList = lazyPage(() => import('./DepositList'), 'DepositList');

/** Deposits: /admin/deposit (list), /admin/deposit/create (credit a bank transfer). */
export const deposits = {
  name: 'deposit',
  list: DepositList,
  create: DepositCreate,
  icon: AccountBalanceWalletIcon,
  recordRepresentation: 'code',
  options: { label: 'admin.menu.deposit' },
} satisfies ResourceProps;
