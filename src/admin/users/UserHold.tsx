// The support hold for review: while it is set the player can neither ask for a withdrawal nor
// have one approved. Staff put it with a reason and release it; both are in the audit trail.
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { formatDateTime } from '../../shared/format';
import { can } from '../auth/permissions';
import { useLang } from '../common/fields';
import { useNotifyError } from '../common/notify';
import type { AdminDataProvider, UserRecord } from '../dataProvider';
import { LabelButton } from '../common/LabelButton';

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
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  if (!record || !can(permissions, 'user', 'hold') || record.status !== 'active') return null;
  const held = !!record.hold;
  const run = async () => {
    if (pending || (!held && !reason.trim())) return;
    setPending(true);
    try {
      if (held) await dataProvider.releaseUser(record.userId);
      else await dataProvider.holdUser(record.userId, reason.trim());
      notify(held ? 'resources.user.hold.released' : 'resources.user.hold.placed', { type: 'info', messageArgs: { username: record.username } });
      setOpen(false);
      setReason('');
    } catch (e) {
      notifyError(e);
    } finally {
      setPending(false);
      refresh();
    }
  };
  return (
    <>
      <Button
        label={held ? 'resources.user.hold.release' : 'resources.user.hold.place'}
        onClick={() => setOpen(true)}
        disabled={pending}
        data-testid="hold-button"
      >
        {held ? <LockOpenIcon /> : <LockIcon />}
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} aria-labelledby="hold-title">
        <DialogTitle id="hold-title">
          {translate(held ? 'resources.user.hold.release_title' : 'resources.user.hold.place_title', { username: record.username })}
        </DialogTitle>
        <DialogContent>
          {translate(held ? 'resources.user.hold.release_content' : 'resources.user.hold.place_content')}
          {!held && (
            <Box mt={2}>
              <MuiTextField
                autoFocus
                fullWidth
                multiline
                minRows={2}
                label={translate('resources.user.hold.reason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={() => setOpen(false)} disabled={pending} />
          <LabelButton
            label={held ? 'resources.user.hold.release' : 'resources.user.hold.place'}
            variant="contained"
            color="warning"
            onClick={run}
            disabled={pending || (!held && !reason.trim())}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
