import { CreateButton,
  ExportButton, Datagrid, EditButton, List, TextField, TopToolbar, useRecordContext } from 'react-admin';
import type { BlockRecord } from '../dataProvider';
import { DateTimeField } from '../common/fields';

/** The first line of the block in the admin's language, so a list row says what the block holds. */
function Excerpt({ lang }: { lang: 'en' | 'mn'; label?: string }) {
  const record = useRecordContext<BlockRecord>();
  const text = (record?.content[lang] ?? '').replace(/[#*_>`]/g, '').trim().split('\n')[0] ?? '';
  return <span>{text.length > 80 ? `${text.slice(0, 80)}…` : text || '—'}</span>;
}

export function BlockList() {
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      actions={
        <TopToolbar>
          <CreateButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="name" />
        <Excerpt lang="en" label="resources.data.fields.content.en" />
        <Excerpt lang="mn" label="resources.data.fields.content.mn" />
        <DateTimeField source="updatedAt" />
        <EditButton />
      </Datagrid>
    </List>
  );
}
