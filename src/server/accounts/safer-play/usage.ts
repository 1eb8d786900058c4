// What a player has used of each limit in its window, read from the ledger (docs/safer-play.md):
// deposits credited plus QPay invoices still open; losses as money put into play (buy-ins,
// top-ups, tournament entries) less money back from it (cash-outs, prizes, refunds).
import { sql } from 'drizzle-orm';
import type { LimitKind } from '../../../shared/api/safer';
import { type Executor, first, num } from '../../db/client';

const HOUR = 3_600_000;
/** Rolling windows: a day is the last 24 hours, a week 7 days, a month 30 days. */
export const WINDOW_MS: Record<Exclude<LimitKind, 'SESSION_MINUTES'>, number> = {
  DEPOSIT_DAY: 24 * HOUR,
  DEPOSIT_WEEK: 7 * 24 * HOUR,
  DEPOSIT_MONTH: 30 * 24 * HOUR,
  LOSS_DAY: 24 * HOUR,
  LOSS_WEEK: 7 * 24 * HOUR,
  LOSS_MONTH: 30 * 24 * HOUR,
};

/** Transfers between the player's balance and play: their net is the player's result. */
const PLAY_KINDS = [
  'BUY_IN',
  'IN_PLAY_RECHARGE',
  'LEAVE_SEAT',
  'TOURNAMENT_BUY_IN',
  'TOURNAMENT_FEE',
  'TOURNAMENT_REFUND',
  'TOURNAMENT_PRIZE',
  'TOURNAMENT_REBUY',
  'TOURNAMENT_ADDON',
];
const playKinds = sql.join(
  PLAY_KINDS.map((k) => sql`${k}`),
  sql`, `,
);
const at = (ms: number) => new Date(ms).toISOString();

/** Tugrik deposited since `since` (ms), counting open QPay invoices as deposited. */
export async function depositedSince(ex: Executor, userId: number, since: number): Promise<number> {
  const r = await first<{ n: number }>(
    ex,
    sql`SELECT (SELECT coalesce(sum(t.amount), 0) FROM transfers t JOIN accounts a ON a.id = t.credit_account_id
                WHERE a.user_id = ${userId} AND a.kind = 'available' AND t.kind = 'DEPOSIT' AND t.created_at > ${at(since)}::timestamptz)
          + (SELECT coalesce(sum(amount - credited_amount), 0) FROM qpay_invoices
                WHERE user_id = ${userId} AND status IN ('CREATING', 'PENDING', 'PARTIAL') AND created_at > ${at(since)}::timestamptz) AS n`,
  );
  return num(r?.n);
}

/** The player's net result at play since `since` (ms): negative when they lost. */
export async function playNetSince(ex: Executor, userId: number, since: number): Promise<number> {
  const r = await first<{ n: number }>(
    ex,
    sql`SELECT coalesce(sum(CASE WHEN ca.user_id = ${userId} AND ca.kind = 'available' THEN t.amount ELSE -t.amount END), 0) AS n
        FROM transfers t JOIN accounts da ON da.id = t.debit_account_id JOIN accounts ca ON ca.id = t.credit_account_id
        WHERE t.kind IN (${playKinds}) AND t.created_at > ${at(since)}::timestamptz
          AND ((ca.user_id = ${userId} AND ca.kind = 'available') OR (da.user_id = ${userId} AND da.kind = 'available'))`,
  );
  return num(r?.n);
}

/** Chips in front of the player at cash tables now. */
export async function chipsOnTables(ex: Executor, userId: number): Promise<number> {
  const r = await first<{ n: number }>(ex, sql`SELECT coalesce(sum(balance), 0) AS n FROM accounts WHERE user_id = ${userId} AND kind = 'table'`);
  return num(r?.n);
}
