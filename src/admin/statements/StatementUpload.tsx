// Upload a bank statement (docs/payments.md, "Bank statements"): the bank, the format (AUTO finds
// the columns by their names), and the CSV file. The file is read here as UTF-8, else as
// Windows-1251 (older exports); the server checks every line and refuses the whole file with the
// problems listed, or a file uploaded before (409). Then the statement's page shows its lines.
import { Typography } from '@mui/material';
import { useState } from 'react';
import { Create, SaveButton, SelectInput, SimpleForm, Toolbar, required, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { STATEMENT_FORMATS } from '../../shared/api/bank';
import { BANKS } from '../../shared/api/enums';
import { useLang } from '../common/fields';

/** The file's text: UTF-8 when it is valid UTF-8, else Windows-1251. */
export function decodeStatement(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

function FileInput() {
  const translate = useTranslate();
  const { setValue, register } = useFormContext();
  const [name, setName] = useState('');
  register('content', { required: true });
  register('filename', { required: true });
  const read = async (file: File | undefined) => {
    if (!file) return;
    const text = decodeStatement(await file.arrayBuffer());
    setName(file.name);
    setValue('filename', file.name, { shouldDirty: true });
    setValue('content', text, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <label>
      <Typography variant="body2" component="span" sx={{ mr: 1 }}>
        {translate('resources.statement.fields.file')}
      </Typography>
      <input type="file" accept=".csv,.txt,text/csv" data-testid="statement-file" onChange={(e) => void read(e.target.files?.[0])} />
      {name && (
        <Typography variant="caption" component="div">
          {name}
        </Typography>
      )}
    </label>
  );
}

export function StatementUpload() {
  const translate = useTranslate();
  const lang = useLang();
  const banks = BANKS.map((b) => ({ id: b.code, name: lang === 'mn' ? b.nameMn : b.name }));
  const formats = STATEMENT_FORMATS.map((f) => ({ id: f, name: translate(`resources.statement.formats.${f}`, { _: f }) }));
  return (
    <Create redirect="show" title="resources.statement.upload">
      <SimpleForm
        defaultValues={{ format: 'AUTO' }}
        toolbar={
          <Toolbar>
            <SaveButton label="resources.statement.upload" />
          </Toolbar>
        }
      >
        <Typography variant="body2" color="text.secondary">
          {translate('resources.statement.help')}
        </Typography>
        <SelectInput source="bank" choices={banks} validate={required()} />
        <SelectInput source="format" choices={formats} validate={required()} />
        <FileInput />
      </SimpleForm>
    </Create>
  );
}
