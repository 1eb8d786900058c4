// Payments QPay reported (docs/payments.md, "Rules"): what the rules decided for each. A held one
// (above the invoice, late and refused by the limits) waits for staff: credit it (once; the
// deposit names the reviewer) or refuse it with the reason; a refused one staff have not seen is
// noted the same way once the money went back to the payer. Both are audited (qpay.review).
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  TextField,
  useDataProvider,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { QPAY_DECISIONS } from '../../shared/api/payments';
import { formatMoney } from '../../shared/format';
import { can } from '../auth/permissions';
import { ActionDialogButton } from '../common/ActionDialogButton';
import { DateTimeField, UserLinkField, useLang } from '../common/fields';
import { ListActions } from '../common/ListActions';
import { PayStatusField, payChoices } from '../common/PayStatusField';
import type { AdminDataProvider, QPayPaymentRecord } from '../dataProvider';

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput key="decision" source="decision" alwaysOn emptyText="payments.all" choices={payChoices(translate, QPAY_DECISIONS)} />,
    <NumberInput key="invoiceId" source="invoiceId" min={1} step={1} />,
    <NumberInput key="userId" source="userId" min={1} step={1} />,
  ];
}

function ReviewButtons() {
  const record = useRecordContext<QPayPaymentRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  const lang = useLang();
  if (!record || !can(permissions, 'qpayPayment', 'approve')) return null;
  const open = record.decision === 'HELD' || (record.decision === 'REFUSED' && !record.reviewedAt);
  if (!open) return null;
  const args = { id: record.id, username: record.username, amount: record.amount === null ? record.amountText : formatMoney(record.amount, lang) };
  const review = (decision: 'CREDIT' | 'REFUSE') => (reason: string) => dataProvider.reviewQPayPayment(record.id, decision, reason);
  return (
    <Stack direction="row" spacing={1}>
      {record.decision === 'HELD' && (
        <ActionDialogButton
          label="resources.qpayPayment.action.credit"
          title="resources.qpayPayment.confirm.credit_title"
          text="resources.qpayPayment.confirm.credit_content"
          field="resources.qpayPayment.fields.reason"
          done="resources.qpayPayment.notify.credited"
          kind="text"
          color="success"
          icon={<CheckIcon />}
          args={args}
          testId={`credit-payment-${record.id}`}
          onConfirm={review('CREDIT')}
        />
      )}
      <ActionDialogButton
        label="resources.qpayPayment.action.refuse"
        title="resources.qpayPayment.confirm.refuse_title"
        text="resources.qpayPayment.confirm.refuse_content"
        field="resources.qpayPayment.fields.reason"
        done="resources.qpayPayment.notify.refused"
        kind="text"
        color="error"
        icon={<CloseIcon />}
        args={args}
        testId={`refuse-payment-${record.id}`}
        onConfirm={review('REFUSE')}
      />
    </Stack>
  );
}

export function QPayPaymentList() {
  const lang = useLang();
  return (
    <List empty={false} filters={useFilters()} sort={{ field: 'recordedAt', order: 'DESC' }} perPage={25} actions={<ListActions />}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" sortable={false} />
        <TextField source="ref" sortable={false} />
        <UserLinkField source="username" label="resources.qpayPayment.fields.username" />
        <FunctionField<QPayPaymentRecord>
          source="amount"
          textAlign="right"
          render={(r) => (r.amount === null ? `${r.amountText} ${r.currency}` : formatMoney(r.amount, lang))}
        />
        <DateTimeField source="paidAt" />
        <PayStatusField source="decision" />
        <FunctionField<QPayPaymentRecord> source="rule" sortable={false} render={(r) => <RuleText rule={r.rule} />} />
        <TextField source="reason" emptyText="—" sortable={false} />
        <TextField source="reviewedBy" emptyText="—" sortable={false} />
        <ReviewButtons />
      </Datagrid>
    </List>
  );
}

function RuleText({ rule }: { rule: string }) {
  const translate = useTranslate();
  return <span>{translate(`resources.qpayPayment.rules.${rule}`, { _: rule })}</span>;
}
