// House bots for a tournament still registering (simulation, as at cash tables): each registers
// and pays like anyone, from the house's bot float; a sit & go they fill starts at once.
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { can } from '../auth/permissions';
import { LabelButton } from '../common/LabelButton';
import { useNotifyError } from '../common/notify';
import type { AdminDataProvider, TournamentRecord } from '../dataProvider';

export function AddBotsButton() {
  const record = useRecordContext<TournamentRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [count, setCount] = useState('');
  if (!record || record.status !== 'registering' || !can(permissions, 'tournament', 'edit')) return null;
  const free = Math.max(0, record.maxEntrants - record.playersLeft);
  const n = count === '' ? free : Number(count);
  const invalid = !Number.isInteger(n) || n < 1 || n > free;
  const confirm = async () => {
    if (invalid || pending) return;
    setPending(true);
    try {
      const before = record.playersLeft;
      const { data } = await dataProvider.addTournamentBots(Number(record.id), n);
      notify('resources.tournament.notify.bots', { type: 'info', messageArgs: { n: data.entrants - before, name: record.name } });
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
        label="resources.tournament.action.bots"
        aria-label={translate('resources.tournament.action.bots')}
        onClick={() => setOpen(true)}
        disabled={pending || free === 0}
      >
        <SmartToyIcon />
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} aria-labelledby="tournament-bots-title">
        <DialogTitle id="tournament-bots-title">{translate('resources.tournament.confirm.bots_title', { name: record.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.tournament.confirm.bots_content', { free })}</DialogContentText>
          <MuiTextField
            autoFocus
            type="number"
            margin="normal"
            label={translate('resources.tournament.fields.botCount')}
            value={count === '' ? String(free) : count}
            onChange={(e) => setCount(e.target.value)}
            error={invalid}
            slotProps={{ htmlInput: { min: 1, max: free, step: 1, 'data-testid': 'tournament-bot-count' } }}
          />
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={() => setOpen(false)} disabled={pending} />
          <LabelButton label="resources.tournament.action.confirm_bots" variant="contained" onClick={confirm} disabled={pending || invalid} />
        </DialogActions>
      </Dialog>
    </>
  );
}
