// What staff decide for a statement line (docs/payments.md, "Staff decide"), each audited, the
// line locked while it is decided: confirm credits it once (a proposed line to its player, an
// unmatched one to the player named); assign proposes a player by deposit code or id; ignore sets
// it aside with the reason; link marks it as the bank side of a deposit typed by hand (no money
// moves). A possible duplicate (such a deposit, same player and amount within 3 days) is shown
// before anyone confirms.
import CheckIcon from '@mui/icons-material/Check';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Chip, Stack } from '@mui/material';
import { useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { formatMoney } from '../../shared/format';
import { can } from '../auth/permissions';
import { ActionDialogButton } from '../common/ActionDialogButton';
import { useLang } from '../common/fields';
import type { AdminDataProvider, StatementLineRecord } from '../dataProvider';

/** "D…" is a deposit code, digits a user id. */
export function assignTarget(v: string): { userId: number } | { depositCode: string } {
  return /^\d+$/.test(v) ? { userId: Number(v) } : { depositCode: v.toUpperCase() };
}

export function DuplicateWarning() {
  const record = useRecordContext<StatementLineRecord>();
  const translate = useTranslate();
  const dup = record?.possibleDuplicate;
  if (!dup || record.status === 'CREDITED') return null;
  return (
    <Chip
      size="small"
      color="warning"
      icon={<WarningIcon />}
      data-testid={`duplicate-${record.id}`}
      label={translate('resources.statementLine.duplicate', { code: dup.code, depositId: dup.depositId })}
    />
  );
}

export function LineActions() {
  const record = useRecordContext<StatementLineRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  const lang = useLang();
  if (!record || !can(permissions, 'statementLine', 'approve')) return null;
  if (record.status !== 'PROPOSED' && record.status !== 'UNMATCHED') return null;
  const id = record.id;
  const args = { line: record.lineNo, amount: formatMoney(record.amount, lang), username: record.username ?? '—' };
  const proposed = record.status === 'PROPOSED';
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <ActionDialogButton
        label="resources.statementLine.action.confirm"
        title="resources.statementLine.confirm.confirm_title"
        text={proposed ? 'resources.statementLine.confirm.confirm_content' : 'resources.statementLine.confirm.confirm_unmatched'}
        field={proposed ? undefined : 'resources.statementLine.fields.userId'}
        kind={proposed ? undefined : 'id'}
        done="resources.statementLine.notify.confirmed"
        color="success"
        icon={<CheckIcon />}
        args={args}
        testId={`confirm-line-${id}`}
        onConfirm={(v) => dataProvider.confirmLine(id, v ? Number(v) : undefined)}
      />
      <ActionDialogButton
        label="resources.statementLine.action.assign"
        title="resources.statementLine.confirm.assign_title"
        text="resources.statementLine.confirm.assign_content"
        field="resources.statementLine.fields.assignTo"
        kind="text"
        max={20}
        done="resources.statementLine.notify.assigned"
        args={args}
        testId={`assign-line-${id}`}
        onConfirm={(v) => dataProvider.assignLine(id, assignTarget(v))}
      />
      <ActionDialogButton
        label="resources.statementLine.action.link"
        title="resources.statementLine.confirm.link_title"
        text="resources.statementLine.confirm.link_content"
        field="resources.statementLine.fields.depositId"
        kind="id"
        done="resources.statementLine.notify.linked"
        args={args}
        testId={`link-line-${id}`}
        onConfirm={(v) => dataProvider.linkLine(id, Number(v))}
      />
      <ActionDialogButton
        label="resources.statementLine.action.ignore"
        title="resources.statementLine.confirm.ignore_title"
        text="resources.statementLine.confirm.ignore_content"
        field="resources.statementLine.fields.reason"
        kind="text"
        done="resources.statementLine.notify.ignored"
        color="error"
        args={args}
        testId={`ignore-line-${id}`}
        onConfirm={(v) => dataProvider.ignoreLine(id, v)}
      />
    </Stack>
  );
}
