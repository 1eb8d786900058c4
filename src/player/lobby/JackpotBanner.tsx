import { useEffect, useState } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type Jackpot } from '../api';
import { useSocketMessage } from '../socket/SocketContext';
import { useFormat } from '../hooks/useLang';
import { useCountUp } from './useCountUp';

/** The bad-beat jackpot: first from `GET /user/jackpot`, then live from GAME/JACKPOT_UPDATE. */
export function JackpotBanner() {
  const { t } = useTranslation();
  const { money } = useFormat();
  // Guests have no socket: poll slowly. Signed-in players get the live value too.
  const { data } = useSWR<Jackpot>(keys.jackpot, { refreshInterval: 60_000 });
  const [live, setLive] = useState<number | null>(null);
  useEffect(() => {
    if (data) setLive(data.amount);
  }, [data]);
  useSocketMessage('GAME', (m) => {
    if (m.action === 'JACKPOT_UPDATE' && typeof m.amount === 'number') setLive(m.amount);
  });
  // Until the first effect has run, the HTTP value is already the one to show.
  const amount = live ?? data?.amount ?? null;
  const shown = useCountUp(amount);
  return (
    <Paper
      data-testid="jackpot"
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        color: '#fff7e0',
        background: 'linear-gradient(135deg, #0b4f33 0%, #0b7a4b 55%, #b07d12 130%)',
        borderRadius: 3,
        overflow: 'hidden',
      }}
    >
      <EmojiEventsIcon sx={{ fontSize: { xs: 40, sm: 52 }, color: '#f5c84c' }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" sx={{ letterSpacing: 1.5, opacity: 0.9 }}>
          {t('lobby.jackpot')}
        </Typography>
        <Typography
          data-testid="jackpot-amount"
          data-amount={amount ?? ''}
          sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', sm: '2.2rem' }, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}
        >
          {shown === null ? '—' : money(shown)}
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.85 }}>
          {t('lobby.jackpotHint')}
        </Typography>
      </Box>
    </Paper>
  );
}
