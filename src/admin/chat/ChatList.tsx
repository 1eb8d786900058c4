// Chat moderation (staff): every message, newest first, hidden ones marked; "Hide" takes a message
// out of the chat history (it stays here for the record, and in the audit trail).
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Confirm, Datagrid, List, NumberInput, SelectInput, TextField, useDelete, useNotify, useRecordContext } from 'react-admin';
import { DateTimeField, UserLinkField } from '../common/fields';
import { NamedButton } from '../common/NamedButton';
import { useConfirmAction } from '../common/useConfirmAction';
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
  const action = useConfirmAction();
  const [remove] = useDelete();
  const notify = useNotify();
  if (!record || record.hiddenAt) return null;
  const confirm = () =>
    action.run(async () => {
      await remove('chat', { id: record.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('resources.chat.notify.hidden', { type: 'info' });
    });
  return (
    <>
      <NamedButton label="resources.chat.action.hide" color="warning" onClick={action.show} disabled={action.pending}>
        <VisibilityOffIcon />
      </NamedButton>
      <Confirm
        isOpen={action.open}
        loading={action.pending}
        title="resources.chat.confirm.title"
        content="resources.chat.confirm.content"
        translateOptions={{ username: record.username, text: record.text }}
        onConfirm={confirm}
        onClose={action.close}
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
