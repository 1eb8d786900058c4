// Approve / reject one withdrawal, each behind a confirmation. Buttons stay disabled while the
// call runs; the server resolves a withdrawal once only (a second click, or a colleague's, gets
// 409 ALREADY_RESOLVED, shown in words) and the list is refreshed either way. Approve is disabled
// while the withdrawal waits for its payout hold (the server refuses it: 409 PAYOUT_COOLING_OFF);
// reject stays possible, for a change the player did not make. Above the two-person threshold the
// button says which approval it gives (1 of 2, 2 of 2); the first approver, and the player
// themselves, cannot give the second (the server refuses it too: SAME_APPROVER, OWN_WITHDRAWAL).
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { DialogContentText } from '@mui/material';
import { Confirm, useDataProvider, useGetIdentity, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatMoney } from '../../shared/format';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { bankName, useLang } from '../common/fields';
import { NamedButton } from '../common/NamedButton';
import { ReasonField, useReason } from '../common/ReasonField';
import { useConfirmAction } from '../common/useConfirmAction';
import { activeHold } from './PayoutHold';
import type { AdminDataProvider, WithdrawalRecord } from '../dataProvider';

function useWithdrawalArgs(record: WithdrawalRecord | undefined) {
  const lang = useLang();
  if (!record) return {};
  return {
    code: record.code,
    username: record.username,
    amount: formatMoney(record.amount, lang),
    bank: bankName(record.bank, lang),
    account: record.accountNumber,
  };
}

/** 0: one approval pays; 1: the first of two (moves nothing); 2: the second of two (pays). */
export function approvalStep(w: Pick<WithdrawalRecord, 'approvalsNeeded' | 'firstApprovedBy'>): 0 | 1 | 2 {
  if ((w.approvalsNeeded ?? 1) < 2) return 0;
  return w.firstApprovedBy ? 2 : 1;
}

export function ApproveButton() {
  const record = useRecordContext<WithdrawalRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const action = useConfirmAction();
  const translate = useTranslate();
  const lang = useLang();
  const args = useWithdrawalArgs(record);
  const { identity } = useGetIdentity();
  if (!record || record.status !== 'NOT_APPROVED') return null;
  const hold = activeHold(record.holdUntil);
  const step = approvalStep(record);
  const me = identity?.fullName;
  const blocked = record.userId === identity?.id ? 'own' : step === 2 && record.firstApprovedBy === me ? 'same' : null;
  const why = hold
    ? translate('resources.withdraw.hold.why', { date: formatDateTime(hold, lang) })
    : blocked
      ? translate(`resources.withdraw.blocked.${blocked}`)
      : undefined;
  const confirm = () =>
    action.run(async () => {
      try {
        await dataProvider.approveWithdrawal(record.id);
      } catch (e) {
        // The hold the server knows of may be newer than the list's: said as a warning, with its end.
        const body = (e as { body?: { code?: string; details?: { message: string }[] } })?.body;
        if (body?.code !== 'PAYOUT_COOLING_OFF') throw e;
        notify('resources.withdraw.notify.cooling_off', {
          type: 'warning',
          messageArgs: { ...args, date: formatDateTime(body.details?.[0]?.message ?? record.holdUntil ?? null, lang) },
        });
        return;
      }
      notify(step === 1 ? 'resources.withdraw.notify.first_approval' : 'resources.withdraw.notify.approved', { type: 'success', messageArgs: args });
    });
  const approveLabel = step === 0 ? 'resources.withdraw.action.approve' : `resources.withdraw.action.approve_${step}`;
  return (
    <>
      <span title={why}>
        <NamedButton
          label={approveLabel}
          color="success"
          variant="outlined"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
          disabled={action.pending || !!hold || !!blocked}
          data-testid="approve-withdrawal"
          onClick={(e) => {
            e.stopPropagation();
            action.show();
          }}
        >
          <CheckIcon />
        </NamedButton>
      </span>
      <Confirm
        isOpen={action.open}
        loading={action.pending}
        title="resources.withdraw.confirm.approve_title"
        content={step === 0 ? 'resources.withdraw.confirm.approve_content' : `resources.withdraw.confirm.approve_content_${step}`}
        translateOptions={{ ...args, first: record.firstApprovedBy ?? '' }}
        confirm="resources.withdraw.action.approve"
        onConfirm={confirm}
        onClose={action.close}
      />
    </>
  );
}

export function RejectButton() {
  const record = useRecordContext<WithdrawalRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const action = useConfirmAction();
  const reason = useReason(500, translate('resources.withdraw.validation.reason'));
  const args = useWithdrawalArgs(record);
  const { identity } = useGetIdentity();
  if (!record || record.status !== 'NOT_APPROVED') return null;
  const own = record.userId === identity?.id;
  const confirm = () => {
    reason.touch();
    if (reason.invalid) return;
    void action.run(async () => {
      await dataProvider.rejectWithdrawal(record.id, reason.trimmed);
      notify('resources.withdraw.notify.rejected', { type: 'info', messageArgs: args });
      reason.reset();
    });
  };
  return (
    <>
      <NamedButton
        label="resources.withdraw.action.reject"
        color="error"
        variant="outlined"
        size="small"
        sx={{ whiteSpace: 'nowrap' }}
        disabled={action.pending || own}
        title={own ? translate('resources.withdraw.blocked.own') : undefined}
        onClick={(e) => {
          e.stopPropagation();
          action.show();
        }}
      >
        <CloseIcon />
      </NamedButton>
      <ConfirmDialog
        action={action}
        titleId={`reject-title-${record.id}`}
        title={translate('resources.withdraw.confirm.reject_title', args)}
        confirmLabel="resources.withdraw.action.reject"
        confirmColor="error"
        invalid={reason.shown}
        onConfirm={confirm}
        stopClicks
      >
        <DialogContentText>{translate('resources.withdraw.confirm.reject_content', args)}</DialogContentText>
        <ReasonField label={translate('resources.withdraw.fields.rejectReason')} {...reason.field} />
      </ConfirmDialog>
    </>
  );
}
