import SettingsIcon from '@mui/icons-material/Settings';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const SettingsPage = lazyPage(() => import('./SettingsPage'), 'SettingsPage');

/** Settings: /admin/settings, a singleton edited in place (the "list" slot holds the form). */
export const settings = {
  name: 'settings',
  list: SettingsPage,
  icon: SettingsIcon,
  options: { label: 'admin.menu.settings' },
} satisfies ResourceProps;
