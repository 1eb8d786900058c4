// The left menu: one entry per area, highlighted by path prefix (MenuItemLink matches with end=false).
// Icons come from each resource's definition (its folder's index.ts).
import DashboardIcon from '@mui/icons-material/Dashboard';
import ListIcon from '@mui/icons-material/List';
import { Menu, useBasename, useResourceDefinitions, useTranslate } from 'react-admin';

export const MENU_ORDER = ['user', 'withdraw', 'deposit', 'table', 'data', 'settings'] as const;

export function AdminMenu() {
  const translate = useTranslate();
  const defs = useResourceDefinitions();
  // Links and the active match need the full path: the router itself has no basename.
  const basename = useBasename();
  return (
    <Menu
      sx={{
        '& .RaMenuItemLink-active': {
          bgcolor: 'action.selected',
          color: 'primary.main',
          fontWeight: 600,
          borderRight: 3,
          borderColor: 'primary.main',
        },
        '& .RaMenuItemLink-active .RaMenuItemLink-icon': { color: 'primary.main' },
      }}
    >
      {MENU_ORDER.map((name) => {
        const Icon = defs[name]?.icon ?? ListIcon;
        return <Menu.Item key={name} to={`${basename}/${name}`} primaryText={translate(`admin.menu.${name}`)} leftIcon={<Icon />} />;
      })}
      <Menu.Item to={`${basename}/dashboard`} primaryText={translate('admin.menu.dashboard')} leftIcon={<DashboardIcon />} />
    </Menu>
  );
}
