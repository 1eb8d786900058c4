import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const StatementList = lazyPage(() => import('./StatementList'), 'StatementList');
const StatementShow = lazyPage(() => import('./StatementList'), 'StatementShow');
const StatementUpload = lazyPage(() => import('./StatementUpload'), 'StatementUpload');

/** Bank statements: /admin/statement (staff), upload at /admin/statement/create. */
export const statements = {
  name: 'statement',
  list: StatementList,
  show: StatementShow,
  create: StatementUpload,
  icon: UploadFileIcon,
  recordRepresentation: 'filename',
  options: { label: 'admin.menu.statement' },
} satisfies ResourceProps;
