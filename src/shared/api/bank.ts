// Bank statements matched to players, and payout batches for the banks' bulk transfers
// (docs/payments.md). Staff routes only.
import { z } from 'zod';
import { BodyId, Id, IsoDate, ListQuery, listOf } from './common';
import { BANK_CODES, BankCode } from './enums';

/** AUTO: found from the column names; a bank's code: its export; GENERIC: the room's own layout. */
export const STATEMENT_FORMATS = ['AUTO', 'GENERIC', ...BANK_CODES] as const;
export const StatementFormat = z.enum(STATEMENT_FORMATS);
export type StatementFormat = z.infer<typeof StatementFormat>;

/** Largest statement accepted (characters of CSV text). */
export const MAX_STATEMENT_CHARS = 2_000_000;

export const UploadStatementBody = z.object({
  bank: BankCode,
  format: StatementFormat.default('AUTO'),
  filename: z.string().trim().min(1).max(200),
  content: z.string().min(1).max(MAX_STATEMENT_CHARS),
});
export type UploadStatementBody = z.infer<typeof UploadStatementBody>;

/**
 * IN lines: PROPOSED (a player found by the deposit code), UNMATCHED (none, or several), CREDITED
 * (on a staff member's confirmation, or linked to a deposit made by hand), IGNORED (not a
 * deposit, with the reason). OUT lines: OUTGOING (payouts, fees: reconciliation reads them) or
 * IGNORED (explained).
 */
export const STATEMENT_LINE_STATUSES = ['PROPOSED', 'UNMATCHED', 'CREDITED', 'IGNORED', 'OUTGOING'] as const;
export const StatementLineStatus = z.enum(STATEMENT_LINE_STATUSES);
export type StatementLineStatus = z.infer<typeof StatementLineStatus>;

export const Statement = z.object({
  id: z.number().int(),
  bank: BankCode,
  format: z.string(),
  filename: z.string(),
  periodFrom: IsoDate.nullable(),
  periodTo: IsoDate.nullable(),
  lineCount: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  uploadedBy: z.string(),
  uploadedAt: IsoDate,
  /** Of the lines added: waiting for staff (proposed or unmatched), credited, ignored, outgoing. */
  proposed: z.number().int(),
  unmatched: z.number().int(),
  credited: z.number().int(),
  ignored: z.number().int(),
  outgoing: z.number().int(),
});
export type Statement = z.infer<typeof Statement>;
export const StatementList = listOf(Statement);
export const StatementParams = z.object({ statementId: Id });

export const StatementLine = z.object({
  id: z.number().int(),
  statementId: z.number().int(),
  lineNo: z.number().int(),
  bookedAt: IsoDate,
  direction: z.enum(['IN', 'OUT']),
  amount: z.number().int(),
  description: z.string(),
  counterparty: z.string().nullable(),
  reference: z.string().nullable(),
  depositCode: z.string().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  status: StatementLineStatus,
  note: z.string().nullable(),
  /** The deposit it credited or was linked to. */
  depositId: z.number().int().nullable(),
  depositRecord: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: IsoDate.nullable(),
  /** A deposit typed by staff for the same player and amount within 3 days, not linked to a line: maybe this transfer, credited by hand. */
  possibleDuplicate: z.object({ depositId: z.number().int(), code: z.string(), createdAt: IsoDate }).nullable(),
});
export type StatementLine = z.infer<typeof StatementLine>;
export const StatementLineList = listOf(StatementLine);
export const StatementLineQuery = ListQuery.extend({
  statementId: Id.optional(),
  status: StatementLineStatus.optional(),
  direction: z.enum(['IN', 'OUT']).optional(),
  userId: Id.optional(),
});
export const LineIdQuery = z.object({ lineId: Id });
/** Credit the line to its proposed player, or to the one given (an unmatched line). */
export const ConfirmLineBody = z.object({ userId: BodyId.optional() }).optional();
/** Propose a player for a line: by id or by deposit code. */
export const AssignLineBody = z
  .object({ userId: BodyId.optional(), depositCode: z.string().trim().min(1).max(20).optional() })
  .refine((b) => (b.userId === undefined) !== (b.depositCode === undefined), { path: ['userId'], message: 'Give exactly one of userId or depositCode' });
export const IgnoreLineBody = z.object({ reason: z.string().trim().min(1).max(500) });
/** The line is the bank side of a deposit already made by hand: linked, no money moves. */
export const LinkLineBody = z.object({ depositId: BodyId });

/** OPEN (its file may be downloaded and sent) -> PAID (the bank's reference given) or CANCELLED (its withdrawals back to approved). */
export const PAYOUT_BATCH_STATUSES = ['OPEN', 'PAID', 'CANCELLED'] as const;
export const PayoutBatchStatus = z.enum(PAYOUT_BATCH_STATUSES);
export type PayoutBatchStatus = z.infer<typeof PayoutBatchStatus>;

export const PayoutBatchItem = z.object({
  withdrawalId: z.number().int(),
  code: z.string(),
  userId: z.number().int(),
  username: z.string(),
  amount: z.number().int(),
  accountNumber: z.string(),
  active: z.boolean(),
});

export const PayoutBatch = z.object({
  id: z.number().int(),
  code: z.string(),
  bank: BankCode,
  status: PayoutBatchStatus,
  itemCount: z.number().int(),
  total: z.number().int(),
  createdBy: z.string(),
  createdAt: IsoDate,
  exportedAt: IsoDate.nullable(),
  bankReference: z.string().nullable(),
  paidBy: z.string().nullable(),
  paidAt: IsoDate.nullable(),
  cancelledBy: z.string().nullable(),
  cancelledAt: IsoDate.nullable(),
  cancelReason: z.string().nullable(),
  /** On a single batch's page. */
  items: z.array(PayoutBatchItem).optional(),
});
export type PayoutBatch = z.infer<typeof PayoutBatch>;
export const PayoutBatchList = listOf(PayoutBatch);
export const PayoutBatchQuery = ListQuery.extend({ status: PayoutBatchStatus.optional(), bank: BankCode.optional() });
export const PayoutBatchParams = z.object({ batchId: Id });
/** Every approved withdrawal not yet sent to this bank's accounts, or only those listed. */
export const CreatePayoutBatchBody = z.object({ bank: BankCode, withdrawalIds: z.array(BodyId).min(1).max(1000).optional() });
export const PaidPayoutBatchBody = z.object({ bankReference: z.string().trim().min(1).max(100) });
export const CancelPayoutBatchBody = z.object({ reason: z.string().trim().min(1).max(500) });
/** What is waiting to be sent, per payee bank. */
export const PayoutsDue = z.object({ banks: z.array(z.object({ bank: BankCode, count: z.number().int(), total: z.number().int() })) });
/** The bulk-transfer file to upload in the bank's internet banking. */
export const PayoutBatchFile = z.object({ filename: z.string(), mimeType: z.string(), content: z.string() });
