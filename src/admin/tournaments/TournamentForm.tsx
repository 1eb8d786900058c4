// The tournament form (create and edit): a template fills the kind, structure, starting stack,
// table size and field; the levels are an array of rows (blind level or break); the payout table
// is the default unless a custom one is given as JSON. The contract's rules validate it.
import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { BooleanInput, DateTimeInput, NumberInput, SelectInput, SimpleForm, TextInput, useTranslate, type SimpleFormProps } from 'react-admin';
import { TOURNAMENT_KINDS, VARIANTS } from '../../shared/api/enums';
import { LevelsEditor } from './LevelsEditor';
import { TEMPLATE_NAMES, templateValues, validateTournament, type TemplateName, type TournamentFormValues } from './formValues';

const W = { fullWidth: false, sx: { width: 200 } } as const;

/** Fills the form from the chosen template (not on the first render: the defaults already are one). */
function TemplateApplier() {
  const { setValue } = useFormContext<TournamentFormValues>();
  const template = useWatch<TournamentFormValues, 'template'>({ name: 'template' });
  const last = useRef(template);
  useEffect(() => {
    if (!template || template === last.current) return;
    last.current = template;
    const v = templateValues(template as TemplateName);
    for (const [k, value] of Object.entries(v)) if (k !== 'template') setValue(k as keyof TournamentFormValues, value as never, { shouldDirty: true });
  }, [template, setValue]);
  return null;
}

/** Shows its children for one kind of tournament only (watching the kind alone). */
function ForKind({ kind, children }: { kind: 'sng' | 'mtt'; children: ReactNode }) {
  const value = useWatch<TournamentFormValues, 'kind'>({ name: 'kind' });
  return value === kind ? <>{children}</> : null;
}

function WhenCustomPayouts({ children }: { children: ReactNode }) {
  const custom = useWatch<TournamentFormValues, 'customPayouts'>({ name: 'customPayouts' });
  return custom ? <>{children}</> : null;
}

export function TournamentForm({ create, locked, ...rest }: { create?: boolean; locked?: boolean } & Omit<SimpleFormProps, 'children'>) {
  const translate = useTranslate();
  return (
    <SimpleForm validate={validateTournament as never} {...rest}>
      {create && (
        <>
          <SelectInput
            source="template"
            label="resources.tournament.fields.template"
            choices={TEMPLATE_NAMES.map((t) => ({ id: t, name: translate(`resources.tournament.templates.${t}`) }))}
            helperText="resources.tournament.help.template"
            {...W}
            sx={{ width: 320 }}
          />
          <TemplateApplier />
        </>
      )}
      <TextInput source="name" fullWidth sx={{ maxWidth: 480 }} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <SelectInput source="kind" choices={TOURNAMENT_KINDS.map((k) => ({ id: k, name: translate(`resources.tournament.kind.${k}`) }))} {...W} />
        <SelectInput source="variant" choices={VARIANTS.map((v) => ({ id: v, name: translate(`admin.variant.${v}`) }))} {...W} />
        <ForKind kind="mtt">
          <DateTimeInput source="startsAt" {...W} sx={{ width: 240 }} />
        </ForKind>
      </Box>
      <Typography variant="subtitle2">{translate('resources.tournament.sections.money')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput source="buyIn" step={1} disabled={locked} helperText={locked ? 'resources.tournament.help.locked' : undefined} {...W} />
        <NumberInput source="fee" step={1} disabled={locked} {...W} />
        <NumberInput source="guarantee" step={1} {...W} />
      </Box>
      <Typography variant="subtitle2">{translate('resources.tournament.sections.field')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput source="startingStack" step={1} {...W} />
        <SelectInput source="tableSize" choices={[2, 6, 9].map((n) => ({ id: n, name: String(n) }))} {...W} />
        <NumberInput source="minEntrants" step={1} {...W} />
        <NumberInput source="maxEntrants" step={1} {...W} />
        <ForKind kind="mtt">
          <NumberInput source="lateRegLevels" step={1} {...W} />
          <NumberInput source="reentryMax" step={1} {...W} />
          <NumberInput source="rebuyLevels" step={1} helperText="resources.tournament.help.rebuyLevels" {...W} />
          <NumberInput source="rebuyMax" step={1} {...W} />
          <NumberInput source="addonChips" step={1} {...W} />
        </ForKind>
      </Box>
      <Typography variant="subtitle2">{translate('resources.tournament.sections.structure')}</Typography>
      <LevelsEditor />
      <Typography variant="subtitle2">{translate('resources.tournament.sections.payouts')}</Typography>
      <BooleanInput source="customPayouts" helperText="resources.tournament.help.payouts" />
      <WhenCustomPayouts>
        <TextInput source="payoutJson" multiline minRows={4} fullWidth helperText="resources.tournament.help.payoutJson" sx={{ fontFamily: 'monospace' }} />
      </WhenCustomPayouts>
    </SimpleForm>
  );
}
