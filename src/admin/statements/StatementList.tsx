// Uploaded bank statements: the bank, the file, the period it covers, its lines (added, known
// from an earlier upload) and what became of them; a statement's page lists its lines.
import { Typography } from '@mui/material';
import { Datagrid, List, NumberField, Pagination, ReferenceManyField, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField, bankName, useLang } from '../common/fields';
import { ListActions } from '../common/ListActions';
import type { StatementRecord } from '../dataProvider';
import { LineGrid } from '../statementLines/LineList';

function BankText(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<StatementRecord>();
  const lang = useLang();
  return <span>{bankName(record?.bank, lang)}</span>;
}

export function StatementList() {
  return (
    <List empty={false} sort={{ field: 'id', order: 'DESC' }} perPage={25} actions={<ListActions create="statement" />}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="id" />
        <BankText source="bank" />
        <TextField source="filename" sortable={false} />
        <DateTimeField source="periodFrom" />
        <DateTimeField source="periodTo" />
        <NumberField source="added" sortable={false} />
        <NumberField source="duplicates" sortable={false} />
        <NumberField source="proposed" sortable={false} />
        <NumberField source="unmatched" sortable={false} />
        <NumberField source="credited" sortable={false} />
        <TextField source="uploadedBy" sortable={false} />
        <DateTimeField source="uploadedAt" />
      </Datagrid>
    </List>
  );
}

function Summary() {
  const record = useRecordContext<StatementRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <Typography variant="body2">{translate('resources.statement.summary', { ...record })}</Typography>;
}

export function StatementShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <BankText source="bank" />
        <TextField source="filename" />
        <TextField source="format" />
        <DateTimeField source="periodFrom" />
        <DateTimeField source="periodTo" />
        <Summary />
        <ReferenceManyField reference="statementLine" target="statementId" label="resources.statement.lines" perPage={50} pagination={<Pagination />}>
          <LineGrid />
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}
