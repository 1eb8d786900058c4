// Drizzle description of the payments' tables (migrations 0750-0780, docs/payments.md), part of
// schema.ts (which re-exports it): QPay invoices and payments, bank statements, payout batches,
// what QPay lists for the reconciliation.
import { bigint, bigserial, boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PayoutBatchStatus, StatementLineStatus } from '../../shared/api/bank';
import type { BankCode } from '../../shared/api/enums';
import type { QPayDecision, QPayInvoiceStatus, QPayRule } from '../../shared/api/payments';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const money = (name: string) => bigint(name, { mode: 'number' });

/** QPay deposits (0750, docs/payments.md): an invoice per deposit asked, written by wallet/qpay only. */
export const qpayInvoices = pgTable('qpay_invoices', {
  id: serial('id').primaryKey(),
  ref: text('ref').notNull().unique(),
  userId: integer('user_id').notNull(),
  amount: money('amount').notNull(),
  status: text('status').$type<QPayInvoiceStatus>().notNull(),
  qpayInvoiceId: text('qpay_invoice_id').unique(),
  qrText: text('qr_text'),
  shortUrl: text('short_url'),
  deepLinks: jsonb('deep_links').$type<{ name: string; description: string; link: string }[]>().notNull(),
  paidAmount: money('paid_amount').notNull(),
  creditedAmount: money('credited_amount').notNull(),
  idempotencyKey: text('idempotency_key'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  paidAt: ts('paid_at'),
  closedAt: ts('closed_at'),
  lastCheckedAt: ts('last_checked_at'),
  checks: integer('checks').notNull(),
  error: text('error'),
});

/** Every payment QPay reported for an invoice (0750): recorded once by QPay's id, credited at most once. */
export const qpayPayments = pgTable('qpay_payments', {
  paymentId: text('payment_id').primaryKey(),
  invoiceId: integer('invoice_id').notNull(),
  userId: integer('user_id').notNull(),
  qpayStatus: text('qpay_status').notNull(),
  amountText: text('amount_text').notNull(),
  amount: money('amount'),
  currency: text('currency').notNull(),
  paidAt: ts('paid_at'),
  decision: text('decision').$type<QPayDecision>().notNull(),
  rule: text('rule').$type<QPayRule>().notNull(),
  reason: text('reason'),
  depositId: integer('deposit_id'),
  transferId: money('transfer_id'),
  recordedAt: ts('recorded_at').notNull(),
  reviewedBy: integer('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
});

/** Bank statements uploaded by staff (0760, docs/payments.md): written by wallet/bank only. */
export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  bank: text('bank').$type<BankCode>().notNull(),
  format: text('format').notNull(),
  filename: text('filename').notNull(),
  sha256: text('sha256').notNull().unique(),
  periodFrom: ts('period_from'),
  periodTo: ts('period_to'),
  lineCount: integer('line_count').notNull(),
  added: integer('added').notNull(),
  duplicates: integer('duplicates').notNull(),
  uploadedBy: integer('uploaded_by').notNull(),
  uploadedAt: ts('uploaded_at').notNull(),
});

/** Every line of the bank's statements, once by its fingerprint (0760). */
export const bankStatementLines = pgTable('bank_statement_lines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  statementId: integer('statement_id').notNull(),
  lineNo: integer('line_no').notNull(),
  fingerprint: text('fingerprint').notNull().unique(),
  bookedAt: ts('booked_at').notNull(),
  direction: text('direction').$type<'IN' | 'OUT'>().notNull(),
  amount: money('amount').notNull(),
  description: text('description').notNull(),
  counterparty: text('counterparty'),
  bankRef: text('bank_ref'),
  depositCode: text('deposit_code'),
  userId: integer('user_id'),
  status: text('status').$type<StatementLineStatus>().notNull(),
  note: text('note'),
  depositId: integer('deposit_id').unique(),
  resolvedBy: integer('resolved_by'),
  resolvedAt: ts('resolved_at'),
});

/** Payout batches (0770, docs/payments.md): one bulk-transfer file per payee bank, written by wallet/payouts only. */
export const payoutBatches = pgTable('payout_batches', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  bank: text('bank').$type<BankCode>().notNull(),
  status: text('status').$type<PayoutBatchStatus>().notNull(),
  itemCount: integer('item_count').notNull(),
  total: money('total').notNull(),
  createdBy: integer('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
  exportedAt: ts('exported_at'),
  bankReference: text('bank_reference'),
  paidBy: integer('paid_by'),
  paidAt: ts('paid_at'),
  cancelledBy: integer('cancelled_by'),
  cancelledAt: ts('cancelled_at'),
  cancelReason: text('cancel_reason'),
});

/** The withdrawals of a batch (0770); an item of a cancelled batch is no longer active. */
export const payoutBatchItems = pgTable('payout_batch_items', {
  batchId: integer('batch_id').notNull(),
  withdrawalId: integer('withdrawal_id').notNull(),
  amount: money('amount').notNull(),
  accountNumber: text('account_number').notNull(),
  active: boolean('active').notNull(),
});

/** What QPay lists as paid (0780, reconciliation): written by wallet/reconciliation only. */
export const qpayReportedPayments = pgTable('qpay_reported_payments', {
  paymentId: text('payment_id').primaryKey(),
  qpayInvoiceId: text('qpay_invoice_id').notNull(),
  status: text('status').notNull(),
  amountText: text('amount_text').notNull(),
  amount: money('amount'),
  currency: text('currency').notNull(),
  paidAt: ts('paid_at').notNull(),
  fetchedAt: ts('fetched_at').notNull(),
});

/** QPay's days (Ulaanbaatar dates) whose payment list was fetched, and when (0780). */
export const qpayListFetches = pgTable('qpay_list_fetches', {
  ubDate: text('ub_date').primaryKey(),
  fetchedAt: ts('fetched_at').notNull(),
});
