import { lazy, Suspense, useState } from 'react';
import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { keys, type Outcome } from '../api';
import { useFormat } from '../hooks/useLang';
import { useNotify } from '../components/Notify';
import { saveFile } from '../../shared/ui/download';
import { downloadMyHands } from './phhDownload';
import { PagedTable, type PagedColumn } from './PagedTable';

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
  const fmt = useFormat();
  const notify = useNotify();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const download = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const { file } = await downloadMyHands((done, total) => setProgress({ done, total }));
      if (!file) notify(t('history.downloadEmpty'), 'info');
      else saveFile(`mongol-poker-hands-${new Date().toISOString().slice(0, 10)}.phhs`, file);
    } catch {
      notify(t('errors.loadFailed'), 'error');
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={progress ? <CircularProgress size={16} /> : <DownloadIcon />}
        onClick={download}
        disabled={progress !== null}
        data-testid="download-phh"
      >
        {t('history.download')}
      </Button>
      {progress && progress.total > 0 && (
        <Typography variant="body2" role="status" data-testid="download-progress">
          {t('history.downloading', { done: fmt.number(progress.done), total: fmt.number(progress.total) })}
        </Typography>
      )}
    </Stack>
  );
}

/** A hand row's replay: in a dialog here, or on its table's page. */
function ReplayLinks({ outcome: o, onReplay }: { outcome: Outcome; onReplay: (handId: number) => void }) {
  const { t } = useTranslation();
  const handId = replayHandId(o);
  if (handId === null) return null;
  return (
    <>
      <Link
        component="button"
        type="button"
        onClick={() => onReplay(handId)}
        sx={{ display: 'block', fontSize: '0.8rem', textAlign: 'left' }}
        data-testid={`replay-${handId}`}
      >
        {t('history.replay')}
      </Link>
      {o.tableId !== null && (
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
    </>
  );
}

export default function HistoryTab() {
  const { t, i18n } = useTranslation();
  const { signedMoney, dateTime } = useFormat();
  const typeLabel = (type: string) => (i18n.exists(`outcome.${type}`) ? t(`outcome.${type}`) : type);
  const [replay, setReplay] = useState<number | null>(null);
  const columns: PagedColumn<Outcome>[] = [
    { header: t('wallet.code'), wideOnly: true, sx: { overflowWrap: 'anywhere' }, render: (o) => o.code },
    {
      header: t('history.type'),
      sx: { overflowWrap: 'anywhere' },
      render: (o) => (
        <>
          {typeLabel(o.type)}
          <ReplayLinks outcome={o} onReplay={setReplay} />
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
            {o.code}
          </Typography>
        </>
      ),
    },
    {
      header: t('wallet.amount'),
      align: 'right',
      rowSx: (o) => ({ fontWeight: 700, whiteSpace: 'nowrap', color: o.amount >= 0 ? 'success.main' : 'error.main' }),
      render: (o) => signedMoney(o.amount),
    },
    { header: t('history.date'), render: (o) => dateTime(o.date) },
  ];

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
      <PagedTable<Outcome>
        swrKey={keys.outcome}
        perPage={HISTORY_PER_PAGE}
        columns={columns}
        testId="history-list"
        emptyText={t('history.empty')}
        rowTestId="history-row"
        order={newestFirst}
        alwaysPaginate
      />
    </Stack>
  );
}
