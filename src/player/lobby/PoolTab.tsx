// The lobby's Fast fold tab (docs/fast-fold.md): the open pools (GET /user/pool), filtered by
// game, with the players in each; joining asks for the buy-in and opens the pool's page.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { api, keys, type List, type Pool } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useFormat } from '../hooks/useLang';
import { isApiError } from '../../shared/http';
import { LoadingRows, LobbyCard } from './LobbyList';
import { variantKey } from './TableList';

const POOLS_REFRESH_MS = 10_000;

function JoinDialog({ pool, onClose }: { pool: Pool; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { money } = useFormat();
  const { userInfo, refreshUser } = useAuth();
  const navigate = useNavigate();
  const [buyIn, setBuyIn] = useState(String(pool.maxBuyIn));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = Number(buyIn);
  const valid = Number.isInteger(amount) && amount >= pool.minBuyIn && amount <= pool.maxBuyIn;
  const join = async () => {
    if (!userInfo) return navigate(`/auth/login?next=/pool/${pool.poolId}`);
    setBusy(true);
    setError(null);
    try {
      await api.joinPool(pool.poolId, amount);
      void refreshUser();
      navigate(`/pool/${pool.poolId}`);
    } catch (err) {
      setError(
        isApiError(err) && i18n.exists(`errors.${err.code}`) && err.code !== 'INVALID_INPUT'
          ? t(`errors.${err.code}`)
          : isApiError(err)
            ? err.message
            : t('pool.error'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="pool-join-title" data-testid="pool-join-dialog">
      <DialogTitle id="pool-join-title">{t('pool.joinTitle', { name: pool.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('pool.joinBody', { min: money(pool.minBuyIn), max: money(pool.maxBuyIn) })}</DialogContentText>
        <TextField
          sx={{ mt: 2 }}
          fullWidth
          label={t('pool.buyIn')}
          value={buyIn}
          onChange={(e) => setBuyIn(e.target.value.replace(/\D/g, ''))}
          error={!valid}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'pool-buy-in' } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="pool-join-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('pool.cancel')}
        </Button>
        <Button variant="contained" onClick={join} disabled={busy || !valid} data-testid="pool-join-confirm">
          {t('pool.join')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function PoolTab() {
  const { t } = useTranslation();
  const { money } = useFormat();
  const [game, setGame] = useState('');
  const [joining, setJoining] = useState<Pool | null>(null);
  const { data, error, isLoading } = useSWR<List<Pool>>(keys.pools, { refreshInterval: POOLS_REFRESH_MS });
  const games = [...new Set((data?.items ?? []).map((p) => p.variant))];
  const items = (data?.items ?? []).filter((p) => !game || p.variant === game);
  return (
    <Box data-testid="pools">
      {games.length > 1 && (
        <TextField select size="small" label={t('lobby.filterGame')} value={game} onChange={(e) => setGame(e.target.value)} sx={{ mb: 1.5, minWidth: 200 }}>
          <MenuItem value="">{t('lobby.allGames')}</MenuItem>
          {games.map((v) => (
            <MenuItem key={v} value={v}>
              {t(variantKey(v))}
            </MenuItem>
          ))}
        </TextField>
      )}
      {error && !data && <Alert severity="error">{t('pool.error')}</Alert>}
      {isLoading && <LoadingRows />}
      {data && items.length === 0 && (
        <Alert severity="info" data-testid="pools-empty">
          {t('pool.empty')}
        </Alert>
      )}
      <Stack spacing={1.25}>
        {items.map((p) => (
          <LobbyCard key={p.poolId} testId={`pool-row-${p.poolId}`}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{p.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(variantKey(p.variant))} · {money(p.smallBlind)}/{money(p.bigBlind)} · {t('pool.seats', { count: p.maxPlayers })}
                </Typography>
              </Box>
              <Button variant="contained" size="small" onClick={() => setJoining(p)} data-testid={`pool-join-${p.poolId}`}>
                {t('pool.join')}
              </Button>
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1, gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">
                {t('lobby.buyIn')}: {money(p.minBuyIn)} – {money(p.maxBuyIn)}
              </Typography>
              <Typography variant="body2" data-testid={`pool-players-${p.poolId}`}>
                {t('pool.players', { count: p.players })}
              </Typography>
            </Box>
          </LobbyCard>
        ))}
      </Stack>
      {joining && <JoinDialog pool={joining} onClose={() => setJoining(null)} />}
    </Box>
  );
}
