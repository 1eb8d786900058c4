// Chat moderation (staff): every message, newest first, hidden ones marked; "Hide" takes a message
// out of the chat history (it stays here for the record, and in the audit trail).
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import {
  Button,
  Confirm,
  Datagrid,
  List,
  NumberInput,
  SelectInput,
  TextField,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { DateTimeField, UserLinkField } from '../common/fields';
import { useNotifyError } from '../common/notify';
import type { ChatRecord } from '../dataProvider';

const filters = [
  <SelectInput
    key="hidden"
    source="hidden"
    alwaysOn
    choices={[
      { id: 'false', name: 'resources.chat.filters.shown' },
      { id: 'true', name: 'resources.chat.filters.hidden' },
    ]}
  />,
  <NumberInput key="userId" source="userId" min={1} step={1} />,
  <NumberInput key="tableId" source="tableId" min={1} step={1} />,
];

function HideButton() {
  const record = useRecordContext<ChatRecord>();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const translate = useTranslate();
  if (!record || record.hiddenAt) return null;
  const confirm = () =>
    remove(
      'chat',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('resources.chat.notify.hidden', { type: 'info' }),
        onError: (e) => notifyError(e),
        onSettled: () => {
          setOpen(false);
          refresh();
        },
      },
    );
  return (
    <>
      <Button
        label="resources.chat.action.hide"
        aria-label={translate('resources.chat.action.hide')}
        color="warning"
        onClick={() => setOpen(true)}
        disabled={isPending}
      >
        <VisibilityOffIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="resources.chat.confirm.title"
        content="resources.chat.confirm.content"
        translateOptions={{ username: record.username, text: record.text }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function ChatList() {
  return (
    <List filters={filters} filterDefaultValues={{ hidden: 'false' }} sort={{ field: 'id', order: 'DESC' }} perPage={50}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateTimeField source="createdAt" />
        <UserLinkField source="username" />
        <TextField source="tableId" emptyText="—" sortable={false} />
        <TextField source="text" sortable={false} sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} />
        <TextField source="hiddenBy" emptyText="—" sortable={false} />
        <HideButton />
      </Datagrid>
    </List>
  );
}
