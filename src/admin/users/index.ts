import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { UserList } from './UserList';
import { lazyPage } from '../common/lazyPage';

const UserShow = lazyPage(() => import('./UserShow'), 'UserShow');

/** Users: /admin/user (list, the admin index), /admin/user/:id/show (detail, ledger). */
export const users = {
  name: 'user',
  list: UserList,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: 'username',
  options: { label: 'admin.menu.user' },
} satisfies ResourceProps;
