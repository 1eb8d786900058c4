import BadgeIcon from '@mui/icons-material/Badge';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const IdentityList = lazyPage(() => import('./IdentityList'), 'IdentityList');
const IdentityShow = lazyPage(() => import('./IdentityShow'), 'IdentityShow');

/** Identity checks (safer play, docs/admin.md): /admin/identity to review, /admin/identity/:id/show with the images. */
export const identity = {
  name: 'identity',
  list: IdentityList,
  show: IdentityShow,
  icon: BadgeIcon,
  recordRepresentation: 'username',
  options: { label: 'admin.menu.identity' },
} satisfies ResourceProps;
