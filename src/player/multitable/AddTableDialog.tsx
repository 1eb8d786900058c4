import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { keys, type List as Page, type Table } from '../api';
import { useFormat } from '../hooks/useLang';
import type { TileId } from './multiTable';

/** Picks a lobby table to open beside the others (open tables, not already shown). */
export function AddTableDialog({
  open,
  openIds,
  onPick,
  onClose,
}: {
  open: boolean;
  openIds: readonly TileId[];
  onPick: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('table');
  const { number } = useFormat();
  const { data, error } = useSWR<Page<Table>>(open ? keys.tables : null);
  const tables = (data?.items ?? []).filter((tb) => tb.status !== 'closed' && !openIds.includes(tb.tableId));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="add-table-dialog">
      <DialogTitle>{t('multi.addTitle')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {!data && !error && <CircularProgress size={24} sx={{ m: 2 }} aria-label={t('banner.connecting')} />}
        {error && <Alert severity="error">{t('error.generic')}</Alert>}
        {data && tables.length === 0 && <Alert severity="info">{t('multi.noMore')}</Alert>}
        <List dense>
          {tables.map((tb) => (
            <ListItemButton key={tb.tableId} onClick={() => onPick(tb.tableId)} data-testid={`add-table-${tb.tableId}`}>
              <ListItemText
                primary={tb.name}
                secondary={`${t(`variant.${tb.variant}`, { defaultValue: tb.variant })} · ${number(tb.smallBlind)}/${number(tb.bigBlind)} · ${tb.players}/${tb.maxPlayers}`}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('multi.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
