import EditIcon from '@mui/icons-material/Edit';
import { Stack } from '@mui/material';
import {
  Button,
  Datagrid,
  FunctionField,
  Link,
  List,
  SearchInput,
  SelectInput,
  TextField,
  useCreatePath,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { BETTING_LIMITS, TABLE_OPTIONS, TABLE_STATUSES, VARIANTS } from '../../shared/api/enums';
import { formatMoney } from '../../shared/format';
import { StatusField, useLang } from '../common/fields';
import { ListActions } from '../common/ListActions';
import type { TableRecord } from '../dataProvider';
import { can } from '../auth/permissions';
import { SimulationButtons } from './SimulationButtons';

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="variant" source="variant" choices={VARIANTS.map((v) => ({ id: v, name: translate(`admin.variant.${v}`) }))} />,
    <SelectInput key="structure" source="structure" choices={BETTING_LIMITS.map((s) => ({ id: s, name: translate(`admin.structure.${s}`) }))} />,
    <SelectInput key="option" source="option" choices={TABLE_OPTIONS.map((o) => ({ id: o, name: translate(`admin.option.${o}`) }))} />,
    <SelectInput key="status" source="status" choices={TABLE_STATUSES.map((s) => ({ id: s, name: translate(`admin.status.${s}`) }))} />,
  ];
}

export function EditTableButton() {
  const record = useRecordContext<TableRecord>();
  const createPath = useCreatePath();
  const { permissions } = usePermissions<string | null>();
  if (!record || !can(permissions, 'table', 'update')) return null;
  return (
    <Button
      component={Link}
      to={`${createPath({ resource: 'table', id: record.id, type: 'edit' })}/edit`}
      label="ra.action.edit"
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      <EditIcon />
    </Button>
  );
}

export function VariantField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<TableRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`admin.variant.${record.variant}`, { _: translate('admin.variant.unknown') })}</span>;
}

export function TableList() {
  const filters = useFilters();
  const lang = useLang();
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} actions={<ListActions create="table" />}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="tableId" />
        <TextField source="name" />
        <VariantField source="variant" label="resources.table.fields.variant" />
        <FunctionField<TableRecord>
          label="resources.table.fields.blinds"
          sortBy="bigBlind"
          render={(t) => `${formatMoney(t.smallBlind, lang)} / ${formatMoney(t.bigBlind, lang)}`}
        />
        <FunctionField<TableRecord>
          label="resources.table.fields.buyIn"
          sortable={false}
          render={(t) => `${formatMoney(t.minBuyIn, lang)} – ${formatMoney(t.maxBuyIn, lang)}`}
        />
        <FunctionField<TableRecord> label="resources.table.fields.players" sortBy="players" render={(t) => `${t.players} / ${t.maxPlayers}`} />
        <StatusField source="status" />
        <FunctionField<TableRecord> label="resources.table.fields.rakePercent" sortable={false} render={(t) => `${t.rakePercent}%`} />
        <FunctionField
          label="resources.table.fields.actions"
          render={() => (
            <Stack direction="row" spacing={0.5}>
              <EditTableButton />
              <SimulationButtons compact />
            </Stack>
          )}
        />
      </Datagrid>
    </List>
  );
}
