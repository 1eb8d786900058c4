// Create and edit a content block: markdown in both languages, each beside a live preview rendered
// exactly as players will see it (the same sanitising Markdown component as the player app).
import { lazy, Suspense } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  Create,
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  regex,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { BlockRecord } from '../dataProvider';

const Markdown = lazy(() => import('../../shared/ui/Markdown'));

const MAX_CONTENT = 100_000;
const validateName = [required(), regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'resources.data.validation.name')];

function Preview({ lang }: { lang: 'en' | 'mn' }) {
  const translate = useTranslate();
  const source = (useWatch({ name: `content.${lang}` }) as string | undefined) ?? '';
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }} data-testid={`preview-${lang}`}>
      <Typography variant="overline" color="text.secondary">{translate('resources.data.preview')}</Typography>
      <Suspense fallback={null}>
        <Markdown source={source} />
      </Suspense>
    </Paper>
  );
}

function LangEditor({ lang }: { lang: 'en' | 'mn' }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, width: '100%', flexDirection: { xs: 'column', md: 'row' } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TextInput
          source={`content.${lang}`}
          multiline
          minRows={12}
          fullWidth
          validate={maxLength(MAX_CONTENT)}
          sx={{ '& textarea': { fontFamily: 'monospace' } }}
        />
      </Box>
      <Preview lang={lang} />
    </Box>
  );
}

function BlockForm({ edit }: { edit?: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="name" validate={validateName} readOnly={edit} helperText={edit ? false : "resources.data.help.name"} />
      {(['en', 'mn'] as const).map((lang) => (
        <Box key={lang} sx={{ width: '100%' }}>
          <Typography variant="h6" sx={{ mt: 1 }}>{translate(`resources.data.fields.content.${lang}`)}</Typography>
          <LangEditor lang={lang} />
        </Box>
      ))}
    </SimpleForm>
  );
}

function EditToolbar() {
  const record = useRecordContext<BlockRecord>();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" translateOptions={{ name: record?.name ?? '' }} />
    </Toolbar>
  );
}

export function BlockEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <BlockForm edit />
    </Edit>
  );
}

export function BlockCreate() {
  return (
    <Create redirect="list" record={{ name: '', content: { en: '', mn: '' } }}>
      <BlockForm />
    </Create>
  );
}
