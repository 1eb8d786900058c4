import { lazy, Suspense, useState } from 'react';
import { Box, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useRegularsTranslation } from '../components/regularsStrings';
import type { HandFilters } from '../../shared/api/regulars';
import { handSearchApi, regularsKeys, type HandSearchRow } from '../api/regularsApi';
import { useFormat } from '../hooks/useLang';
import { useNotify } from '../components/Notify';
import { saveFile } from '../../shared/ui/download';
import { downloadHands } from './phhDownload';
import { filtersKey } from './handFilters';
import { HandFiltersForm } from './HandFiltersForm';
import { PagedTable, type PagedColumn } from './PagedTable';

const HandReplayDialog = lazy(() => import('./HandReplayDialog'));

export const HANDS_PER_PAGE = 20;

/** The filtered hands as one .phhs file, with the count as it comes. */
function DownloadFound({ filters }: { filters: HandFilters }) {
  const { t } = useRegularsTranslation();
  const fmt = useFormat();
  const notify = useNotify();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const download = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const { file } = await downloadHands(handSearchApi.exportUrl(filters), (done, total) => setProgress({ done, total }));
      if (!file) notify(t('hands.downloadEmpty'), 'info');
      else saveFile(`mongol-poker-hands-filtered-${new Date().toISOString().slice(0, 10)}.phhs`, file);
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
        data-testid="download-found"
      >
        {t('hands.download')}
      </Button>
      {progress && progress.total > 0 && (
        <Typography variant="body2" role="status">
          {t('history.downloading', { done: fmt.number(progress.done), total: fmt.number(progress.total) })}
        </Typography>
      )}
    </Stack>
  );
}

/** The hand history: search and filter the player's hands, open one in the replayer, download the set as PHH. */
export default function HandsTab() {
  const { t } = useRegularsTranslation();
  const { signedMoney, money, dateTime, number } = useFormat();
  const [filters, setFilters] = useState<HandFilters>({});
  const [replay, setReplay] = useState<number | null>(null);
  const columns: PagedColumn<HandSearchRow>[] = [
    { header: t('hands.col.date'), render: (h) => dateTime(h.startedAt) },
    {
      header: t('hands.col.table'),
      sx: { overflowWrap: 'anywhere' },
      render: (h) => (
        <>
          {h.tableName}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t(`variant.${h.variant}`)} · {number(h.smallBlind)}/{number(h.bigBlind)}
          </Typography>
        </>
      ),
    },
    { header: t('hands.col.position'), wideOnly: true, render: (h) => h.position ?? '—' },
    { header: t('hands.col.cards'), render: (h) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{h.holeCards?.join(' ') ?? '—'}</span> },
    {
      header: t('hands.col.result'),
      align: 'right',
      rowSx: (h) => ({ fontWeight: 700, whiteSpace: 'nowrap', color: h.net > 0 ? 'success.main' : h.net < 0 ? 'error.main' : 'text.primary' }),
      render: (h) => signedMoney(h.net),
    },
    { header: t('hands.col.pot'), align: 'right', wideOnly: true, sx: { whiteSpace: 'nowrap' }, render: (h) => money(h.pot) },
    {
      header: t('hands.col.replay'),
      render: (h) => (
        <Link component="button" type="button" onClick={() => setReplay(h.handId)} data-testid={`hand-replay-${h.handId}`}>
          {t('history.replay')}
        </Link>
      ),
    },
  ];
  return (
    <Stack spacing={1.5}>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider' }}>
        <HandFiltersForm onApply={setFilters} />
      </Paper>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <DownloadFound filters={filters} />
      </Box>
      {replay !== null && (
        <Suspense fallback={null}>
          <HandReplayDialog handId={replay} onClose={() => setReplay(null)} />
        </Suspense>
      )}
      <PagedTable<HandSearchRow>
        key={filtersKey(filters)}
        swrKey={(page, perPage) => regularsKeys.handSearch(filters, page, perPage)}
        perPage={HANDS_PER_PAGE}
        columns={columns}
        testId="hands-list"
        emptyText={t('hands.empty')}
        rowTestId="hands-row"
        rowKey={(h) => h.handId}
      />
    </Stack>
  );
}
