import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AddIcon from '@mui/icons-material/Add';
import GridViewIcon from '@mui/icons-material/GridView';
import FilterNoneIcon from '@mui/icons-material/FilterNone';
import { MAX_TABLES, type Layout } from './multiTable';

export interface MultiTableBarProps {
  count: number;
  layout: Layout;
  phone: boolean;
  full: boolean;
  onLobby: () => void;
  onLayout: (layout: Layout) => void;
  onAdd: () => void;
  onDismissFull: () => void;
}

/** The multi-table view's bar: back to the lobby, how many tables, tiled or stacked, add a table. */
export function MultiTableBar({ count, layout, phone, full, onLobby, onLayout, onAdd, onDismissFull }: MultiTableBarProps) {
  const { t } = useTranslation('table');
  return (
    <>
      <Box role="toolbar" aria-label={t('multi.title')} sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, minHeight: 44, bgcolor: 'rgba(0,0,0,.7)' }}>
        {phone ? (
          <IconButton aria-label={t('toolbar.lobby')} onClick={onLobby} sx={{ color: '#fff' }}>
            <ArrowBackIcon />
          </IconButton>
        ) : (
          <Button startIcon={<ArrowBackIcon />} onClick={onLobby} sx={{ color: '#fff' }}>
            {t('toolbar.lobby')}
          </Button>
        )}
        <Typography component="h1" sx={{ flex: 1, minWidth: 0, fontWeight: 700, fontSize: 15 }} noWrap>
          {t('multi.title')} ({count}/{MAX_TABLES})
        </Typography>
        {!phone && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={layout}
            onChange={(_, v: Layout | null) => v && onLayout(v)}
            aria-label={t('multi.layout')}
            sx={{
              '& .MuiToggleButton-root': { color: 'rgba(255,255,255,.85)', borderColor: 'rgba(255,255,255,.3)' },
              '& .Mui-selected': { color: '#fff !important', bgcolor: 'rgba(255,255,255,.2) !important' },
            }}
          >
            <ToggleButton value="tiled" aria-label={t('multi.tiled')} data-testid="layout-tiled">
              <GridViewIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton value="stacked" aria-label={t('multi.stacked')} data-testid="layout-stacked">
              <FilterNoneIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        )}
        <Button
          startIcon={<AddIcon />}
          onClick={onAdd}
          disabled={count >= MAX_TABLES}
          data-testid="multi-add"
          sx={{ color: '#fff', '&.Mui-disabled': { color: 'rgba(255,255,255,.5)' } }}
        >
          {t('multi.add')}
        </Button>
      </Box>
      {full && (
        <Alert severity="info" variant="filled" onClose={onDismissFull} sx={{ borderRadius: 0, py: 0 }} data-testid="multi-full">
          {t('multi.full', { n: MAX_TABLES })}
        </Alert>
      )}
    </>
  );
}
