// Statement lines (docs/payments.md, "Matching"): money in proposed for a player by the deposit
// code in its description, unmatched ones with the reason, money out for the reconciliation; the
// waiting ones first by default. The same grid is on a statement's page.
import { Stack, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, NumberInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { STATEMENT_LINE_STATUSES } from '../../shared/api/bank';
import { ClippedTextField, DateTimeField, MoneyField, UserLinkField } from '../common/fields';
import { ListActions } from '../common/ListActions';
import { PayStatusField, payChoices } from '../common/PayStatusField';
import type { StatementLineRecord } from '../dataProvider';
import { DuplicateWarning, LineActions } from './LineActions';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput key="status" source="status" alwaysOn emptyText="payments.all" choices={payChoices(translate, STATEMENT_LINE_STATUSES)} />,
    <SelectInput key="direction" source="direction" alwaysOn emptyText="payments.all" choices={payChoices(translate, ['IN', 'OUT'], 'payments.direction')} />,
    <NumberInput key="statementId" source="statementId" min={1} step={1} />,
    <NumberInput key="userId" source="userId" min={1} step={1} />,
  ];
}

export function LineGrid() {
  const translate = useTranslate();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="lineNo" />
      <DateTimeField source="bookedAt" />
      <FunctionField<StatementLineRecord>
        source="amount"
        textAlign="right"
        render={(r) => (
          <Stack sx={{ alignItems: 'flex-end' }}>
            <MoneyField source="amount" />
            <Typography variant="caption" color="text.secondary">
              {translate(`payments.direction.${r.direction}`)}
            </Typography>
          </Stack>
        )}
      />
      <ClippedTextField source="description" maxWidth="16rem" sortable={false} />
      <TextField source="depositCode" emptyText="—" sortable={false} />
      <UserLinkField source="username" label="resources.statementLine.fields.username" />
      <FunctionField<StatementLineRecord>
        source="status"
        render={(r) => (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <PayStatusField source="status" />
            <DuplicateWarning />
            {r.note && (
              <Typography variant="caption" color="text.secondary">
                {r.note}
              </Typography>
            )}
            {r.depositRecord && (
              <Typography variant="caption" color="text.secondary">
                {r.depositRecord}
              </Typography>
            )}
          </Stack>
        )}
      />
      <FunctionField source="actions" label="resources.statementLine.fields.actions" sortable={false} render={() => <LineActions />} />
    </Datagrid>
  );
}

export function StatementLineList() {
  return (
    <List
      empty={false}
      filters={useFilters()}
      filterDefaultValues={{ direction: 'IN' }}
      sort={{ field: 'bookedAt', order: 'DESC' }}
      perPage={25}
      actions={<ListActions />}
    >
      <LineGrid />
    </List>
  );
}
