// /admin/tournament/create (from a template) and /admin/tournament/:id (edit, while registering
// only; buy-in and fee only while nobody is registered, as the server says).
import { Alert } from '@mui/material';
import { Create, Edit, useRecordContext, useTranslate } from 'react-admin';
import type { TournamentRecord } from '../dataProvider';
import { recordValues, templateValues, tournamentBody, type TournamentFormValues } from './formValues';
import { TournamentForm } from './TournamentForm';

const NEW_TOURNAMENT: TournamentFormValues = { ...templateValues('TURBO_SNG'), variant: 'NT', fee: 0, guarantee: 0, customPayouts: false };

export function TournamentCreate() {
  return (
    <Create redirect="show" transform={(v: TournamentFormValues) => tournamentBody(v)}>
      <TournamentForm create defaultValues={NEW_TOURNAMENT} />
    </Create>
  );
}

function EditForm() {
  const record = useRecordContext<TournamentRecord>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.status !== 'registering') return <Alert severity="info">{translate('resources.tournament.help.not_editable')}</Alert>;
  return <TournamentForm record={recordValues(record) as never} locked={record.playersLeft > 0} />;
}

export function TournamentEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={(v: TournamentFormValues) => tournamentBody(v)}>
      <EditForm />
    </Edit>
  );
}
