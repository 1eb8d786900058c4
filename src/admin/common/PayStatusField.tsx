// The status chips of the payment screens (QPay invoices and payments, statement lines, payout
// batches, reconciliation): `payments.status.<value>`, coloured by what it asks of staff.
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

type Color = 'default' | 'success' | 'warning' | 'error' | 'info';
const COLOR: Record<string, Color> = {
  PENDING: 'info',
  PARTIAL: 'warning',
  PAID: 'success',
  FAILED: 'error',
  CREDITED: 'success',
  HELD: 'warning',
  REFUSED: 'error',
  PROPOSED: 'info',
  UNMATCHED: 'warning',
  OPEN: 'info',
  CANCELLED: 'default',
  OK: 'success',
  DIFFERENCES: 'error',
};

export function PayStatusField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source];
  if (typeof v !== 'string') return null;
  return <Chip size="small" color={COLOR[v] ?? 'default'} label={translate(`payments.status.${v}`, { _: v })} />;
}

/** Choices of a status (or kind) filter: each value in words (`<prefix>.<value>`). */
export const payChoices = (translate: (k: string, o?: object) => string, values: readonly string[], prefix = 'payments.status') =>
  values.map((v) => ({ id: v, name: translate(`${prefix}.${v}`, { _: v }) }));
