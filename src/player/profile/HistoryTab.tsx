import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router-dom';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type List, type Outcome } from '../api';
import { useFormat } from '../hooks/useLang';
import { useNotify } from '../components/Notify';
import { buildPhhs, fetchMyHands, saveText } from './phhDownload';

// The replayer (and the table's strings it speaks) load only when a replay is opened.
const HandReplayDialog = lazy(() => import('./HandReplayDialog'));

export const HISTORY_PER_PAGE = 15;

/** Newest first, whatever order a page arrives in (the server already sorts; this keeps it so). */
export function newestFirst(items: Outcome[]): Outcome[] {
  return [...items].sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id);
}

/** The table page opened on a hand's replay (the table's toolbar replayer). */
export function tableReplayPath(tableId: number, handId: number): string {
  return `/table/${tableId}?replay=${handId}`;
}

/** The hand a row belongs to, when it has one (its replay opens from the row). */
export function replayHandId(o: Pick<Outcome, 'handId'>): number | null {
  return typeof o.handId === 'number' ? o.handId : null;
}

function DownloadHands() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const hands = await fetchMyHands();
      const text = buildPhhs(hands);
      if (!text) notify(t('history.downloadEmpty'), 'info');
      else saveText(`mongol-poker-hands-${new Date().toISOString().slice(0, 10)}.phhs`, text);
    } catch {
      notify(t('errors.loadFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      onClick={download}
      disabled={busy}
      data-testid="download-phh"
    >
      {t('history.download')}
    </Button>
  );
}

export default function HistoryTab() {
  const { t, i18n } = useTranslation();
  const { signedMoney, dateTime } = useFormat();
  const [page, setPage] = useState(0);
  const { data, error, isLoading } = useSWR<List<Outcome>>(keys.outcome(page + 1, HISTORY_PER_PAGE));
  const typeLabel = (type: string) => (i18n.exists(`outcome.${type}`) ? t(`outcome.${type}`) : type);
  const [replay, setReplay] = useState<number | null>(null);

  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <DownloadHands />
      </Box>
      {replay !== null && (
        <Suspense fallback={null}>
          <HandReplayDialog handId={replay} onClose={() => setReplay(null)} />
        </Suspense>
      )}
      {error && <Alert severity="error">{t('errors.loadFailed')}</Alert>}
      {isLoading && <CircularProgress size={24} />}
      {data && data.items.length === 0 && <Alert severity="info">{t('history.empty')}</Alert>}
      {data && data.items.length > 0 && (
        <Paper sx={{ border: 1, borderColor: 'divider', overflow: 'hidden' }}>
          <Table size="small" data-testid="history-list" sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('wallet.code')}</TableCell>
                <TableCell>{t('history.type')}</TableCell>
                <TableCell align="right">{t('wallet.amount')}</TableCell>
                <TableCell>{t('history.date')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {newestFirst(data.items).map((o) => {
                const handId = replayHandId(o);
                return (
                  <TableRow key={o.id} data-testid="history-row">
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, overflowWrap: 'anywhere' }}>{o.code}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {typeLabel(o.type)}
                      {handId !== null && (
                        <Link
                          component="button"
                          type="button"
                          onClick={() => setReplay(handId)}
                          sx={{ display: 'block', fontSize: '0.8rem', textAlign: 'left' }}
                          data-testid={`replay-${handId}`}
                        >
                          {t('history.replay')}
                        </Link>
                      )}
                      {handId !== null && o.tableId !== null && (
                        <Link
                          component={RouterLink}
                          to={tableReplayPath(o.tableId, handId)}
                          aria-label={`${t('history.replay')} (#${o.tableId})`}
                          title={`${t('history.replay')} (#${o.tableId})`}
                          sx={{ fontSize: '0.8rem', display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
                          data-testid={`table-replay-${handId}`}
                        >
                          #{o.tableId}
                          <OpenInNewIcon sx={{ fontSize: '0.9rem' }} />
                        </Link>
                      )}
                      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                        {o.code}
                      </Typography>
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: o.amount >= 0 ? 'success.main' : 'error.main' }}
                    >
                      {signedMoney(o.amount)}
                    </TableCell>
                    <TableCell>{dateTime(o.date)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={HISTORY_PER_PAGE}
            rowsPerPageOptions={[HISTORY_PER_PAGE]}
            onPageChange={(_, p) => setPage(p)}
            labelDisplayedRows={({ from, to, count }) => t('paging.rows', { from, to, count })}
          />
        </Paper>
      )}
    </Stack>
  );
}
