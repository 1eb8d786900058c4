import RuleIcon from '@mui/icons-material/Rule';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const StatementLineList = lazyPage(() => import('./LineList'), 'StatementLineList');

/** Statement lines to match: /admin/statementLine (staff). */
export const statementLines = {
  name: 'statementLine',
  list: StatementLineList,
  icon: RuleIcon,
  options: { label: 'admin.menu.statementLine' },
} satisfies ResourceProps;
