import BarChartIcon from '@mui/icons-material/BarChart';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const ReportList = lazyPage(() => import('./ReportList'), 'ReportList');

/** Reports per day and month: /admin/report (administrators). */
export const reports = {
  name: 'report',
  list: ReportList,
  icon: BarChartIcon,
  options: { label: 'admin.menu.report' },
} satisfies ResourceProps;
