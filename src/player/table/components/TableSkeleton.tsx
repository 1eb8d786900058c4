import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Logo } from '../../components/Logo';
import { TABLE_ASIDE_STYLE, TABLE_ROOT_STYLE, feltLogoStyle, ovalStyle, panelSx } from './feltStyle';

export interface TableSkeletonProps {
  portrait: boolean;
  compact: boolean;
  connected: boolean;
  /** The table could not be opened (an error code of the table namespace). */
  error: string | null;
  onLobby: () => void;
  /** "Lobby", or "Close table" for a tile of the multi-table view. */
  lobbyLabel?: string;
  rootStyle?: CSSProperties;
}

/**
 * The table's frame while its first snapshot is on its way: the bar, the felt and the panel where
 * they will be, with the connection's state in the panel (as the big rooms open a table at once
 * rather than on a blank screen), and the way back to the lobby.
 */
export function TableSkeleton({ portrait, compact, connected, error, onLobby, lobbyLabel, rootStyle = TABLE_ROOT_STYLE }: TableSkeletonProps) {
  const { t } = useTranslation('table');
  return (
    <div data-testid="table-loading" style={rootStyle}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1, py: 0.5, bgcolor: 'rgba(0,0,0,.55)', minHeight: 48 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onLobby} sx={{ color: '#fff' }}>
          {lobbyLabel ?? t('toolbar.lobby')}
        </Button>
      </Box>
      <div style={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <div style={{ flex: 1, position: 'relative', minHeight: 0 }}>
          <div style={ovalStyle(portrait, compact)} />
          <div style={feltLogoStyle(portrait)}>
            <Logo size={compact ? 56 : 88} />
          </div>
          {!error && (
            <Box sx={{ position: 'absolute', left: '50%', top: '45%', transform: 'translate(-50%, -50%)', color: 'rgba(255,255,255,.7)' }}>
              <CircularProgress color="inherit" aria-label={t('banner.connecting')} />
            </Box>
          )}
        </div>
        {!compact && <aside style={TABLE_ASIDE_STYLE} />}
      </div>
      <Box sx={panelSx(compact)}>
        {error ? (
          <Alert severity="error">{t(`error.${error}`, { defaultValue: t('error.notFound') })}</Alert>
        ) : (
          <Typography sx={{ opacity: 0.85 }}>{connected ? t('panel.opening') : t('banner.connecting')}</Typography>
        )}
      </Box>
    </div>
  );
}
