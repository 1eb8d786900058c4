// An open batch's actions (docs/payments.md, "Payout batches"): download its bulk-transfer file,
// mark it paid with the bank's reference once the bank executed it, or cancel it with the reason
// (its withdrawals wait for another batch). The server moves a batch only from OPEN (409 after).
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DownloadIcon from '@mui/icons-material/Download';
import { Stack } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, usePermissions, useRecordContext } from 'react-admin';
import { formatMoney } from '../../shared/format';
import { can } from '../auth/permissions';
import { ActionDialogButton } from '../common/ActionDialogButton';
import { LabelButton } from '../common/LabelButton';
import { useNotifyError } from '../common/notify';
import { useLang } from '../common/fields';
import type { AdminDataProvider, PayoutBatchRecord } from '../dataProvider';

/** Hands the file to the browser as a download. */
export function saveFile(filename: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function DownloadButton() {
  const record = useRecordContext<PayoutBatchRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  if (!record || record.status === 'CANCELLED') return null;
  const download = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.payoutBatchFile(record.id);
      saveFile(data.filename, data.mimeType, data.content);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <LabelButton label="resources.payoutBatch.action.download" variant="outlined" disabled={busy} data-testid="download-batch" onClick={() => void download()}>
      <DownloadIcon />
    </LabelButton>
  );
}

export function BatchActions() {
  const record = useRecordContext<PayoutBatchRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  const lang = useLang();
  if (!record) return null;
  const args = { code: record.code, count: record.itemCount, total: formatMoney(record.total, lang) };
  const open = record.status === 'OPEN';
  return (
    <Stack direction="row" spacing={1} sx={{ my: 1 }}>
      <DownloadButton />
      {open && can(permissions, 'payoutBatch', 'approve') && (
        <ActionDialogButton
          label="resources.payoutBatch.action.paid"
          title="resources.payoutBatch.confirm.paid_title"
          text="resources.payoutBatch.confirm.paid_content"
          field="resources.payoutBatch.fields.bankReference"
          kind="text"
          max={100}
          done="resources.payoutBatch.notify.paid"
          color="success"
          icon={<DoneAllIcon />}
          args={args}
          testId="paid-batch"
          onConfirm={(v) => dataProvider.payoutBatchPaid(record.id, v)}
        />
      )}
      {open && can(permissions, 'payoutBatch', 'cancel') && (
        <ActionDialogButton
          label="resources.payoutBatch.action.cancel"
          title="resources.payoutBatch.confirm.cancel_title"
          text="resources.payoutBatch.confirm.cancel_content"
          field="resources.payoutBatch.fields.cancelReason"
          kind="text"
          done="resources.payoutBatch.notify.cancelled"
          color="error"
          icon={<CloseIcon />}
          args={args}
          testId="cancel-batch"
          onConfirm={(v) => dataProvider.cancelPayoutBatch(record.id, v)}
        />
      )}
    </Stack>
  );
}
