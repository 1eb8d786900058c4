// The payment resources of issue 31 on the administrator API (docs/payments.md):
//
//   qpayInvoice     QPay invoices: GET /admin/qpay/invoice
//   qpayPayment     payments QPay reported (id = QPay's payment id): GET /admin/qpay/payment
//   statement       uploaded bank statements: GET/POST /admin/statement, GET /admin/statement/:statementId
//   statementLine   their lines: GET /admin/statement-line
//   payoutBatch     payout batches: GET/POST /admin/payout-batch, GET /admin/payout-batch/:batchId
//   reconciliation  per day and channel (administrators): GET /admin/reconciliation
//   difference      the differences (administrators): GET /admin/reconciliation/difference
// The actions on them (check, review, confirm, assign, ignore, link, file, paid, cancel, refresh)
// are the typed calls of paymentCalls().
import type { RaRecord } from 'react-admin';
import type { AdminQPayInvoice, AdminQPayPayment } from '../../shared/api/payments';
import type { PayoutBatch, Statement, StatementLine } from '../../shared/api/bank';
import type { ReconciliationDifference, ReconciliationRow } from '../../shared/api/reconciliation';
import type { BankCode } from '../../shared/api/enums';
import type { BodyOf, ResponseOf } from '../../shared/api/routes';
import type { Http } from './http';
import { mapped, same, serverQuery, type Body, type ListResult, type ResourceAdapter } from './adapter';

export type QPayInvoiceRecord = AdminQPayInvoice;
export type QPayPaymentRecord = AdminQPayPayment;
export type StatementRecord = Statement;
export type StatementLineRecord = StatementLine;
export type PayoutBatchRecord = PayoutBatch;
export type ReconciliationRecord = ReconciliationRow;
export type DifferenceRecord = ReconciliationDifference;

export const PAYMENT_RESOURCES = ['qpayInvoice', 'qpayPayment', 'statement', 'statementLine', 'payoutBatch', 'reconciliation', 'difference'] as const;
export type PaymentResourceName = (typeof PAYMENT_RESOURCES)[number];

const list = async <T extends RaRecord>(res: Promise<{ items: T[]; total: number }>): Promise<ListResult> => res;

function uploadBody(data: Body): BodyOf<'uploadStatement'> {
  return {
    bank: data.bank as BankCode,
    format: (data.format as BodyOf<'uploadStatement'>['format']) ?? 'AUTO',
    filename: String(data.filename ?? ''),
    content: String(data.content ?? ''),
  };
}

function batchBody(data: Body): BodyOf<'createPayoutBatch'> {
  const ids = Array.isArray(data.withdrawalIds) ? data.withdrawalIds.map(Number) : undefined;
  return { bank: data.bank as BankCode, ...(ids && ids.length > 0 ? { withdrawalIds: ids } : {}) };
}

export function paymentAdapters(http: Http): Record<PaymentResourceName, ResourceAdapter> {
  return {
    qpayInvoice: { list: (req) => list(http.call('adminQPayInvoices', { query: serverQuery('adminQPayInvoices', 'id', req), signal: req.signal })) },
    qpayPayment: { list: (req) => list(http.call('adminQPayPayments', { query: serverQuery('adminQPayPayments', 'recordedAt', req), signal: req.signal })) },
    statement: {
      list: (req) => list(http.call('statements', { query: serverQuery('statements', 'id', req), signal: req.signal })),
      one: (id, signal) => http.call('statement', { params: { statementId: Number(id) }, signal }),
      create: (body) => http.call('uploadStatement', { body: uploadBody(body) }),
    },
    statementLine: { list: (req) => list(http.call('statementLines', { query: serverQuery('statementLines', 'id', req), signal: req.signal })) },
    payoutBatch: {
      list: (req) => list(http.call('payoutBatches', { query: serverQuery('payoutBatches', 'id', req), signal: req.signal })),
      one: (id, signal) => http.call('payoutBatch', { params: { batchId: Number(id) }, signal }),
      create: (body) => http.call('createPayoutBatch', { body: batchBody(body) }),
    },
    reconciliation: {
      list: (req) => mapped(http.call('reconciliation', { query: serverQuery('reconciliation', 'day', req), signal: req.signal }), same),
    },
    difference: {
      list: (req) => list(http.call('reconciliationDifferences', { query: serverQuery('reconciliationDifferences', 'day', req), signal: req.signal })),
    },
  };
}

type Line = { data: StatementLineRecord };
type Batch = { data: PayoutBatchRecord };

/** The payment actions of the back office, each one route of the contract. */
export interface PaymentCalls {
  checkQPayInvoice(invoiceId: number): Promise<{ data: QPayInvoiceRecord }>;
  reviewQPayPayment(paymentId: string, decision: 'CREDIT' | 'REFUSE', reason: string): Promise<{ data: QPayPaymentRecord }>;
  confirmLine(lineId: number, userId?: number): Promise<Line>;
  assignLine(lineId: number, to: { userId: number } | { depositCode: string }): Promise<Line>;
  ignoreLine(lineId: number, reason: string): Promise<Line>;
  linkLine(lineId: number, depositId: number): Promise<Line>;
  payoutsDue(): Promise<{ data: ResponseOf<'payoutsDue'> }>;
  payoutBatchFile(batchId: number): Promise<{ data: ResponseOf<'payoutBatchFile'> }>;
  payoutBatchPaid(batchId: number, bankReference: string): Promise<Batch>;
  cancelPayoutBatch(batchId: number, reason: string): Promise<Batch>;
  refreshReconciliation(day?: string): Promise<{ data: ResponseOf<'refreshReconciliation'> }>;
  reconciliationAlerts(signal?: AbortSignal): Promise<{ data: ResponseOf<'reconciliationAlerts'> }>;
}

export function paymentCalls(http: Http): PaymentCalls {
  const line = (lineId: number) => ({ query: { lineId } });
  return {
    checkQPayInvoice: async (invoiceId) => ({ data: await http.call('checkQPayInvoice', { query: { invoiceId } }) }),
    reviewQPayPayment: async (paymentId, decision, reason) => ({
      data: await http.call('reviewQPayPayment', { query: { paymentId }, body: { decision, reason } }),
    }),
    confirmLine: async (lineId, userId) => ({ data: await http.call('confirmStatementLine', { ...line(lineId), body: userId ? { userId } : {} }) }),
    assignLine: async (lineId, to) => ({ data: await http.call('assignStatementLine', { ...line(lineId), body: to }) }),
    ignoreLine: async (lineId, reason) => ({ data: await http.call('ignoreStatementLine', { ...line(lineId), body: { reason } }) }),
    linkLine: async (lineId, depositId) => ({ data: await http.call('linkStatementLine', { ...line(lineId), body: { depositId } }) }),
    payoutsDue: async () => ({ data: await http.call('payoutsDue', {}) }),
    payoutBatchFile: async (batchId) => ({ data: await http.call('payoutBatchFile', { params: { batchId } }) }),
    payoutBatchPaid: async (batchId, bankReference) => ({ data: await http.call('payoutBatchPaid', { params: { batchId }, body: { bankReference } }) }),
    cancelPayoutBatch: async (batchId, reason) => ({ data: await http.call('cancelPayoutBatch', { params: { batchId }, body: { reason } }) }),
    refreshReconciliation: async (day) => ({ data: await http.call('refreshReconciliation', { body: day ? { day } : {} }) }),
    reconciliationAlerts: async (signal) => ({ data: await http.call('reconciliationAlerts', { signal }) }),
  };
}
