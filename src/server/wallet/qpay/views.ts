// What players and staff see of QPay invoices and payments: rows to the contract's shapes, and the
// back office's lists (filters, sort, paging).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { List } from '../../../shared/api/common';
import type {
  AdminQPayInvoice,
  AdminQPayInvoiceQuery,
  AdminQPayPayment,
  AdminQPayPaymentQuery,
  OwnQPayInvoiceQuery,
  QPayInvoice,
} from '../../../shared/api/payments';
import { type Executor, first, iso, isoOrNull, rows } from '../../db/client';
import type { QPayPaymentRow, UserRow } from '../../db/rows';
import { pageSql, where } from '../../core/paging';
import type { InvoiceRow } from './repo';

type AdminInvoiceRow = InvoiceRow & { username: UserRow['username'] };
type AdminPaymentRow = QPayPaymentRow & { ref: string; username: string; deposit_code: string | null; reviewer: string | null };
type Count = { n: number };

export const toInvoice = (r: InvoiceRow): QPayInvoice => ({
  id: r.id,
  ref: r.ref,
  amount: r.amount,
  status: r.status,
  paidAmount: r.paid_amount,
  creditedAmount: r.credited_amount,
  qrText: r.qr_text,
  shortUrl: r.short_url,
  deepLinks: r.deep_links ?? [],
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  paidAt: isoOrNull(r.paid_at),
});

const toAdminInvoice = (r: AdminInvoiceRow): AdminQPayInvoice => ({
  ...toInvoice(r),
  userId: r.user_id,
  username: r.username,
  qpayInvoiceId: r.qpay_invoice_id,
  checks: r.checks,
  lastCheckedAt: isoOrNull(r.last_checked_at),
  error: r.error,
});

const toAdminPayment = (r: AdminPaymentRow): AdminQPayPayment => ({
  id: r.payment_id,
  invoiceId: r.invoice_id,
  ref: r.ref,
  userId: r.user_id,
  username: r.username,
  qpayStatus: r.qpay_status,
  amountText: r.amount_text,
  amount: r.amount,
  currency: r.currency,
  paidAt: isoOrNull(r.paid_at),
  decision: r.decision,
  rule: r.rule,
  reason: r.reason,
  depositCode: r.deposit_code,
  recordedAt: iso(r.recorded_at),
  reviewedBy: r.reviewer,
  reviewedAt: isoOrNull(r.reviewed_at),
});

const INVOICE_SORT = { id: sql`i.id`, createdAt: sql`i.id`, amount: sql`i.amount`, status: sql`i.status`, expiresAt: sql`i.expires_at` };
const PAYMENT_SORT = { id: sql`p.payment_id`, recordedAt: sql`p.recorded_at`, amount: sql`p.amount`, decision: sql`p.decision`, paidAt: sql`p.paid_at` };
const INVOICE_SELECT = sql`SELECT i.*, u.username FROM qpay_invoices i JOIN users u ON u.id = i.user_id`;
const PAYMENT_SELECT = sql`SELECT p.*, i.ref, u.username, d.code AS deposit_code, r.username AS reviewer
  FROM qpay_payments p JOIN qpay_invoices i ON i.id = p.invoice_id JOIN users u ON u.id = p.user_id
  LEFT JOIN deposits d ON d.id = p.deposit_id LEFT JOIN users r ON r.id = p.reviewed_by`;

export class QPayViews {
  constructor(private readonly db: Executor) {}

  async ownList(userId: number, q: z.output<typeof OwnQPayInvoiceQuery>): Promise<List<QPayInvoice>> {
    const p = pageSql(q, INVOICE_SORT, 'id');
    const w = where([sql`i.user_id = ${userId}`, q.status && sql`i.status = ${q.status}`]);
    const items = await rows<AdminInvoiceRow>(this.db, sql`${INVOICE_SELECT} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM qpay_invoices i ${w}`);
    return { items: items.map(toInvoice), total: total?.n ?? 0 };
  }

  async invoices(q: z.output<typeof AdminQPayInvoiceQuery>): Promise<List<AdminQPayInvoice>> {
    const p = pageSql(q, INVOICE_SORT, 'id');
    const w = where([q.status && sql`i.status = ${q.status}`, q.userId && sql`i.user_id = ${q.userId}`, q.ref && sql`i.ref = ${q.ref.toUpperCase()}`]);
    const items = await rows<AdminInvoiceRow>(this.db, sql`${INVOICE_SELECT} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM qpay_invoices i ${w}`);
    return { items: items.map(toAdminInvoice), total: total?.n ?? 0 };
  }

  async invoice(id: number): Promise<AdminQPayInvoice | null> {
    const r = await first<AdminInvoiceRow>(this.db, sql`${INVOICE_SELECT} WHERE i.id = ${id}`);
    return r ? toAdminInvoice(r) : null;
  }

  async payments(q: z.output<typeof AdminQPayPaymentQuery>): Promise<List<AdminQPayPayment>> {
    const p = pageSql(q, PAYMENT_SORT, 'recordedAt');
    const w = where([
      q.decision && sql`p.decision = ${q.decision}`,
      q.invoiceId && sql`p.invoice_id = ${q.invoiceId}`,
      q.userId && sql`p.user_id = ${q.userId}`,
    ]);
    const items = await rows<AdminPaymentRow>(this.db, sql`${PAYMENT_SELECT} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM qpay_payments p ${w}`);
    return { items: items.map(toAdminPayment), total: total?.n ?? 0 };
  }

  async payment(id: string): Promise<AdminQPayPayment | null> {
    const r = await first<AdminPaymentRow>(this.db, sql`${PAYMENT_SELECT} WHERE p.payment_id = ${id}`);
    return r ? toAdminPayment(r) : null;
  }
}
