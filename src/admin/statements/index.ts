import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ResourceProps } from 'react-admin';
import { StatementList, StatementShow } from './StatementList';
import { StatementUpload } from './StatementUpload';

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
