// Change a user's role, behind a confirmation that names the user and the new role.
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useState } from 'react';
import type { Role } from '../../shared/api/enums';
import type { AdminDataProvider, UserRecord } from '../dataProvider';
import { useNotifyError } from '../common/notify';

export function ChangeRoleButton() {
  const record = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const next: Role = record.role === 'ADMIN' ? 'PLAYER' : 'ADMIN';
  const confirm = async () => {
    setPending(true);
    try {
      await dataProvider.changeRole(record.userId, next);
      notify('resources.user.notify.role_changed', {
        type: 'success',
        messageArgs: { username: record.username, role: translate(`admin.status.${next}`) },
      });
      refresh();
    } catch (e) {
      notifyError(e);
    } finally {
      setPending(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        label={next === 'ADMIN' ? 'resources.user.action.make_admin' : 'resources.user.action.make_player'}
        onClick={() => setOpen(true)}
        disabled={pending}
      >
        <AdminPanelSettingsIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="resources.user.confirm.role_title"
        content="resources.user.confirm.role_content"
        translateOptions={{ username: record.username, role: translate(`admin.status.${next}`) }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
