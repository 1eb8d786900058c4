// One identity check: the player, the two images (shown from the staff-only route, never from a
// public address) and, while pending, approve or reject with a reason (the audit trail keeps both).
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, DialogContentText, Stack, Typography } from '@mui/material';
import { FunctionField, Show, SimpleShowLayout, TextField, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField, StatusField, UserLinkField } from '../common/fields';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { NamedButton } from '../common/NamedButton';
import { ReasonField, useReason } from '../common/ReasonField';
import { useConfirmAction } from '../common/useConfirmAction';
import type { AdminDataProvider, IdentityRecord } from '../dataProvider';

function Picture({ which }: { which: 'document' | 'second' }) {
  const record = useRecordContext<IdentityRecord>();
  const translate = useTranslate();
  const img = record?.[which];
  if (!img) return null;
  const label = translate(`resources.identity.fields.${which}`);
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box
        component="img"
        src={`data:${img.mime};base64,${img.data}`}
        alt={label}
        data-testid={`identity-${which}`}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: 480, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
    </Box>
  );
}

function Decide() {
  const record = useRecordContext<IdentityRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const approve = useConfirmAction();
  const reject = useConfirmAction();
  const reason = useReason(500, translate('resources.identity.validation.reason'));
  if (!record || record.status !== 'PENDING') return null;
  const args = { username: record.username };
  const decide = (decision: 'APPROVED' | 'REJECTED', action: typeof approve) =>
    void action.run(async () => {
      await dataProvider.reviewIdentity(record.id, decision, decision === 'REJECTED' ? reason.trimmed : undefined);
      notify(decision === 'APPROVED' ? 'resources.identity.notify.approved' : 'resources.identity.notify.rejected', { type: 'info', messageArgs: args });
    });
  return (
    <Stack direction="row" spacing={1}>
      <NamedButton label="resources.identity.action.approve" color="primary" onClick={approve.show} disabled={approve.pending}>
        <CheckIcon />
      </NamedButton>
      <NamedButton label="resources.identity.action.reject" color="error" onClick={reject.show} disabled={reject.pending}>
        <CloseIcon />
      </NamedButton>
      <ConfirmDialog
        action={approve}
        titleId="identity-approve-title"
        title={translate('resources.identity.confirm.approve_title', args)}
        confirmLabel="resources.identity.action.approve"
        onConfirm={() => decide('APPROVED', approve)}
      >
        <DialogContentText>{translate('resources.identity.confirm.approve_content', args)}</DialogContentText>
      </ConfirmDialog>
      <ConfirmDialog
        action={reject}
        titleId="identity-reject-title"
        title={translate('resources.identity.confirm.reject_title', args)}
        confirmLabel="resources.identity.action.reject"
        confirmColor="error"
        invalid={reason.invalid}
        onConfirm={() => {
          reason.touch();
          if (!reason.invalid) decide('REJECTED', reject);
        }}
      >
        <DialogContentText>{translate('resources.identity.confirm.reject_content', args)}</DialogContentText>
        <ReasonField label={translate('resources.identity.fields.reason')} {...reason.field} />
      </ConfirmDialog>
    </Stack>
  );
}

export function IdentityShow() {
  const translate = useTranslate();
  return (
    <Show>
      <SimpleShowLayout>
        <UserLinkField source="username" />
        <FunctionField<IdentityRecord> source="kind" render={(r) => translate(`resources.identity.kinds.${r.kind}`)} />
        <StatusField source="status" />
        <DateTimeField source="createdAt" />
        <TextField source="reviewedBy" emptyText="—" />
        <DateTimeField source="reviewedAt" />
        <TextField source="reason" emptyText="—" />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Picture which="document" />
          <Picture which="second" />
        </Stack>
        <Decide />
      </SimpleShowLayout>
    </Show>
  );
}
