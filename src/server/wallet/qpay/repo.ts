// The one writer of qpay_invoices and qpay_payments (migration 0750). Status changes are guarded
// updates (`WHERE status IN (...)`): a change that finds the row elsewhere changes nothing.
import { sql } from 'drizzle-orm';
import type { QPayDecision, QPayRule } from '../../../shared/api/payments';
import { type Executor, first, rows } from '../../db/client';
import type { QPayInvoiceRow, QPayPaymentRow } from '../../db/rows';

export type InvoiceRow = QPayInvoiceRow;
export type DeepLink = { name: string; description: string; link: string };

/** Open: still waiting for (more) money. */
export const OPEN = sql`('PENDING', 'PARTIAL')`;

export interface NewPayment {
  paymentId: string;
  invoiceId: number;
  userId: number;
  qpayStatus: string;
  amountText: string;
  amount: number | null;
  currency: string;
  paidAt: string | null;
  decision: QPayDecision;
  rule: QPayRule;
  reason: string;
  depositId: number | null;
  transferId: number | null;
}

export class QPayRepo {
  constructor(private readonly db: Executor) {}

  insertCreating(v: { ref: string; userId: number; amount: number; idempotencyKey: string | null; ttlMs: number }): Promise<InvoiceRow | undefined> {
    return first<InvoiceRow>(
      this.db,
      sql`INSERT INTO qpay_invoices (ref, user_id, amount, idempotency_key, expires_at)
          VALUES (${v.ref}, ${v.userId}, ${v.amount}, ${v.idempotencyKey}, now() + ${v.ttlMs} * interval '1 millisecond') RETURNING *`,
    );
  }

  markCreated(id: number, v: { qpayInvoiceId: string; qrText: string; shortUrl: string | null; deepLinks: DeepLink[] }): Promise<InvoiceRow | undefined> {
    return first<InvoiceRow>(
      this.db,
      sql`UPDATE qpay_invoices SET status = 'PENDING', qpay_invoice_id = ${v.qpayInvoiceId}, qr_text = ${v.qrText}, short_url = ${v.shortUrl},
            deep_links = ${JSON.stringify(v.deepLinks)}::jsonb
          WHERE id = ${id} AND status = 'CREATING' RETURNING *`,
    );
  }

  markFailed(id: number, error: string): Promise<InvoiceRow | undefined> {
    return first<InvoiceRow>(
      this.db,
      sql`UPDATE qpay_invoices SET status = 'FAILED', error = ${error.slice(0, 500)}, closed_at = now() WHERE id = ${id} AND status = 'CREATING' RETURNING *`,
    );
  }

  /** Unpaid (PENDING) only: once money came, the invoice runs to its end. */
  cancel(id: number): Promise<InvoiceRow | undefined> {
    return first<InvoiceRow>(
      this.db,
      sql`UPDATE qpay_invoices SET status = 'CANCELLED', closed_at = now() WHERE id = ${id} AND status = 'PENDING' RETURNING *`,
    );
  }

  byId(id: number, ex: Executor = this.db): Promise<InvoiceRow | undefined> {
    return first<InvoiceRow>(ex, sql`SELECT * FROM qpay_invoices WHERE id = ${id}`);
  }
  byRef(ref: string): Promise<InvoiceRow | undefined> {
    return first<InvoiceRow>(this.db, sql`SELECT * FROM qpay_invoices WHERE ref = ${ref}`);
  }
  byKey(userId: number, key: string): Promise<InvoiceRow | undefined> {
    return first<InvoiceRow>(this.db, sql`SELECT * FROM qpay_invoices WHERE user_id = ${userId} AND idempotency_key = ${key}`);
  }
  /** The player's unpaid invoices (replaced by a new one). */
  pendingOf(userId: number): Promise<InvoiceRow[]> {
    return rows<InvoiceRow>(this.db, sql`SELECT * FROM qpay_invoices WHERE user_id = ${userId} AND status = 'PENDING'`);
  }

  lock(tx: Executor, id: number): Promise<InvoiceRow | undefined> {
    return first<InvoiceRow>(tx, sql`SELECT * FROM qpay_invoices WHERE id = ${id} FOR UPDATE`);
  }

  async knownPayments(tx: Executor, invoiceId: number): Promise<Set<string>> {
    const r = await rows<Pick<QPayPaymentRow, 'payment_id'>>(tx, sql`SELECT payment_id FROM qpay_payments WHERE invoice_id = ${invoiceId}`);
    return new Set(r.map((x) => x.payment_id));
  }

