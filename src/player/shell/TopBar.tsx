import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AppBar, Box, Button, Chip, IconButton, Toolbar, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';
import { withPlayerStrings } from '../components/playerStrings';
import { useFormat } from '../hooks/useLang';
import { Logo } from '../components/Logo';
import { LanguageSwitch, ThemeToggle } from './TopBarControls';

const TopBarMenu = lazy(() => withPlayerStrings(import('./TopBarMenu')));

export function TopBar() {
  const { t } = useTranslation();
  const { isAuthenticated, checkedAuth, userInfo, userBalance, userLocked } = useAuth();
  const { money } = useFormat();
  const [open, setOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const navigate = useNavigate();
  const openMenu = () => {
    setMenuUsed(true);
    setOpen(true);
  };

  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 }, minHeight: { xs: 56 } }}>
        <Box
          component={RouterLink}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
          // The brand is the link's visible text (on wider screens): the name starts with it.
          aria-label={`${t('brand')}, ${t('menu.lobby')}`}
        >
          <Logo size={32} />
          <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 800, display: { xs: 'none', sm: 'block' } }}>
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
        <IconButton edge="end" color="inherit" onClick={openMenu} aria-label={t('menu.open')} data-testid="menu-button">
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {/* The menu's code is downloaded when it is first opened (and kept mounted after). */}
      {menuUsed && (
        <Suspense fallback={null}>
          <TopBarMenu open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
