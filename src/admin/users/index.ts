import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** Users: /admin/user (list, the admin index), /admin/user/:id/show (detail, ledger). */
export const users = {
  name: 'user',
  list: UserList,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: 'username',
  options: { label: 'admin.menu.user' },
} satisfies ResourceProps;
