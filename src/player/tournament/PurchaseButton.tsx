// Rebuy / add-on: the button while the player may buy (tournament page and table strip), and a
// confirmation naming the chips and what the wallet pays. The chips go on between hands.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { api, keys, type TournamentDetail } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/Notify';
import { useFormat } from '../hooks/useLang';
import { isApiError } from '../../shared/http';
import { purchaseOffers, totalCost } from './text';

export function PurchaseButtons({ d, size = 'small' }: { d: TournamentDetail; size?: 'small' | 'medium' }) {
  const { userInfo } = useAuth();
  const offers = purchaseOffers(d, userInfo ? Number(userInfo.userId) : null);
  return (
    <>
      {offers.map((kind) => (
        <PurchaseButton key={kind} d={d} kind={kind} size={size} />
      ))}
    </>
  );
}

function PurchaseButton({ d, kind, size }: { d: TournamentDetail; kind: 'rebuy' | 'addon'; size: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  const { money, number } = useFormat();
  const { refreshUser } = useAuth();
  const { mutate } = useSWRConfig();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chips = kind === 'rebuy' ? d.startingStack : d.addonChips;
  const args = { chips: number(chips), total: money(totalCost(d)), buyIn: money(d.buyIn), fee: money(d.fee) };

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.buyTournamentChips(d.id, kind);
      notify(t(`tournament.purchase.${kind}Ok`, args), 'success');
      setOpen(false);
    } catch (err) {
      let msg = t('tournament.unknownError');
      if (isApiError(err) && err.status === 0) msg = t('errors.network');
      else if (isApiError(err)) msg = i18n.exists(`errors.${err.code}`) ? t(`errors.${err.code}`) : err.message || msg;
      setError(msg);
    } finally {
      setBusy(false);
      void mutate(keys.tournament(d.id));
      void refreshUser();
    }
  };

  const titleId = `tournament-${kind}-title`;
  return (
    <>
      <Button
        size={size}
        variant="contained"
        color="secondary"
        onClick={() => setOpen(true)}
        data-testid={`tournament-${kind}`}
        sx={{ whiteSpace: 'nowrap', ml: 1 }}
      >
        {t(`tournament.purchase.${kind}`, args)}
      </Button>
      {open && (
        <Dialog open onClose={() => !busy && setOpen(false)} aria-labelledby={titleId} data-testid="tournament-purchase-dialog">
          <DialogTitle id={titleId}>{t(`tournament.purchase.${kind}Title`, args)}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('tournament.purchase.body', args)}</DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="tournament-purchase-error">
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              {t('tournament.confirm.cancel')}
            </Button>
            <Button variant="contained" onClick={confirm} disabled={busy} data-testid="tournament-purchase-confirm">
              {t('tournament.purchase.pay', args)}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
