// /pool/:id: a fast-fold pool as the player plays it (docs/fast-fold.md). The page follows the
// server's POOL_SEATED messages: the table page of the table the player is dealt at now, or
// "waiting for the next hand" between tables. "Fold and go" folds the hand (when the action
// reaches the seat) and the next hand comes at another table; "Leave" leaves after the hand.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { api, keys, type PoolSeat } from '../api';
import { useSocket, useSocketMessage } from '../socket/SocketContext';
import { TablePage } from '../table/TablePage';
import { useTableShell } from '../table/useTableShell';

export default function PoolRoute() {
  const { id = '' } = useParams();
  const poolId = Number(id);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shell = useTableShell();
  const { client } = useSocket();
  const { data: seat, mutate } = useSWR<PoolSeat>(Number.isInteger(poolId) && poolId > 0 ? keys.poolSeat(poolId) : null);
  const [tableId, setTableId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (seat) setTableId(seat.tableId);
  }, [seat]);
  useSocketMessage('GAME', (m) => {
    if (m.action !== 'POOL_SEATED' || m.poolId !== poolId) return;
    setTableId(m.tableId);
    if (m.tableId === null) void mutate();
  });
  const onLobby = useCallback(() => navigate('/'), [navigate]);
  const foldAndGo = () => {
    if (tableId === null) return;
    client.request({ type: 'GAME', action: 'FAST_FOLD', tableId }).catch(() => undefined);
  };
  // Away (the clock folded them): dealt in again once they say so.
  const back = async () => {
    setBusy(true);
    try {
      await mutate(await api.poolBack(poolId), { revalidate: false });
    } catch {
      await mutate();
    } finally {
      setBusy(false);
    }
  };
  const leave = async () => {
    setBusy(true);
    try {
      await api.leavePool(poolId);
    } finally {
      setBusy(false);
      navigate('/');
    }
  };
  if (seat && !seat.inPool)
    return (
      <Alert severity="info" data-testid="pool-not-in" action={<Button onClick={onLobby}>{t('pool.lobby')}</Button>}>
        {t('pool.notIn')}
      </Alert>
    );
  const bar = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button size="small" variant="contained" color="warning" onClick={foldAndGo} disabled={tableId === null} data-testid="pool-fold-and-go">
        {t('pool.foldAndGo')}
      </Button>
      <Button size="small" variant="contained" color="inherit" onClick={leave} disabled={busy} data-testid="pool-leave" sx={{ color: 'text.primary' }}>
        {t('pool.leave')}
      </Button>
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
                <Button color="inherit" onClick={back} disabled={busy} data-testid="pool-back">
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
