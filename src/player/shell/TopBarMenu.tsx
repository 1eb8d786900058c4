// The side menu of the top bar (SPEC §9): its own chunk, downloaded when the menu is first opened.
import { useNavigate } from 'react-router-dom';
import { Box, Divider, Drawer, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import KeyIcon from '@mui/icons-material/Key';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import CasinoIcon from '@mui/icons-material/Casino';
import GridViewIcon from '@mui/icons-material/GridView';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthContext';
import { useFormat } from '../hooks/useLang';
import { isAdminUser, LanguageSwitch, ThemeToggle } from './TopBarControls';

export default function TopBarMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { isAuthenticated, userInfo, userBalance, userLocked, logout } = useAuth();
  const { money } = useFormat();
  const navigate = useNavigate();
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  const admin = isAdminUser(userInfo);

  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box sx={{ width: 290, maxWidth: '85vw' }} role="navigation" data-testid="menu">
        {isAuthenticated && userInfo && (
          <Box sx={{ p: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} noWrap>
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
        {/* Buttons rather than list items: a plain block, not a list (a list holds only items). */}
        <List component="div">
          <ListItemButton onClick={() => go('/')}>
            <ListItemIcon>
              <CasinoIcon />
            </ListItemIcon>
            <ListItemText primary={t('menu.lobby')} />
          </ListItemButton>
          <ListItemButton onClick={() => go('/tables')} data-testid="menu-tables">
            <ListItemIcon>
              <GridViewIcon />
            </ListItemIcon>
            <ListItemText primary={t('menu.tables')} />
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
          {/* Items of the list (a list holds only items): the labels beside their switches. */}
          <ListItem sx={{ px: 2, py: 1, justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2">{t('menu.language')}</Typography>
            <LanguageSwitch />
          </ListItem>
          <ListItem sx={{ px: 2, py: 0.5, justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2">{t('menu.theme')}</Typography>
            <ThemeToggle />
          </ListItem>
        </List>
        {isAuthenticated && (
          <>
            <Divider />
            <List component="div">
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
  );
}
