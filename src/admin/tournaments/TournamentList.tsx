// /admin/tournament: every tournament with a status filter (registering first by default order of
// start), the kind filter and the CSV export; a row opens the tournament's page. Creating is for
// administrators only.
import { Datagrid, FunctionField, List, SelectInput, TextField, useTranslate } from 'react-admin';
import { TOURNAMENT_KINDS, TOURNAMENT_STATUSES } from '../../shared/api/enums';
import { formatDateTime, formatMoney } from '../../shared/format';
import { StatusField, useLang } from '../common/fields';
import { statusFilter } from '../common/filters';
import { ListActions } from '../common/ListActions';
import type { TournamentRecord } from '../dataProvider';

function useFilters() {
  const translate = useTranslate();
  return [
    statusFilter(translate, TOURNAMENT_STATUSES, 'resources.tournament.filters.all'),
    <SelectInput key="kind" source="kind" choices={TOURNAMENT_KINDS.map((k) => ({ id: k, name: translate(`resources.tournament.kind.${k}`) }))} />,
  ];
}

export function TournamentList() {
  const filters = useFilters();
  const translate = useTranslate();
  const lang = useLang();
  return (
    <List filters={filters} sort={{ field: 'startsAt', order: 'DESC' }} perPage={25} actions={<ListActions create="tournament" />}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="name" />
        <FunctionField<TournamentRecord> source="kind" render={(t) => translate(`resources.tournament.kind.${t.kind}`)} />
        <StatusField source="status" />
        <FunctionField<TournamentRecord>
          source="startsAt"
          render={(t) => (t.startsAt ? formatDateTime(t.startsAt, lang) : translate('resources.tournament.when_full', { n: t.maxEntrants }))}
        />
        <FunctionField<TournamentRecord>
          source="buyIn"
          label="resources.tournament.fields.buyInFee"
          render={(t) => <span style={{ whiteSpace: 'nowrap' }}>{`${formatMoney(t.buyIn, lang)} + ${formatMoney(t.fee, lang)}`}</span>}
        />
        <FunctionField<TournamentRecord> label="resources.tournament.fields.entrants" sortable={false} render={(t) => `${t.entrants} / ${t.maxEntrants}`} />
        <FunctionField<TournamentRecord>
          label="resources.tournament.fields.prizePool"
          sortable={false}
          render={(t) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(t.prizePool, lang)}</span>}
        />
        <FunctionField<TournamentRecord>
          source="guarantee"
          sortable={false}
          render={(t) => (t.guarantee > 0 ? <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(t.guarantee, lang)}</span> : '—')}
        />
      </Datagrid>
    </List>
  );
}
