// Change a user's role (administrators only), behind a confirmation that names the user and the
// new role: one button per other role (administrator, support agent, player).
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useState } from 'react';
import { ROLES, type Role } from '../../shared/api/enums';
import type { AdminDataProvider, UserRecord } from '../dataProvider';
import { useNotifyError } from '../common/notify';

const LABEL: Record<Role, string> = {
  ADMIN: 'resources.user.action.make_admin',
  SUPPORT: 'resources.user.action.make_support',
  PLAYER: 'resources.user.action.make_player',
};

export function ChangeRoleButton() {
  const record = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [next, setNext] = useState<Role | null>(null);
  const [pending, setPending] = useState(false);
  if (!record) return null;
  const confirm = async () => {
    if (!next) return;
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
      setNext(null);
    }
  };
  return (
    <>
      {ROLES.filter((r) => r !== record.role).map((r) => (
        <Button key={r} label={LABEL[r]} onClick={() => setNext(r)} disabled={pending}>
          <AdminPanelSettingsIcon />
        </Button>
      ))}
      <Confirm
        isOpen={next !== null}
        loading={pending}
        title="resources.user.confirm.role_title"
        content="resources.user.confirm.role_content"
        translateOptions={{ username: record.username, role: next ? translate(`admin.status.${next}`) : '' }}
        onConfirm={confirm}
        onClose={() => setNext(null)}
      />
    </>
  );
}
