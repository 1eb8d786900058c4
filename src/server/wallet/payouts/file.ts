// The bulk-transfer file of a payout batch, one per payee bank. The banks' corporate upload
// templates are not published: every bank gets the same documented CSV (docs/payments.md, "Payout
// batches"), named for the bank, and a bank's own template can be added here when known. The
// description of each line carries the withdrawal's code and the batch's, so the bank's statement
// names them (reconciliation matches them).
import type { BankCode } from '../../../shared/api/enums';

export interface FileItem {
  code: string;
  username: string;
  accountNumber: string;
  amount: number;
}

type Exporter = (batchCode: string, items: FileItem[]) => string;

/** RFC 4180 field: quoted when it holds a delimiter, a quote or a line end; formula starters neutralised. */
function field(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const generic: Exporter = (batchCode, items) =>
  [
    'payee_account,payee_name,amount,currency,description',
    ...items.map((i) => [i.accountNumber, i.username, i.amount, 'MNT', `${i.code} ${batchCode} Mongol Poker payout`].map(field).join(',')),
  ].join('\r\n') + '\r\n';

const EXPORTERS: Partial<Record<BankCode, Exporter>> = {};

export function payoutFile(bank: BankCode, batchCode: string, items: FileItem[]) {
  const content = (EXPORTERS[bank] ?? generic)(batchCode, items);
  return { filename: `${batchCode}-${bank}.csv`, mimeType: 'text/csv', content };
}