  /** False when QPay's payment id is recorded already (for whatever invoice). */
  async insertPayment(tx: Executor, p: NewPayment): Promise<boolean> {
    const r = await rows(
      tx,
      sql`INSERT INTO qpay_payments (payment_id, invoice_id, user_id, qpay_status, amount_text, amount, currency, paid_at, decision, rule, reason, deposit_id, transfer_id)
          VALUES (${p.paymentId}, ${p.invoiceId}, ${p.userId}, ${p.qpayStatus}, ${p.amountText}, ${p.amount}, ${p.currency}, ${p.paidAt}::timestamptz,
                  ${p.decision}, ${p.rule}, ${p.reason}, ${p.depositId}, ${p.transferId})
          ON CONFLICT (payment_id) DO NOTHING RETURNING payment_id`,
    );
    return r.length > 0;
  }

  /**
   * After a check: the totals, PARTIAL or PAID while open, EXPIRED when asked and still open.
   * A closed invoice keeps its status (a late payment is recorded against it).
   */
  async afterCheck(tx: Executor, inv: InvoiceRow, paid: number, credited: number, expire: boolean): Promise<InvoiceRow> {
    const open = inv.status === 'PENDING' || inv.status === 'PARTIAL';
    let status = inv.status;
    if (open) status = paid >= inv.amount ? 'PAID' : expire ? 'EXPIRED' : paid > 0 ? 'PARTIAL' : 'PENDING';
    const r = await first<InvoiceRow>(
      tx,
      sql`UPDATE qpay_invoices SET paid_amount = ${paid}, credited_amount = ${credited}, status = ${status},
            paid_at = CASE WHEN ${status} = 'PAID' THEN coalesce(paid_at, now()) ELSE paid_at END,
            closed_at = CASE WHEN ${status} IN ('EXPIRED', 'CANCELLED', 'FAILED') THEN coalesce(closed_at, now()) ELSE closed_at END,
            last_checked_at = now(), checks = checks + 1, error = NULL
          WHERE id = ${inv.id} RETURNING *`,
    );
    return r!;
  }

  noteChecked(id: number): Promise<unknown> {
    return this.db.execute(sql`UPDATE qpay_invoices SET last_checked_at = now(), checks = checks + 1, error = NULL WHERE id = ${id}`);
  }

  noteCheckFailed(id: number, error: string): Promise<unknown> {
    return this.db.execute(sql`UPDATE qpay_invoices SET last_checked_at = now(), checks = checks + 1, error = ${error.slice(0, 500)} WHERE id = ${id}`);
  }

  /** Open invoices not asked about for `checkMs` (callbacks missed), oldest news first. */
  dueForCheck(checkMs: number, limit: number): Promise<InvoiceRow[]> {
    return rows<InvoiceRow>(
      this.db,
      sql`SELECT * FROM qpay_invoices WHERE status IN ${OPEN} AND expires_at > now()
            AND coalesce(last_checked_at, created_at) < now() - ${checkMs} * interval '1 millisecond'
          ORDER BY coalesce(last_checked_at, created_at) LIMIT ${limit}`,
    );
  }
  /** Open invoices whose time is over. */
  expired(limit: number): Promise<InvoiceRow[]> {
    return rows<InvoiceRow>(this.db, sql`SELECT * FROM qpay_invoices WHERE status IN ${OPEN} AND expires_at <= now() ORDER BY expires_at LIMIT ${limit}`);
  }
  /** Creations left half-done (the process stopped while QPay was asked): never shown, never payable by anyone. */
  failStaleCreating(ms: number): Promise<InvoiceRow[]> {
    return rows<InvoiceRow>(
      this.db,
      sql`UPDATE qpay_invoices SET status = 'FAILED', error = 'QPay did not confirm the invoice', closed_at = now()
          WHERE status = 'CREATING' AND created_at < now() - ${ms} * interval '1 millisecond' RETURNING *`,
    );
  }

  /** The held payment, locked with its invoice, for a staff decision. */
  lockPayment(tx: Executor, paymentId: string): Promise<QPayPaymentRow | undefined> {
    return first<QPayPaymentRow>(tx, sql`SELECT * FROM qpay_payments WHERE payment_id = ${paymentId} FOR UPDATE`);
  }

  resolveHeld(tx: Executor, paymentId: string, v: { decision: QPayDecision; reason: string; by: number; depositId: number | null; transferId: number | null }) {
    return first<QPayPaymentRow>(
      tx,
      sql`UPDATE qpay_payments SET decision = ${v.decision}, rule = 'review', reason = ${v.reason}, reviewed_by = ${v.by}, reviewed_at = now(),
            deposit_id = ${v.depositId}, transfer_id = ${v.transferId}
          WHERE payment_id = ${paymentId} AND (decision = 'HELD' OR (decision = 'REFUSED' AND reviewed_at IS NULL)) RETURNING *`,
    );
  }

  addCredited(tx: Executor, invoiceId: number, amount: number): Promise<unknown> {
    return tx.execute(sql`UPDATE qpay_invoices SET credited_amount = credited_amount + ${amount} WHERE id = ${invoiceId}`);
  }
}
