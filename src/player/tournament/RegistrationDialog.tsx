// The confirmation of a registration (what is taken from the wallet: buy-in to the prize pool,
// fee to the house) or of an unregistration (the same amount back). The server's refusal
// (REGISTRATION_CLOSED, TOURNAMENT_FULL, INSUFFICIENT_BALANCE, ...) is shown in the dialog.
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { api, keys, type TournamentSummary } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/Notify';
import { useFormat } from '../hooks/useLang';
import { isApiError } from '../../shared/http';
import { totalCost } from './text';

export default function RegistrationDialog({
  tournament: s,
  mode,
  onClose,
}: {
  tournament: TournamentSummary;
  mode: 'register' | 'unregister';
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { money } = useFormat();
  const { userBalance, refreshUser } = useAuth();
  const { mutate } = useSWRConfig();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const args = { name: s.name, total: money(totalCost(s)), buyIn: money(s.buyIn), fee: money(s.fee), balance: money(userBalance) };

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (mode === 'register') await api.registerTournament(s.id);
      else await api.unregisterTournament(s.id);
      notify(t(mode === 'register' ? 'tournament.registeredOk' : 'tournament.unregisteredOk', args), 'success');
      onClose();
    } catch (err) {
      let msg = t('tournament.unknownError');
      if (isApiError(err) && err.status === 0) msg = t('errors.network');
      else if (isApiError(err)) msg = i18n.exists(`errors.${err.code}`) && err.code !== 'INVALID_INPUT' ? t(`errors.${err.code}`) : err.message || msg;
      setError(msg);
    } finally {
      setBusy(false);
      // Either way the list, the page and the balance may have changed.
      void mutate(keys.tournaments);
      void mutate(keys.tournament(s.id));
      void refreshUser();
    }
  };

  const titleId = `tournament-dialog-${s.id}`;
  // A registration after the start is a late entry (or a re-entry): it cannot be taken back.
  const kind = mode === 'unregister' ? 'unregister' : s.status !== 'running' ? 'register' : s.bustedEntries > 0 ? 'reenter' : 'late';
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby={titleId} data-testid="tournament-dialog">
      <DialogTitle id={titleId}>{t(`tournament.confirm.${kind === 'late' ? 'register' : kind}Title`, args)}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="tournament-dialog-text">{t(`tournament.confirm.${kind === 'late' ? 'late' : kind}Body`, args)}</DialogContentText>
        {mode === 'register' && <DialogContentText sx={{ mt: 1 }}>{t('tournament.confirm.balance', args)}</DialogContentText>}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="tournament-dialog-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('tournament.confirm.cancel')}
        </Button>
        <Button variant="contained" color={mode === 'register' ? 'primary' : 'error'} onClick={confirm} disabled={busy} data-testid="tournament-dialog-confirm">
          {t(`tournament.confirm.${kind === 'reenter' ? 'reenter' : mode}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
