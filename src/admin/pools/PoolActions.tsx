// A pool's actions in the list (docs/fast-fold.md): close it (nobody joins; everyone leaves after
// their hands, cashed out) and add house bots (they join with the maximum buy-in). Administrators only.
import BlockIcon from '@mui/icons-material/Block';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { DialogContentText, Stack, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { can } from '../auth/permissions';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { NamedButton } from '../common/NamedButton';
import { useConfirmAction } from '../common/useConfirmAction';
import type { AdminDataProvider, PoolRecord } from '../dataProvider';

function ClosePoolButton({ record }: { record: PoolRecord }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const action = useConfirmAction();
  const confirm = () =>
    void action.run(async () => {
      await dataProvider.call('closePool', { params: { poolId: record.poolId } });
      notify('resources.pool.notify.closed', { type: 'info', messageArgs: { name: record.name } });
    });
  return (
    <>
      <NamedButton
        label="resources.pool.action.close"
        onClick={action.show}
        disabled={action.pending}
        color="error"
        data-testid={`pool-close-${record.poolId}`}
      >
        <BlockIcon />
      </NamedButton>
      <ConfirmDialog
        action={action}
        titleId={`pool-close-title-${record.poolId}`}
        title={translate('resources.pool.confirm.close_title', { name: record.name })}
        confirmLabel="resources.pool.action.close"
        confirmColor="error"
        onConfirm={confirm}
        stopClicks
      >
        <DialogContentText>{translate('resources.pool.confirm.close_content', { players: record.players })}</DialogContentText>
      </ConfirmDialog>
    </>
  );
}

function PoolBotsButton({ record }: { record: PoolRecord }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const action = useConfirmAction();
  const [count, setCount] = useState('6');
  const n = Number(count);
  const invalid = !Number.isInteger(n) || n < 1 || n > 50;
  const confirm = () => {
    if (invalid) return;
    void action.run(async () => {
      await dataProvider.call('addPoolBots', { params: { poolId: record.poolId }, body: { count: n } });
      notify('resources.pool.notify.bots', { type: 'info', messageArgs: { n, name: record.name } });
    });
  };
  return (
    <>
      <NamedButton label="resources.pool.action.bots" onClick={action.show} disabled={action.pending}>
        <SmartToyIcon />
      </NamedButton>
      <ConfirmDialog
        action={action}
        titleId={`pool-bots-title-${record.poolId}`}
        title={translate('resources.pool.confirm.bots_title', { name: record.name })}
        confirmLabel="resources.pool.action.bots"
        invalid={invalid}
        onConfirm={confirm}
        stopClicks
      >
        <MuiTextField
          autoFocus
          type="number"
          margin="normal"
          label={translate('resources.pool.fields.botCount')}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={invalid}
          slotProps={{ htmlInput: { min: 1, max: 50, step: 1 } }}
        />
      </ConfirmDialog>
    </>
  );
}

export function PoolActions() {
  const record = useRecordContext<PoolRecord>();
  const { permissions } = usePermissions<string | null>();
  if (!record || record.status !== 'open' || !can(permissions, 'pool', 'edit')) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      <PoolBotsButton record={record} />
      <ClosePoolButton record={record} />
    </Stack>
  );
}
