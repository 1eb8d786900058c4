import RuleIcon from '@mui/icons-material/Rule';
import type { ResourceProps } from 'react-admin';
import { StatementLineList } from './LineList';

/** Statement lines to match: /admin/statementLine (staff). */
export const statementLines = {
  name: 'statementLine',
  list: StatementLineList,
  icon: RuleIcon,
  options: { label: 'admin.menu.statementLine' },
} satisfies ResourceProps;
