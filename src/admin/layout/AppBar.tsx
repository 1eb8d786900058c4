// Header: the menu collapse button (react-admin's SidebarToggleButton), the title "Admin Panel",
// a button back to the player app, the language switch, light/dark, and the user menu.
import DarkModeIcon from '@mui/icons-material/DarkMode';
import HomeIcon from '@mui/icons-material/Home';
import LightModeIcon from '@mui/icons-material/LightMode';
import LogoutIcon from '@mui/icons-material/Logout';
import SecurityIcon from '@mui/icons-material/Security';
import { IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip, Typography } from '@mui/material';
import { AppBar, LocalesMenuButton, TitlePortal, UserMenu, useAuthProvider, useBasename, useUserMenu, useTheme, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminAuthProvider } from '../auth/authProvider';
import { THEME_KEY } from './themes';

function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const translate = useTranslate();
  const dark = theme === 'dark';
  const toggle = () => {
    const next = dark ? 'light' : 'dark';
    setTheme(next);
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      /* storage blocked */
    }
  };
  return (
    <Tooltip title={translate('ra.action.toggle_theme')}>
      <IconButton color="inherit" onClick={toggle} aria-label={translate('ra.action.toggle_theme')}>
        {dark ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}

function HomeButton() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('admin.home')}>
      <IconButton color="inherit" href="/" aria-label={translate('admin.home')}>
        <HomeIcon />
      </IconButton>
    </Tooltip>
  );
}

/** The signed-in staff member's own security settings (two-step sign-in). */
function SecurityItem() {
  const translate = useTranslate();
  const basename = useBasename();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={`${basename}/security`} onClick={() => userMenu?.onClose()} data-testid="menu-security">
      <ListItemIcon>
        <SecurityIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('admin.security.menu')}</ListItemText>
    </MenuItem>
  );
}

function SignOutItem() {
  const authProvider = useAuthProvider() as AdminAuthProvider | undefined;
  const translate = useTranslate();
  return (
    <MenuItem onClick={() => authProvider?.signOut()}>
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('ra.auth.logout')}</ListItemText>
    </MenuItem>
  );
}

export function AdminAppBar() {
  const translate = useTranslate();
  return (
    <AppBar
      color="primary"
      toolbar={
        <>
          <LocalesMenuButton />
          <ThemeToggle />
          <HomeButton />
        </>
      }
      userMenu={
        <UserMenu>
          <SecurityItem />
          <SignOutItem />
        </UserMenu>
      }
    >
      <Typography variant="h6" component="span" sx={{ mr: 2, whiteSpace: 'nowrap' }} data-testid="admin-title">
        {translate('admin.title')}
      </Typography>
      <TitlePortal variant="subtitle1" sx={{ opacity: 0.85 }} />
    </AppBar>
  );
}
