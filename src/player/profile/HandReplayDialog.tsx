import { useMemo } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type MyHand } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useFormat } from '../hooks/useLang';
import { HandReplayer } from '../../shared/ui/HandReplayer';
import { replayFromPhh } from '../../shared/ui/replay/fromPhh';
import { ensureTableStrings } from '../components/tableStrings';
import { useReplayerLabels } from '../../shared/ui/useReplayerLabels';
import { replayerNotes } from '../notes/SeatNote';

/** Replays one of the player's hands from game history (`GET /user/hand/:handId`, its PHH). */
export default function HandReplayDialog({ handId, onClose }: { handId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  ensureTableStrings(i18n);
  const { t: tableT } = useTranslation('table');
  const labels = useReplayerLabels(tableT, 'replay.', i18n.language);
  const { number } = useFormat();
  const { userInfo } = useAuth();
  const phone = useMediaQuery('(max-width:600px)');
  const adornName = useMemo(() => replayerNotes(userInfo?.username ?? null), [userInfo?.username]);
  const { data, error, isLoading } = useSWR<MyHand>(keys.myHand(handId));
  const hand = useMemo(() => {
    if (!data?.phh) return null;
    try {
      return replayFromPhh(data.phh, String(data.handId));
    } catch {
      return null;
    }
  }, [data]);
  const heroSeat = useMemo(() => {
    if (!hand || !userInfo) return null;
    const i = hand.players.findIndex((p) => p.name === userInfo.username);
    return i >= 0 ? hand.players[i].seat : null;
  }, [hand, userInfo]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="hand-replay">
      <DialogTitle>{t('history.replayTitle', { n: data?.handNumber ?? handId })}</DialogTitle>
      <DialogContent>
        {isLoading && <CircularProgress size={24} />}
        {(error || (data && !hand)) && <Alert severity="info">{t('history.replayUnavailable')}</Alert>}
        {hand && <HandReplayer hand={hand} labels={labels} formatAmount={number} heroSeat={heroSeat} nameAdornment={adornName} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
