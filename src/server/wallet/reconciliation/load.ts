// What the reconciliation reads (compare.ts): QPay's list and the room's QPay payments, the
// statements' lines and periods, deposits typed by hand, payouts and what names them.
import { sql } from 'drizzle-orm';
import { type Executor, iso, rows } from '../../db/client';
import { batchCodesIn, withdrawalCodesIn } from '../bank/match';
import type { ReconData } from './compare';

type Who = { user_id: number | null; username: string | null };
const ms = (t: string) => Date.parse(iso(t));
const who = (r: Who) => ({ userId: r.user_id, username: r.username });
const list = (xs: string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

export async function loadReconData(db: Executor, from: string, to: string): Promise<ReconData> {
  const start = `${from}T00:00:00Z`;
  const end = sql`(${to}::date + 1)::timestamptz`;
  const inRange = (col: ReturnType<typeof sql>) => sql`${col} >= ${start}::timestamptz AND ${col} < ${end}`;

  const fetches = await rows<{ ub_date: string; fetched_at: string }>(db, sql`SELECT ub_date, fetched_at FROM qpay_list_fetches`);
  const reported = await rows<{ payment_id: string; qpay_invoice_id: string; amount: number | null; paid_at: string } & Who>(
    db,
    sql`SELECT r.payment_id, r.qpay_invoice_id, CASE WHEN r.currency = 'MNT' THEN r.amount END AS amount, r.paid_at, i.user_id, u.username
        FROM qpay_reported_payments r LEFT JOIN qpay_invoices i ON i.qpay_invoice_id = r.qpay_invoice_id LEFT JOIN users u ON u.id = i.user_id
        WHERE r.status IN ('PAID', 'PARTIAL') AND ${inRange(sql`r.paid_at`)}`,
  );
  const ids = reported.map((r) => r.payment_id);
  const recorded = await rows<{ payment_id: string; amount: number | null; decision: string; reviewed: boolean; at: string; credited: number | null } & Who>(
    db,
    sql`SELECT p.payment_id, p.amount, p.decision, p.reviewed_at IS NOT NULL AS reviewed, coalesce(p.paid_at, p.recorded_at) AS at, t.amount AS credited, p.user_id, u.username
        FROM qpay_payments p JOIN users u ON u.id = p.user_id LEFT JOIN transfers t ON t.id = p.transfer_id
        WHERE ${inRange(sql`coalesce(p.paid_at, p.recorded_at)`)} ${ids.length ? sql`OR p.payment_id IN (${list(ids)})` : sql``}`,
  );
  const coverage = await rows<{ period_from: string; period_to: string }>(
    db,
    sql`SELECT period_from, period_to FROM bank_statements WHERE period_from IS NOT NULL`,
  );
  const inLines = await rows<{ id: number; line_no: number; statement_id: number; booked_at: string; amount: number; status: string } & Who>(
    db,
    sql`SELECT l.id, l.line_no, l.statement_id, l.booked_at, l.amount, l.status, l.user_id, u.username
        FROM bank_statement_lines l LEFT JOIN users u ON u.id = l.user_id WHERE l.direction = 'IN' AND ${inRange(sql`l.booked_at`)}`,
  );
  const manual = await rows<{ code: string; amount: number; created_at: string } & Who>(
    db,
    sql`SELECT d.code, d.amount, d.created_at, d.user_id, u.username FROM deposits d JOIN transfers t ON t.id = d.transfer_id JOIN users u ON u.id = d.user_id
        WHERE t.idempotency_key LIKE 'deposit:%' AND ${inRange(sql`d.created_at`)}
          AND NOT EXISTS (SELECT 1 FROM bank_statement_lines l WHERE l.deposit_id = d.id)`,
  );
  const outLines = await rows<{ id: number; booked_at: string; amount: number; status: string; description: string }>(
    db,
    sql`SELECT id, booked_at, amount, status, description FROM bank_statement_lines
        WHERE direction = 'OUT' AND booked_at >= ${start}::timestamptz - interval '7 days' AND booked_at < ${end} + interval '7 days'`,
  );
  const paidOut = await rows<{ code: string; amount: number; paid_out_at: string; batch: string | null } & Who>(
    db,
    sql`SELECT w.code, w.amount, w.paid_out_at, b.code AS batch, w.user_id, u.username FROM withdrawals w JOIN users u ON u.id = w.user_id
        JOIN payout_batches b ON b.id = w.payout_batch_id WHERE ${inRange(sql`w.paid_out_at`)}`,
  );
  const named = outLines.map((l) => l.description);
  return {
    from,
    to,
    fetches: new Map(fetches.map((f) => [f.ub_date, ms(f.fetched_at)])),
    reported: reported.map((r) => ({ paymentId: r.payment_id, invoiceId: r.qpay_invoice_id, amount: r.amount, at: ms(r.paid_at), ...who(r) })),
    recorded: recorded.map((r) => ({
      paymentId: r.payment_id,
      amount: r.amount,
      decision: r.decision,
      reviewed: r.reviewed,
      at: ms(r.at),
      credited: r.credited,
      ...who(r),
    })),
    coverage: coverage.map((c) => ({ from: ms(c.period_from), to: ms(c.period_to) })),
    inLines: inLines.map((l) => ({
      id: l.id,
      lineNo: l.line_no,
      statementId: l.statement_id,
      at: ms(l.booked_at),
      amount: l.amount,
      status: l.status,
      ...who(l),
    })),
    manual: manual.map((m) => ({ code: m.code, amount: m.amount, at: ms(m.created_at), ...who(m) })),
    outLines: outLines.map((l) => ({ id: l.id, at: ms(l.booked_at), amount: l.amount, status: l.status, description: l.description })),
    ...(await named_(db, named)),
    paidOut: paidOut.map((w) => ({ code: w.code, amount: w.amount, at: ms(w.paid_out_at), batch: w.batch, ...who(w) })),
  };
}

/** The withdrawals and batches the money-out lines name. */
async function named_(db: Executor, descriptions: string[]): Promise<Pick<ReconData, 'withdrawals' | 'batches'>> {
  const wcodes = [...new Set(descriptions.flatMap(withdrawalCodesIn))];
  const bcodes = [...new Set(descriptions.flatMap(batchCodesIn))];
  const batches = bcodes.length
    ? await rows<{ code: string; total: number; withdrawals: string[] | null }>(
        db,
        sql`SELECT b.code, b.total, array_agg(w.code) FILTER (WHERE i.active) AS withdrawals FROM payout_batches b
            LEFT JOIN payout_batch_items i ON i.batch_id = b.id LEFT JOIN withdrawals w ON w.id = i.withdrawal_id
            WHERE b.code IN (${list(bcodes)}) AND b.status <> 'CANCELLED' GROUP BY b.code, b.total`,
      )
    : [];
  const ws = wcodes.length
    ? await rows<{ code: string; amount: number } & Who>(
        db,
        sql`SELECT w.code, w.amount, w.user_id, u.username FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE w.code IN (${list(wcodes)}) AND w.status = 'APPROVED'`,
      )
    : [];
  return {
    withdrawals: new Map(ws.map((w) => [w.code, { code: w.code, amount: w.amount, ...who(w) }])),
    batches: new Map(batches.map((b) => [b.code, { code: b.code, total: b.total, withdrawals: b.withdrawals ?? [] }])),
  };
}
