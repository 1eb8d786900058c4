import { memo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import SettingsIcon from '@mui/icons-material/Settings';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import LogoutIcon from '@mui/icons-material/Logout';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';

export interface ToolbarItem {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

export interface TableToolbarProps {
  title: string;
  subtitle: string;
  compact: boolean;
  seated: boolean;
  sittingOut: boolean;
  canAddChips: boolean;
  fullscreen: boolean;
  onLobby: () => void;
  /** "Lobby", or "Close table" for a tile of the multi-table view. */
  lobbyLabel?: string;
  onAddChips: () => void;
  onReplay: () => void;
  onInfo: () => void;
  onSettings: () => void;
  onSitOut: () => void;
  onSitIn: () => void;
  onFullscreen: () => void;
  onLeave: () => void;
  onChat?: () => void;
}

/** SPEC §2 toolbar: add chips, replay, information, settings, sit out, full screen, leave table, lobby. */
export const TableToolbar = memo(function TableToolbar(p: TableToolbarProps) {
  const { t } = useTranslation('table');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const items: ToolbarItem[] = [
    { key: 'addChips', label: t('toolbar.addChips'), icon: <AddCircleOutlineIcon />, onClick: p.onAddChips, disabled: !p.seated || !p.canAddChips },
    { key: 'replay', label: t('toolbar.replay'), icon: <ReplayIcon />, onClick: p.onReplay },
    { key: 'info', label: t('toolbar.info'), icon: <InfoOutlinedIcon />, onClick: p.onInfo },
    { key: 'settings', label: t('toolbar.settings'), icon: <SettingsIcon />, onClick: p.onSettings },
    p.sittingOut
      ? { key: 'sitIn', label: t('toolbar.sitIn'), icon: <PlayCircleOutlineIcon />, onClick: p.onSitIn, disabled: !p.seated }
      : { key: 'sitOut', label: t('toolbar.sitOut'), icon: <PauseCircleOutlineIcon />, onClick: p.onSitOut, disabled: !p.seated },
    {
      key: 'fullscreen',
      label: p.fullscreen ? t('toolbar.exitFullscreen') : t('toolbar.fullscreen'),
      icon: p.fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />,
      onClick: p.onFullscreen,
    },
    { key: 'leave', label: t('toolbar.leave'), icon: <LogoutIcon />, onClick: p.onLeave, disabled: !p.seated },
  ];
  return (
    <Box
      // A plain block: <header> is a banner landmark, and a toolbar role is not allowed on it.
      component="div"
      role="toolbar"
      aria-label={t('toolbar.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.5, bgcolor: 'rgba(0,0,0,.55)', color: '#fff', minHeight: 48 }}
    >
      {p.compact ? (
        <IconButton aria-label={p.lobbyLabel ?? t('toolbar.lobby')} data-testid="toolbar-lobby" onClick={p.onLobby} sx={{ color: '#fff' }}>
          <ArrowBackIcon />
        </IconButton>
      ) : (
        <Button startIcon={<ArrowBackIcon />} data-testid="toolbar-lobby" onClick={p.onLobby} sx={{ color: '#fff' }}>
          {p.lobbyLabel ?? t('toolbar.lobby')}
        </Button>
      )}
      <Box sx={{ flex: 1, minWidth: 0, px: 1 }}>
        <Typography noWrap sx={{ fontWeight: 700, fontSize: p.compact ? 14 : 16, lineHeight: 1.2 }}>
          {p.title}
        </Typography>
        <Typography noWrap sx={{ fontSize: 12, opacity: 0.8 }}>
          {p.subtitle}
        </Typography>
      </Box>
      {p.onChat && (
        <IconButton aria-label={t('toolbar.chat')} data-testid="toolbar-chat" onClick={p.onChat} sx={{ color: '#fff' }}>
          <ChatIcon />
        </IconButton>
      )}
      {p.compact ? (
        <>
          <IconButton aria-label={t('toolbar.more')} data-testid="toolbar-more" onClick={(e) => setMenu(e.currentTarget)} sx={{ color: '#fff' }}>
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            {items.map((it) => (
              <MenuItem
                key={it.key}
                data-testid={`toolbar-${it.key}`}
                disabled={it.disabled}
                onClick={() => {
                  setMenu(null);
                  it.onClick();
                }}
              >
                <ListItemIcon>{it.icon}</ListItemIcon>
                {it.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        items.map((it) => (
          <Tooltip key={it.key} title={it.label}>
            <span>
              <IconButton
                aria-label={it.label}
                data-testid={`toolbar-${it.key}`}
                onClick={it.onClick}
                disabled={it.disabled}
                sx={{ color: '#fff', '&.Mui-disabled': { color: 'rgba(255,255,255,.3)' } }}
              >
                {it.icon}
              </IconButton>
            </span>
          </Tooltip>
        ))
      )}
    </Box>
  );
});
