// The withdrawal queue: waiting requests first (oldest first), the player's bank details on each
// row, the cooling-off hold after a bank account change (approve waits for its end), the two
// approvals of a large withdrawal (both names), approve / reject with confirmation. Built to fit
// a 1280×800 laptop: code and date share a cell, as do the player and the account, and the status
// and the reject reason; optional columns (resolved date, user id) come from the column chooser;
// phones get a simple list.
import { useMediaQuery, Stack, Typography, type Theme } from '@mui/material';
import {
  DatagridConfigurable,
  DateInput,
  FunctionField,
  List,
  NumberInput,
  SimpleList,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { WITHDRAWAL_STATUSES } from '../../shared/api/enums';
import { formatMoney } from '../../shared/format';
import { DateTimeField, MoneyField, StatusField, UserLinkField, bankName, useLang } from '../common/fields';
import { statusFilter } from '../common/filters';
import { ListActions } from '../common/ListActions';
import type { WithdrawalRecord } from '../dataProvider';
import { ApprovalsField } from './Approvals';
import { ApproveButton, RejectButton } from './WithdrawalActions';
import { HoldField } from './PayoutHold';

function useFilters() {
  const translate = useTranslate();
  return [
    statusFilter(translate, WITHDRAWAL_STATUSES, 'resources.withdraw.filters.all'),
    <TextInput key="username" source="username" alwaysOn />,
    <NumberInput key="minAmount" source="minAmount" min={0} step={1} />,
    <NumberInput key="maxAmount" source="maxAmount" min={0} step={1} />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
  ];
}

/** The bank and the account number on two short lines (a 20-digit account must not widen the queue). */
function PayTo() {
  const record = useRecordContext<WithdrawalRecord>();
  const lang = useLang();
  if (!record) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="div">
      <div>{bankName(record.bank, lang)}</div>
      <code>{record.accountNumber}</code>
    </Typography>
  );
}

function Buttons() {
  return (
    <Stack direction="row" spacing={1}>
      <ApproveButton />
      <RejectButton />
    </Stack>
  );
}

/** Phones: one line per withdrawal, the buttons below it. */
function PhoneList() {
  const lang = useLang();
  return (
    <SimpleList<WithdrawalRecord>
      linkType={false}
      primaryText={(r) => `${r.username} · ${formatMoney(r.amount, lang)}`}
      secondaryText={(r) => r.code}
      tertiaryText={() => <Buttons />}
    />
  );
}

export function WithdrawalList() {
  const filters = useFilters();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'NOT_APPROVED' }}
      sort={{ field: 'requestDate', order: 'ASC' }}
      perPage={25}
      actions={<ListActions columns />}
    >
      {phone ? (
        <PhoneList />
      ) : (
        <DatagridConfigurable bulkActionButtons={false} rowClick={false} omit={['approveDate', 'userId']} preferenceKey="withdraw.datagrid">
          <FunctionField
            source="requestDate"
            label="resources.withdraw.fields.codeAndDate"
            render={() => (
              <Stack>
                <TextField source="code" />
                <Typography variant="caption" color="text.secondary">
                  <DateTimeField source="requestDate" />
                </Typography>
              </Stack>
            )}
          />
          <FunctionField
            source="username"
            label="resources.withdraw.fields.payTo"
            render={() => (
              <Stack>
                <UserLinkField source="username" />
                <PayTo />
              </Stack>
            )}
          />
          <TextField source="userId" />
          <MoneyField source="amount" textAlign="right" />
          <FunctionField
            source="status"
            render={() => (
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <StatusField source="status" />
                <HoldField quiet />
                <TextField source="rejectReason" variant="caption" color="text.secondary" />
              </Stack>
            )}
          />
          <ApprovalsField source="approvedBy" label="resources.withdraw.fields.approvals" sortable={false} />
          <DateTimeField source="approveDate" />
          <FunctionField source="actions" label="resources.withdraw.fields.actions" sortable={false} render={() => <Buttons />} />
        </DatagridConfigurable>
      )}
    </List>
  );
}
