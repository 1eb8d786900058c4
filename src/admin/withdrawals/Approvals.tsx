// The approvals of a withdrawal: one name, or for a large one (two-person rule) the first and the
// second staff member; "1 of 2" while the second is awaited.
import { Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { WithdrawalRecord } from '../dataProvider';

export function ApprovalsField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<WithdrawalRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const two = (record.approvalsNeeded ?? 1) === 2;
  const first = record.firstApprovedBy ?? null;
  const last = record.approvedBy;
  if (!two) return <span data-testid="withdrawal-approvals">{last ?? '—'}</span>;
  return (
    <Stack data-testid="withdrawal-approvals" sx={{ maxWidth: 150 }}>
      <span>{translate('resources.withdraw.approvals.first', { name: first ?? '—' })}</span>
      <span>
        {record.status === 'REJECTED'
          ? translate('resources.withdraw.approvals.rejected_by', { name: last ?? '—' })
          : translate('resources.withdraw.approvals.second', { name: record.status === 'APPROVED' ? (last ?? '—') : '—' })}
      </span>
      {record.status === 'NOT_APPROVED' && (
        <Typography variant="caption" color="warning.main">
          {translate(first ? 'resources.withdraw.approvals.waiting_second' : 'resources.withdraw.approvals.needs_two')}
        </Typography>
      )}
    </Stack>
  );
}
