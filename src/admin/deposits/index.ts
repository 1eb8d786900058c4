import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import type { ResourceProps } from 'react-admin';
import { DepositCreate } from './DepositCreate';
import { DepositList } from './DepositList';

/** Deposits: /admin/deposit (list), /admin/deposit/create (credit a bank transfer). */
export const deposits = {
  name: 'deposit',
  list: DepositList,
  create: DepositCreate,
  icon: AccountBalanceWalletIcon,
  recordRepresentation: 'code',
  options: { label: 'admin.menu.deposit' },
} satisfies ResourceProps;
