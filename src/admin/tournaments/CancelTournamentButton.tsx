// Cancel a tournament before its start, with a reason: every entrant gets buy-in and fee back.
import CancelIcon from '@mui/icons-material/Cancel';
import { Box, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { formatMoney } from '../../shared/format';
import { can } from '../auth/permissions';
import { LabelButton } from '../common/LabelButton';
import { useLang } from '../common/fields';
import { useNotifyError } from '../common/notify';
import type { AdminDataProvider, TournamentRecord } from '../dataProvider';

export function CancelTournamentButton() {
  const record = useRecordContext<TournamentRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  if (!record || record.status !== 'registering' || !can(permissions, 'tournament', 'cancel')) return null;
  const trimmed = reason.trim();
  const invalid = trimmed.length === 0 || trimmed.length > 200;
  const args = { name: record.name, players: record.playersLeft, amount: formatMoney(record.buyIn + record.fee, lang) };
  const confirm = async () => {
    setTouched(true);
    if (invalid || pending) return;
    setPending(true);
    try {
      await dataProvider.cancelTournament(Number(record.id), trimmed);
      notify('resources.tournament.notify.cancelled', { type: 'info', messageArgs: args });
      setOpen(false);
    } catch (e) {
      notifyError(e);
      setOpen(false);
    } finally {
      setPending(false);
      refresh();
    }
  };
  return (
    <>
      <Button
        label="resources.tournament.action.cancel"
        aria-label={translate('resources.tournament.action.cancel')}
        color="error"
        onClick={() => setOpen(true)}
        disabled={pending}
      >
        <CancelIcon />
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} aria-labelledby="cancel-tournament-title">
        <DialogTitle id="cancel-tournament-title">{translate('resources.tournament.confirm.cancel_title', args)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.tournament.confirm.cancel_content', args)}</DialogContentText>
          <Box mt={2}>
            <MuiTextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              label={translate('resources.tournament.fields.cancelReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && invalid}
              helperText={touched && invalid ? translate('resources.tournament.validation.reason') : ' '}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={() => setOpen(false)} disabled={pending} />
          <LabelButton label="resources.tournament.action.confirm_cancel" color="error" variant="contained" onClick={confirm} disabled={pending || invalid} />
        </DialogActions>
      </Dialog>
    </>
  );
}
