// /pool/:id: a fast-fold pool as the player plays it (docs/fast-fold.md). The page follows the
// server's POOL_SEATED messages (usePoolTable): the table page of the table the player is dealt at
// now, or "waiting for the next hand" between tables. "Fold and go" folds the hand (when the action
// reaches the seat) and the next hand comes at another table; "Leave" leaves after the hand; a
// player the clock folded is told they sit out, with "I'm back". The
// pool can also be one of the tables of the multi-table view (/tables?add=p<id>).
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, IconButton, Paper, Stack, Typography } from '@mui/material';
import GridViewIcon from '@mui/icons-material/GridView';
import { useTranslation } from 'react-i18next';
import { TablePage } from '../table/TablePage';
import { useTableShell } from '../table/useTableShell';
import { PoolBar } from './PoolBar';
import { usePoolTable } from './usePoolTable';

export default function PoolRoute() {
  const { id = '' } = useParams();
  const poolId = Number(id);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shell = useTableShell();
  const { seat, tableId, busy, foldAndGo, back, leave } = usePoolTable(poolId);
  const onLobby = useCallback(() => navigate('/'), [navigate]);
  if (seat && !seat.inPool)
    return (
      <Alert severity="info" data-testid="pool-not-in" action={<Button onClick={onLobby}>{t('pool.lobby')}</Button>}>
        {t('pool.notIn')}
      </Alert>
    );
  const bar = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <PoolBar waiting={tableId === null} busy={busy} onFoldAndGo={foldAndGo} onLeave={() => void leave(onLobby)} />
      {/* Beside the tables already open (the multi-table view, up to four). */}
      <IconButton
        size="small"
        onClick={() => navigate(`/tables?add=p${poolId}`)}
        aria-label={t('pool.addToTables')}
        data-testid="pool-multi"
        sx={{ bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
      >
        <GridViewIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
  return (
    <Box data-testid="pool-page">
      {tableId === null ? (
        <Paper sx={{ p: 2, border: 1, borderColor: 'divider' }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 120 }}>{t('pool.title')}</Typography>
            {bar}
          </Stack>
          {seat?.away ? (
            <Alert
              severity="warning"
              sx={{ mt: 2 }}
              data-testid="pool-away"
              action={
                <Button color="inherit" onClick={() => void back()} disabled={busy} data-testid="pool-back">
                  {t('pool.back')}
                </Button>
              }
            >
              {t('pool.away')}
            </Alert>
          ) : (
            <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }} data-testid="pool-waiting">
              <CircularProgress aria-hidden />
              <Typography>{t('pool.waiting')}</Typography>
            </Stack>
          )}
        </Paper>
      ) : (
        <>
          <TablePage key={tableId} tableId={tableId} {...shell} onLobby={onLobby} replayHandId={null} />
          {/* The table fills the window (fixed, z-index 1200): the pool's buttons float over its top right, under its toolbar. */}
          <Box sx={{ position: 'fixed', top: 56, right: 8, zIndex: 1250 }}>{bar}</Box>
        </>
      )}
    </Box>
  );
}
