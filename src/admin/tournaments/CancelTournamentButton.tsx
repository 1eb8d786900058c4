// Cancel a tournament before its start, with a reason: every entrant gets buy-in and fee back.
import CancelIcon from '@mui/icons-material/Cancel';
import { DialogContentText } from '@mui/material';
import { useDataProvider, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { formatMoney } from '../../shared/format';
import { can } from '../auth/permissions';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useLang } from '../common/fields';
import { NamedButton } from '../common/NamedButton';
import { ReasonField, useReason } from '../common/ReasonField';
import { useConfirmAction } from '../common/useConfirmAction';
import type { AdminDataProvider, TournamentRecord } from '../dataProvider';

export function CancelTournamentButton() {
  const record = useRecordContext<TournamentRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  const translate = useTranslate();
  const notify = useNotify();
  const lang = useLang();
  const action = useConfirmAction();
  const reason = useReason(200, translate('resources.tournament.validation.reason'));
  if (!record || record.status !== 'registering' || !can(permissions, 'tournament', 'cancel')) return null;
  const args = { name: record.name, players: record.playersLeft, amount: formatMoney(record.buyIn + record.fee, lang) };
  const confirm = () => {
    reason.touch();
    if (reason.invalid) return;
    void action.run(async () => {
      await dataProvider.cancelTournament(Number(record.id), reason.trimmed);
      notify('resources.tournament.notify.cancelled', { type: 'info', messageArgs: args });
    });
  };
  return (
    <>
      <NamedButton label="resources.tournament.action.cancel" color="error" onClick={action.show} disabled={action.pending}>
        <CancelIcon />
      </NamedButton>
      <ConfirmDialog
        action={action}
        titleId="cancel-tournament-title"
        title={translate('resources.tournament.confirm.cancel_title', args)}
        confirmLabel="resources.tournament.action.confirm_cancel"
        confirmColor="error"
        invalid={reason.invalid}
        onConfirm={confirm}
      >
        <DialogContentText>{translate('resources.tournament.confirm.cancel_content', args)}</DialogContentText>
        <ReasonField label={translate('resources.tournament.fields.cancelReason')} {...reason.field} />
      </ConfirmDialog>
    </>
  );
}
