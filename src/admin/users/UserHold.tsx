// The support hold for review: while it is set the player can neither ask for a withdrawal nor
// have one approved. Staff put it with a reason and release it; both are in the audit trail.
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Alert } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../shared/format';
import { can } from '../auth/permissions';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useLang } from '../common/fields';
import { ReasonField } from '../common/ReasonField';
import { useConfirmAction } from '../common/useConfirmAction';
import type { AdminDataProvider, UserRecord } from '../dataProvider';

/** "On hold since … by …: reason", or nothing. */
export function HoldBanner() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const lang = useLang();
  if (!record?.hold) return null;
  return (
    <Alert severity="warning" data-testid="user-hold" sx={{ mb: 2 }}>
      {translate('resources.user.hold.banner', { date: formatDateTime(record.hold.since, lang), by: record.hold.by ?? '—', reason: record.hold.reason })}
    </Alert>
  );
}

export function HoldButton() {
  const record = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  const translate = useTranslate();
  const notify = useNotify();
  const action = useConfirmAction();
  const [reason, setReason] = useState('');
  if (!record || !can(permissions, 'user', 'hold') || record.status !== 'active') return null;
  const held = !!record.hold;
  const invalid = !held && !reason.trim();
  const run = () => {
    if (invalid) return;
    // A failed hold keeps the dialog and its reason, to try again.
    void action.run(
      async () => {
        if (held) await dataProvider.releaseUser(record.userId);
        else await dataProvider.holdUser(record.userId, reason.trim());
        notify(held ? 'resources.user.hold.released' : 'resources.user.hold.placed', { type: 'info', messageArgs: { username: record.username } });
        setReason('');
      },
      { keepOpen: true },
    );
  };
  return (
    <>
      <Button
        label={held ? 'resources.user.hold.release' : 'resources.user.hold.place'}
        onClick={action.show}
        disabled={action.pending}
        data-testid="hold-button"
      >
        {held ? <LockOpenIcon /> : <LockIcon />}
      </Button>
      <ConfirmDialog
        action={action}
        titleId="hold-title"
        title={translate(held ? 'resources.user.hold.release_title' : 'resources.user.hold.place_title', { username: record.username })}
        confirmLabel={held ? 'resources.user.hold.release' : 'resources.user.hold.place'}
        confirmColor="warning"
        invalid={invalid}
        onConfirm={run}
      >
        {translate(held ? 'resources.user.hold.release_content' : 'resources.user.hold.place_content')}
        {!held && <ReasonField label={translate('resources.user.hold.reason')} value={reason} onChange={setReason} maxLength={500} />}
      </ConfirmDialog>
    </>
  );
}
