// Fast-fold pools (docs/fast-fold.md): the list with the players in each, a game and status
// filter, and the administrators' actions (add bots, close). empty={false}: react-admin's empty
// page would hide the filters, and its grey text fails the contrast check.
import { Datagrid, FunctionField, List, SelectInput, TextField, useTranslate } from 'react-admin';
import { TABLE_STATUSES, VARIANTS } from '../../shared/api/enums';
import { formatMoney } from '../../shared/format';
import { StatusField, useLang } from '../common/fields';
import { ListActions } from '../common/ListActions';
import type { PoolRecord } from '../dataProvider';
import { PoolActions } from './PoolActions';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput key="variant" source="variant" choices={VARIANTS.map((v) => ({ id: v, name: translate(`admin.variant.${v}`) }))} />,
    <SelectInput key="status" source="status" choices={TABLE_STATUSES.map((s) => ({ id: s, name: translate(`admin.status.${s}`) }))} />,
  ];
}

export function PoolList() {
  const filters = useFilters();
  const lang = useLang();
  const translate = useTranslate();
  return (
    <List empty={false} filters={filters} perPage={25} actions={<ListActions create="pool" />}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="poolId" sortable={false} />
        <TextField source="name" sortable={false} />
        <FunctionField<PoolRecord>
          label="resources.pool.fields.variant"
          render={(p) => translate(`admin.variant.${p.variant}`, { _: translate('admin.variant.unknown') })}
        />
        <FunctionField<PoolRecord>
          label="resources.pool.fields.blinds"
          render={(p) => `${formatMoney(p.smallBlind, lang)} / ${formatMoney(p.bigBlind, lang)}`}
        />
        <FunctionField<PoolRecord> label="resources.pool.fields.buyIn" render={(p) => `${formatMoney(p.minBuyIn, lang)} – ${formatMoney(p.maxBuyIn, lang)}`} />
        <TextField source="maxPlayers" sortable={false} />
        <TextField source="players" sortable={false} />
        <StatusField source="status" />
        <FunctionField label="resources.pool.fields.actions" render={() => <PoolActions />} />
      </Datagrid>
    </List>
  );
}
