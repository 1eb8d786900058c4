// Reconciliation (docs/payments.md): per UTC day and channel, what QPay and the bank statements say
// came in and went out against the ledger, and every difference. Administrators only.
import { z } from 'zod';
import { IsoDate, ListQuery, listOf } from './common';

/** Money in by QPay, money in by bank transfer, money out by bank transfer (payouts). */
export const RECONCILIATION_CHANNELS = ['QPAY_IN', 'BANK_IN', 'BANK_OUT'] as const;
export const ReconciliationChannel = z.enum(RECONCILIATION_CHANNELS);
export type ReconciliationChannel = z.infer<typeof ReconciliationChannel>;

/** OK: every item matched or explained; DIFFERENCES: some are not; NO_DATA: no outside record of the day yet. */
export const RECONCILIATION_STATUSES = ['OK', 'DIFFERENCES', 'NO_DATA'] as const;
export const ReconciliationStatus = z.enum(RECONCILIATION_STATUSES);

export const ReconciliationRow = z.object({
  /** `YYYY-MM-DD:CHANNEL` */
  id: z.string(),
  day: z.string(),
  channel: ReconciliationChannel,
  /** What QPay or the statements say (null: nothing fetched or uploaded for the day). */
  external: z.number().int().nullable(),
  /** What the ledger moved for the channel that day. */
  ledger: z.number().int(),
  difference: z.number().int().nullable(),
  /** Items not matched and not explained. */
  differences: z.number().int(),
  status: ReconciliationStatus,
});
export type ReconciliationRow = z.infer<typeof ReconciliationRow>;
export const ReconciliationList = listOf(ReconciliationRow);
export const ReconciliationQuery = ListQuery.extend({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  channel: ReconciliationChannel.optional(),
  status: ReconciliationStatus.optional(),
});

/**
 * Why an item is a difference: QPay lists a payment the room never recorded, holds it for review,
 * refused it by rule without a staff decision, credits one QPay does not list, or credited another
 * amount; a bank line not credited yet; a deposit typed by hand that no statement line backs;
 * money out of the account that no payout explains, or of another amount; a payout the bank's
 * statement does not show.
 */
export const DIFFERENCE_KINDS = [
  'qpay_not_recorded',
  'qpay_held',
  'qpay_refused',
  'qpay_not_listed',
  'qpay_amount',
  'bank_not_credited',
  'deposit_without_line',
  'bank_out_unexplained',
  'bank_out_amount',
  'payout_not_on_statement',
] as const;
export const DifferenceKind = z.enum(DIFFERENCE_KINDS);
export type DifferenceKind = z.infer<typeof DifferenceKind>;

export const ReconciliationDifference = z.object({
  id: z.string(),
  day: z.string(),
  channel: ReconciliationChannel,
  kind: DifferenceKind,
  amount: z.number().int(),
  /** QPay's payment id, the statement line, the deposit or withdrawal code. */
  reference: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  detail: z.string(),
});
export type ReconciliationDifference = z.infer<typeof ReconciliationDifference>;
export const ReconciliationDifferenceList = listOf(ReconciliationDifference);
export const ReconciliationDifferenceQuery = ListQuery.extend({
  day: z.iso.date().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  channel: ReconciliationChannel.optional(),
  kind: DifferenceKind.optional(),
});

/** The back office's badge: unexplained differences of the last `days` days. */
export const ReconciliationAlerts = z.object({ differences: z.number().int(), days: z.number().int(), checkedAt: IsoDate });
/** Ask QPay now for the payments of a day (default: yesterday and today in Ulaanbaatar). */
export const RefreshReconciliationBody = z.object({ day: z.iso.date().optional() }).optional();
export const RefreshReconciliationAnswer = z.object({ fetched: z.number().int(), days: z.array(z.string()) });
