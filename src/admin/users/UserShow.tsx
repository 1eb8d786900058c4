// One user: identity, money (balance, locked), bank details (when last changed, and the withdrawal
// hold that change started), role and status, a support hold; actions change the role and delete
// (administrators; the server refuses with 409 while the user holds money) and hold / release
// (staff); tabs: ledger, support notes, safer play (docs/safer-play.md), the audit trail of staff
// actions on this user.
import {
  EmailField,
  Labeled,
  ListButton,
  Pagination,
  ReferenceManyField,
  Datagrid,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AuditGrid } from '../audit/AuditGrid';
import { can } from '../auth/permissions';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { HoldBanner, HoldButton } from './UserHold';
import { UserNotes } from './UserNotes';
import { UserSafer } from './UserSafer';
import { Grid } from '@mui/material';
import { BankField, DateTimeField, MoneyField, StatusField } from '../common/fields';
import type { UserRecord } from '../dataProvider';
import { ChangeRoleButton } from './ChangeRoleButton';
import { UserPayoutHoldField } from '../withdrawals/PayoutHold';

function UserTitle() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.user.name', { smart_count: 1 })}: ${record.username}` : ''}</span>;
}

function UserActions() {
  const record = useRecordContext<UserRecord>();
  const { permissions } = usePermissions<string | null>();
  return (
    <TopToolbar>
      <ListButton />
      <HoldButton />
      {can(permissions, 'user', 'role') && <ChangeRoleButton />}
      {can(permissions, 'user', 'delete') && <ConfirmDeleteButton resource="user" translateOptions={{ username: record?.username ?? '' }} />}
    </TopToolbar>
  );
}

function Overview() {
  return (
    <>
      <HoldBanner />
      <OverviewGrid />
    </>
  );
}

function OverviewGrid() {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Labeled>
          <TextField source="userId" />
        </Labeled>
        <br />
        <Labeled>
          <TextField source="username" />
        </Labeled>
        <br />
        <Labeled>
          <EmailField source="email" />
        </Labeled>
        <br />
        <Labeled>
          <StatusField source="role" />
        </Labeled>
        <br />
        <Labeled>
          <StatusField source="status" />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {/* Labeled shows no label over a plain element: the fields carry the test ids themselves. */}
        <Labeled label="resources.user.fields.balance">
          <MoneyField source="balance" testId="user-balance" />
        </Labeled>
        <br />
        <Labeled label="resources.user.fields.locked">
          <MoneyField source="locked" testId="user-locked" />
        </Labeled>
        <br />
        <Labeled>
          <TextField source="depositCode" />
        </Labeled>
        <br />
        <Labeled label="resources.user.fields.bankDetails">
          <BankField />
        </Labeled>
        <br />
        <Labeled>
          <DateTimeField source="payoutChangedAt" />
        </Labeled>
        <br />
        <Labeled label="resources.user.fields.payoutHoldUntil">
          <UserPayoutHoldField />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Labeled>
          <DateTimeField source="createdAt" />
        </Labeled>
        <br />
        <Labeled>
          <DateTimeField source="lastLoginAt" />
        </Labeled>
        <br />
        <Labeled>
          <DateTimeField source="lockedUntil" />
        </Labeled>
      </Grid>
    </Grid>
  );
}

export function UserShow() {
  return (
    <Show title={<UserTitle />} actions={<UserActions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="resources.user.tabs.overview">
          <Overview />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.user.tabs.ledger" path="ledger">
          <ReferenceManyField reference="ledger" target="userId" sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} pagination={<Pagination />}>
            <Datagrid bulkActionButtons={false} rowClick={false}>
              <DateTimeField source="createdAt" label="resources.ledger.fields.createdAt" />
              <TextField source="code" label="resources.ledger.fields.code" sortable={false} />
              <LedgerKindField label="resources.ledger.fields.kind" />
              <MoneyField source="signedAmount" signed label="resources.ledger.fields.signedAmount" textAlign="right" />
              <TextField source="debitAccount" label="resources.ledger.fields.debitAccount" sortable={false} />
              <TextField source="creditAccount" label="resources.ledger.fields.creditAccount" sortable={false} />
              <TextField source="reference" label="resources.ledger.fields.reference" sortable={false} emptyText="—" />
              <TextField source="reason" label="resources.ledger.fields.reason" sortable={false} emptyText="—" />
              <TextField source="actor" label="resources.ledger.fields.actor" sortable={false} emptyText="—" />
            </Datagrid>
          </ReferenceManyField>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.user.tabs.notes" path="notes">
          <UserNotes />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.user.tabs.safer" path="safer">
          <UserSafer />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.user.tabs.audit" path="audit">
          <ReferenceManyField reference="userAudit" target="userId" sort={{ field: 'id', order: 'DESC' }} perPage={25} pagination={<Pagination />}>
            <AuditGrid withUser={false} preferenceKey="userAudit.datagrid" />
          </ReferenceManyField>
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

function LedgerKindField(_props: { label?: string }) {
  const record = useRecordContext<{ kind: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`admin.kind.${record.kind}`, { _: record.kind })}</span>;
}
LedgerKindField.displayName = 'LedgerKindField';
