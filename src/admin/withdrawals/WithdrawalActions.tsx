// Approve / reject one withdrawal, each behind a confirmation. Buttons stay disabled while the
// call runs; the server resolves a withdrawal once only (a second click, or a colleague's, gets
// 409 ALREADY_RESOLVED, shown in words) and the list is refreshed either way. Approve is disabled
// while the withdrawal waits for its payout hold (the server refuses it: 409 PAYOUT_COOLING_OFF);
// reject stays possible, for a change the player did not make. Above the two-person threshold the
// button says which approval it gives (1 of 2, 2 of 2); the first approver, and the player
// themselves, cannot give the second (the server refuses it too: SAME_APPROVER, OWN_WITHDRAWAL).
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { formatDateTime, formatMoney } from '../../shared/format';
import { bankName, useLang } from '../common/fields';
import { useNotifyError } from '../common/notify';
import { activeHold } from './PayoutHold';
import type { AdminDataProvider, WithdrawalRecord } from '../dataProvider';
import { LabelButton } from '../common/LabelButton';

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
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
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
  const confirm = async () => {
    if (pending) return;
    setPending(true);
    try {
      await dataProvider.approveWithdrawal(record.id);
      notify(step === 1 ? 'resources.withdraw.notify.first_approval' : 'resources.withdraw.notify.approved', { type: 'success', messageArgs: args });
    } catch (e) {
      const body = (e as { body?: { code?: string; details?: { message: string }[] } })?.body;
      if (body?.code === 'PAYOUT_COOLING_OFF')
        notify('resources.withdraw.notify.cooling_off', {
          type: 'warning',
          messageArgs: { ...args, date: formatDateTime(body.details?.[0]?.message ?? record.holdUntil ?? null, lang) },
        });
      else notifyError(e);
    } finally {
      setPending(false);
      setOpen(false);
      refresh();
    }
  };
  const approveLabel = step === 0 ? 'resources.withdraw.action.approve' : `resources.withdraw.action.approve_${step}`;
  return (
    <>
      <span title={why}>
        {/* The name given here too: on a phone react-admin's Button is an icon button, nameless when disabled (axe: button-name). */}
        <Button
          label={approveLabel}
          aria-label={translate(approveLabel)}
          color="success"
          variant="outlined"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
          disabled={pending || !!hold || !!blocked}
          data-testid="approve-withdrawal"
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
        >
          <CheckIcon />
        </Button>
      </span>
      <Confirm
        isOpen={open}
        loading={pending}
        title="resources.withdraw.confirm.approve_title"
        content={step === 0 ? 'resources.withdraw.confirm.approve_content' : `resources.withdraw.confirm.approve_content_${step}`}
        translateOptions={{ ...args, first: record.firstApprovedBy ?? '' }}
        confirm="resources.withdraw.action.approve"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function RejectButton() {
  const record = useRecordContext<WithdrawalRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const args = useWithdrawalArgs(record);
  const { identity } = useGetIdentity();
  if (!record || record.status !== 'NOT_APPROVED') return null;
  const own = record.userId === identity?.id;
  const trimmed = reason.trim();
  const invalid = trimmed.length === 0 || trimmed.length > 500;
  const confirm = async () => {
    setTouched(true);
    if (invalid || pending) return;
    setPending(true);
    try {
      await dataProvider.rejectWithdrawal(record.id, trimmed);
      notify('resources.withdraw.notify.rejected', { type: 'info', messageArgs: args });
      setOpen(false);
      setReason('');
      setTouched(false);
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
        label="resources.withdraw.action.reject"
        aria-label={translate('resources.withdraw.action.reject')}
        color="error"
        variant="outlined"
        size="small"
        sx={{ whiteSpace: 'nowrap' }}
        disabled={pending || own}
        title={own ? translate('resources.withdraw.blocked.own') : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <CloseIcon />
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} aria-labelledby={`reject-title-${record.id}`} onClick={(e) => e.stopPropagation()}>
        <DialogTitle id={`reject-title-${record.id}`}>{translate('resources.withdraw.confirm.reject_title', args)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.withdraw.confirm.reject_content', args)}</DialogContentText>
          <Box mt={2}>
            <MuiTextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              label={translate('resources.withdraw.fields.rejectReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && invalid}
              helperText={touched && invalid ? translate('resources.withdraw.validation.reason') : ' '}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={() => setOpen(false)} disabled={pending} />
          <LabelButton
            label="resources.withdraw.action.reject"
            color="error"
            variant="contained"
            onClick={confirm}
            disabled={pending || (touched && invalid)}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
