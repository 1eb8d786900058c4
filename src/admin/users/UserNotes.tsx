// Support notes on the user page: newest first, and a box to add one (staff only; the player never
// sees them). Each note is in the audit trail.
import { Box, Stack, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { Datagrid, Pagination, ReferenceManyField, TextField, useCreate, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useTranslate } from 'react-admin';
import { DateTimeField } from '../common/fields';
import { useNotifyError } from '../common/notify';
import type { UserRecord } from '../dataProvider';
import { LabelButton } from '../common/LabelButton';

function AddNote() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  if (!record) return null;
  const save = () => {
    if (!text.trim()) return;
    void create(
      'note',
      { data: { userId: record.userId, text: text.trim() } },
      {
        onSuccess: () => {
          setText('');
          notify('resources.note.added', { type: 'info' });
          refresh();
        },
        onError: (e) => notifyError(e),
      },
    );
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
      <MuiTextField
        fullWidth
        multiline
        minRows={2}
        size="small"
        label={translate('resources.note.new')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'note-text' } }}
      />
      <Box>
        <LabelButton label="resources.note.add" variant="contained" onClick={save} disabled={isPending || !text.trim()} />
      </Box>
    </Stack>
  );
}

export function UserNotes() {
  return (
    <>
      <AddNote />
      <ReferenceManyField reference="note" target="userId" sort={{ field: 'id', order: 'DESC' }} perPage={10} pagination={<Pagination />}>
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyNotes />}>
          <DateTimeField source="createdAt" label="resources.note.fields.createdAt" />
          <TextField source="author" label="resources.note.fields.author" sortable={false} />
          <TextField source="text" label="resources.note.fields.text" sortable={false} sx={{ whiteSpace: 'pre-wrap' }} />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
}

function EmptyNotes() {
  const translate = useTranslate();
  return <Box sx={{ p: 2, color: 'text.secondary' }}>{translate('resources.note.empty')}</Box>;
}
