// House bots for a tournament still registering (simulation, as at cash tables): each registers
// and pays like anyone, from the house's bot float; a sit & go they fill starts at once.
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { DialogContentText, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { can } from '../auth/permissions';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { NamedButton } from '../common/NamedButton';
import { useConfirmAction } from '../common/useConfirmAction';
import type { AdminDataProvider, TournamentRecord } from '../dataProvider';

export function AddBotsButton() {
  const record = useRecordContext<TournamentRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  const translate = useTranslate();
  const notify = useNotify();
  const action = useConfirmAction();
  const [count, setCount] = useState('');
  if (!record || record.status !== 'registering' || !can(permissions, 'tournament', 'edit')) return null;
  const free = Math.max(0, record.maxEntrants - record.playersLeft);
  const n = count === '' ? free : Number(count);
  const invalid = !Number.isInteger(n) || n < 1 || n > free;
  const confirm = () => {
    if (invalid) return;
    const before = record.playersLeft;
    void action.run(async () => {
      const { data } = await dataProvider.addTournamentBots(Number(record.id), n);
      notify('resources.tournament.notify.bots', { type: 'info', messageArgs: { n: data.entrants - before, name: record.name } });
    });
  };
  return (
    <>
      <NamedButton label="resources.tournament.action.bots" onClick={action.show} disabled={action.pending || free === 0}>
        <SmartToyIcon />
      </NamedButton>
      <ConfirmDialog
        action={action}
        titleId="tournament-bots-title"
        title={translate('resources.tournament.confirm.bots_title', { name: record.name })}
        confirmLabel="resources.tournament.action.confirm_bots"
        invalid={invalid}
        onConfirm={confirm}
      >
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
      </ConfirmDialog>
    </>
  );
}
