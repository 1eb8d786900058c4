import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  AppBar,
  Box,
  Button,
  Chip,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Tooltip,
  Typography,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import LoginIcon from '@mui/icons-material/Login';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import KeyIcon from '@mui/icons-material/Key';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import CasinoIcon from '@mui/icons-material/Casino';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';
import { useThemeMode } from '../theme/ThemeModeContext';
import { useFormat } from '../hooks/useLang';
import { Logo } from './Logo';

/** Staff (administrators and support agents) get the back-office entry in the menu. */
export function isAdminUser(u: { role?: string; isAdmin?: boolean } | null | undefined): boolean {
  return !!u && (u.role === 'ADMIN' || u.role === 'SUPPORT' || u.isAdmin === true);
}

export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { i18n, t } = useTranslation();
  const { lang } = useFormat();
  return (
    <ToggleButtonGroup size={size} exclusive value={lang} onChange={(_, v: string | null) => v && void i18n.changeLanguage(v)} aria-label={t('menu.language')}>
      <ToggleButton value="en" aria-label="English" sx={{ px: 1.25, py: 0.25 }}>
        EN
      </ToggleButton>
      <ToggleButton value="mn" aria-label="Монгол" sx={{ px: 1.25, py: 0.25 }}>
        MN
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, toggleMode } = useThemeMode();
  const label = mode === 'dark' ? t('menu.lightTheme') : t('menu.darkTheme');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggleMode} aria-label={label} data-testid="theme-toggle">
        {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}

export function TopBar() {
  const { t } = useTranslation();
  const { isAuthenticated, checkedAuth, userInfo, userBalance, userLocked, logout } = useAuth();
  const { money } = useFormat();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };
  const admin = isAdminUser(userInfo);

  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 }, minHeight: { xs: 56 } }}>
        <Box
          component={RouterLink}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
          aria-label={t('menu.lobby')}
        >
          <Logo size={32} />
          <Typography variant="h6" noWrap sx={{ fontWeight: 800, display: { xs: 'none', sm: 'block' } }}>
            {t('brand')}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {isAuthenticated && userInfo ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Chip
              data-testid="topbar-balance"
              color="primary"
              label={money(userBalance)}
              onClick={() => navigate('/profile')}
              sx={{ fontWeight: 700, maxWidth: { xs: 150, sm: 'none' } }}
              aria-label={`${t('wallet.balance')}: ${money(userBalance)}`}
            />
            {userLocked > 0 && (
              <Chip
                size="small"
                variant="outlined"
                icon={<LockIcon fontSize="small" />}
                label={money(userLocked)}
                sx={{ display: { xs: 'none', md: 'inline-flex' } }}
                aria-label={`${t('wallet.locked')}: ${money(userLocked)}`}
              />
            )}
            <Typography data-testid="topbar-username" variant="body2" noWrap sx={{ fontWeight: 600, display: { xs: 'none', sm: 'block' }, maxWidth: 140 }}>
              {userInfo.username}
            </Typography>
          </Box>
        ) : checkedAuth ? (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component={RouterLink} to="/auth/login" color="inherit" size="small" data-testid="topbar-login">
              {t('menu.login')}
            </Button>
            <Button component={RouterLink} to="/auth/register" variant="contained" size="small" data-testid="topbar-signup">
              {t('menu.signUp')}
            </Button>
          </Box>
        ) : null}
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}>
          <LanguageSwitch />
          <ThemeToggle />
        </Box>
        <IconButton edge="end" color="inherit" onClick={() => setOpen(true)} aria-label={t('menu.open')} data-testid="menu-button">
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 290, maxWidth: '85vw' }} role="navigation" data-testid="menu">
          {isAuthenticated && userInfo && (
            <Box sx={{ p: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }} noWrap>
                {userInfo.username}
              </Typography>
              <Typography variant="body2">
                {t('wallet.balance')}: <b>{money(userBalance)}</b>
              </Typography>
              <Typography variant="body2">
                {t('wallet.locked')}: {money(userLocked)}
              </Typography>
            </Box>
          )}
          <List>
            <ListItemButton onClick={() => go('/')}>
              <ListItemIcon>
                <CasinoIcon />
              </ListItemIcon>
              <ListItemText primary={t('menu.lobby')} />
            </ListItemButton>
            {isAuthenticated ? (
              <>
                <ListItemButton onClick={() => go('/profile')} data-testid="menu-profile">
                  <ListItemIcon>
                    <AccountCircleIcon />
                  </ListItemIcon>
                  <ListItemText primary={t('menu.profile')} />
                </ListItemButton>
                {admin && (
                  // The admin app is a separate page (admin.html): a full navigation, never bundled here.
                  <ListItemButton component="a" href="/admin" data-testid="menu-admin">
                    <ListItemIcon>
                      <AdminPanelSettingsIcon />
                    </ListItemIcon>
                    <ListItemText primary={t('menu.admin')} />
                  </ListItemButton>
                )}
              </>
            ) : (
              <>
                <ListItemButton onClick={() => go('/auth/login')} data-testid="menu-login">
                  <ListItemIcon>
                    <LoginIcon />
                  </ListItemIcon>
                  <ListItemText primary={t('menu.login')} />
                </ListItemButton>
                <ListItemButton onClick={() => go('/auth/register')} data-testid="menu-signup">
                  <ListItemIcon>
                    <PersonAddIcon />
                  </ListItemIcon>
                  <ListItemText primary={t('menu.signUp')} />
                </ListItemButton>
                <ListItemButton onClick={() => go('/auth/register')} data-testid="menu-register">
                  <ListItemIcon>
                    <HowToRegIcon />
                  </ListItemIcon>
                  <ListItemText primary={t('menu.register')} secondary={t('menu.registerHint')} />
                </ListItemButton>
                <ListItemButton onClick={() => go('/auth/forgot-password')} data-testid="menu-forgot">
                  <ListItemIcon>
                    <KeyIcon />
                  </ListItemIcon>
                  <ListItemText primary={t('menu.forgotPassword')} />
                </ListItemButton>
              </>
            )}
            <ListItemButton onClick={() => go('/info')} data-testid="menu-info">
              <ListItemIcon>
                <InfoOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary={t('menu.info')} />
            </ListItemButton>
          </List>
          <Divider />
          <List subheader={<ListSubheader disableSticky>{t('menu.settings')}</ListSubheader>}>
            <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2">{t('menu.language')}</Typography>
              <LanguageSwitch />
            </Box>
            <Box sx={{ px: 2, py: 0.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2">{t('menu.theme')}</Typography>
              <ThemeToggle />
            </Box>
          </List>
          {isAuthenticated && (
            <>
              <Divider />
              <List>
                <ListItemButton onClick={logout} data-testid="menu-logout">
                  <ListItemIcon>
                    <LogoutIcon />
                  </ListItemIcon>
                  <ListItemText primary={t('menu.logout')} />
                </ListItemButton>
              </List>
            </>
          )}
        </Box>
      </Drawer>
    </AppBar>
  );
}
