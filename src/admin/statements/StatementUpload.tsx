// Upload a bank statement (docs/payments.md, "Bank statements"): the bank, the format (AUTO finds
// the columns by their names), and the CSV file. The file is read here as UTF-8, else as
// Windows-1251 (older exports); the server checks every line and refuses the whole file with the
// problems listed (shown here, up to 20, by line), or a file uploaded before (409). Then the
// statement's page shows its lines.
import { Alert, Typography } from '@mui/material';
import { useState } from 'react';
import { Create, SaveButton, SelectInput, SimpleForm, Toolbar, required, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { STATEMENT_FORMATS } from '../../shared/api/bank';
import { BANKS } from '../../shared/api/enums';
import { useLang } from '../common/fields';
import { useNotifyError } from '../common/notify';

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

/** The problems of a refused file (400 STATEMENT_INVALID: `details`, one per bad line). */
function problemsOf(e: unknown): string[] {
  const details = (e as { body?: { details?: { path: string; message: string }[] } })?.body?.details;
  return Array.isArray(details) ? details.map((d) => `${d.path}: ${d.message}`) : [];
}

export function StatementUpload() {
  const translate = useTranslate();
  const lang = useLang();
  const notifyError = useNotifyError();
  const [problems, setProblems] = useState<string[]>([]);
  const banks = BANKS.map((b) => ({ id: b.code, name: lang === 'mn' ? b.nameMn : b.name }));
  const formats = STATEMENT_FORMATS.map((f) => ({ id: f, name: translate(`resources.statement.formats.${f}`, { _: f }) }));
  return (
    <Create
      redirect="show"
      title="resources.statement.upload"
      mutationOptions={{
        onError: (e: unknown) => {
          setProblems(problemsOf(e));
          notifyError(e);
        },
      }}
    >
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
        {problems.length > 0 && (
          <Alert severity="error" data-testid="statement-problems" sx={{ mt: 2 }}>
            <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        )}
      </SimpleForm>
    </Create>
  );
}
