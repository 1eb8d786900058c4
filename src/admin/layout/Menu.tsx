// The left menu: one entry per area, highlighted by path prefix (MenuItemLink matches with end=false).
// Icons come from each resource's definition (its folder's index.ts). Entries a role may not use
// (auth/permissions.ts) are left out; the server refuses them anyway.
import DashboardIcon from '@mui/icons-material/Dashboard';
import ListIcon from '@mui/icons-material/List';
import { Badge } from '@mui/material';
import type { ComponentType } from 'react';
import { Menu, useBasename, usePermissions, useResourceDefinitions, useTranslate } from 'react-admin';
import { can } from '../auth/permissions';
import { useReconciliationAlerts } from '../reconciliation/alerts';

export const MENU_ORDER = [
  'user',
  'withdraw',
  'deposit',
  'qpayInvoice',
  'qpayPayment',
  'statement',
  'statementLine',
  'payoutBatch',
  'reconciliation',
  'table',
  'tournament',
  'pool',
  'identity',
  'chat',
  'audit',
  'report',
  'data',
  'settings',
] as const;

/** The reconciliation's entry carries the red badge of unexplained differences (administrators). */
function MenuIcon({ name, Icon, alerts }: { name: string; Icon: ComponentType; alerts: number }) {
  if (name !== 'reconciliation' || alerts === 0) return <Icon />;
  return (
    <Badge badgeContent={alerts} color="error" max={999} data-testid="reconciliation-badge">
      <Icon />
    </Badge>
  );
}

export function AdminMenu() {
  const translate = useTranslate();
  const defs = useResourceDefinitions();
  const { permissions: role } = usePermissions<string | null>();
  // Links and the active match need the full path: the router itself has no basename.
  const basename = useBasename();
  const alerts = useReconciliationAlerts()?.differences ?? 0;
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
      {MENU_ORDER.filter((name) => can(role, name, 'list')).map((name) => {
        const Icon = defs[name]?.icon ?? ListIcon;
        return (
          <Menu.Item
            key={name}
            to={`${basename}/${name}`}
            primaryText={translate(`admin.menu.${name}`)}
            leftIcon={<MenuIcon name={name} Icon={Icon} alerts={alerts} />}
          />
        );
      })}
      {can(role, 'dashboard', 'list') && (
        <Menu.Item to={`${basename}/dashboard`} primaryText={translate('admin.menu.dashboard')} leftIcon={<DashboardIcon />} />
      )}
    </Menu>
  );
}
