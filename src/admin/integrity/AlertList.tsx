// Integrity alerts, highest score first: filters by signal, status, score and player; CSV export
// with the players and reasons spelled out.
import { Datagrid, defaultExporter, FunctionField, List, NumberField, NumberInput, SelectInput, useTranslate, type Exporter } from 'react-admin';
import { ALERT_STATUSES, SIGNAL_KINDS, type Alert } from '../../shared/api/integrity';
import { ListActions } from '../common/ListActions';
import { DateTimeField } from '../common/fields';
import { UsersLinks } from './Evidence';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput key="kind" source="kind" alwaysOn choices={SIGNAL_KINDS.map((k) => ({ id: k, name: translate(`integrity.kind.${k}`) }))} />,
    <SelectInput key="status" source="status" alwaysOn choices={ALERT_STATUSES.map((s) => ({ id: s, name: translate(`integrity.alertStatus.${s}`) }))} />,
    <NumberInput key="minScore" source="minScore" min={0} max={100} step={5} />,
    <NumberInput key="userId" source="userId" min={1} step={1} />,
  ];
}

export const alertExporter: Exporter<Alert> = (alerts, fetchRelated, dataProvider) =>
  defaultExporter(
    alerts.map((a) => ({
      id: a.id,
      kind: a.kind,
      score: a.score,
      players: a.users.map((u) => u.username).join(' '),
      reasons: a.evidence.reasons.join(' '),
      hands: a.evidence.hands.join(' '),
      status: a.status,
      caseId: a.caseId ?? '',
      updatedAt: a.updatedAt,
    })),
    fetchRelated,
    dataProvider,
    'integrity-alerts',
  );

export function AlertList() {
  const translate = useTranslate();
  return (
    <List
      filters={useFilters()}
      sort={{ field: 'score', order: 'DESC' }}
      filterDefaultValues={{ status: 'open' }}
      exporter={alertExporter}
      actions={<ListActions />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <NumberField source="score" />
        <FunctionField<Alert> source="kind" render={(a) => translate(`integrity.kind.${a.kind}`)} />
        <FunctionField<Alert> source="users" sortable={false} render={(a) => <UsersLinks users={a.users} />} />
        <FunctionField<Alert>
          source="evidence"
          sortable={false}
          render={(a) => a.evidence.reasons.map((r) => translate(`integrity.reason.${r}`, { _: r })).join(', ')}
        />
        <FunctionField<Alert> source="status" render={(a) => translate(`integrity.alertStatus.${a.status}`)} />
        <DateTimeField source="updatedAt" />
      </Datagrid>
    </List>
  );
}
