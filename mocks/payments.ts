// In-memory payments of the administrator API mock (issue 31): QPay invoices and payments, bank
// statements and their lines, payout batches and what waits for one, the reconciliation and its
// differences. Typed by the contract; mocks/payment-handlers.ts answers from here.
import type { AdminQPayInvoice, AdminQPayPayment } from '../src/shared/api/payments';
import type { PayoutBatch, Statement, StatementLine } from '../src/shared/api/bank';
import type { BankCode } from '../src/shared/api/enums';
import type { ReconciliationDifference, ReconciliationRow } from '../src/shared/api/reconciliation';

export interface PaymentMockState {
  invoices: AdminQPayInvoice[];
  qpayPayments: AdminQPayPayment[];
  statements: Statement[];
  lines: StatementLine[];
  batches: PayoutBatch[];
  /** Approved withdrawals in no batch, per payee bank. */
  due: { bank: BankCode; count: number; total: number }[];
  reconciliation: ReconciliationRow[];
  differences: ReconciliationDifference[];
}

const AT = '2026-01-04T02:00:00.000Z';

export function qpayInvoice(over: Partial<AdminQPayInvoice> = {}): AdminQPayInvoice {
  return {
    id: 11,
    ref: 'QPAAA11111',
    amount: 50_000,
    status: 'PENDING',
    paidAmount: 0,
    creditedAmount: 0,
    qrText: 'qr',
    shortUrl: 'https://s.qpay.mn/abc',
    deepLinks: [],
    createdAt: AT,
    expiresAt: '2026-01-04T02:15:00.000Z',
    paidAt: null,
    userId: 7,
    username: 'bataa',
    qpayInvoiceId: 'inv-11',
    checks: 1,
    lastCheckedAt: AT,
    error: null,
    ...over,
  };
}

export function qpayPayment(over: Partial<AdminQPayPayment> = {}): AdminQPayPayment {
  return {
    id: 'pay-1',
    invoiceId: 11,
    ref: 'QPAAA11111',
    userId: 7,
    username: 'bataa',
    qpayStatus: 'PAID',
    amountText: '80000.00',
    amount: 80_000,
    currency: 'MNT',
    paidAt: AT,
    decision: 'HELD',
    rule: 'over',
    reason: null,
    depositCode: null,
    recordedAt: AT,
    reviewedBy: null,
    reviewedAt: null,
    ...over,
  };
}

export function statement(over: Partial<Statement> = {}): Statement {
  return {
    id: 1,
    bank: 'KHAN',
    format: 'GENERIC',
    filename: 'khan-2026-01-03.csv',
    periodFrom: '2026-01-03T01:15:00.000Z',
    periodTo: '2026-01-03T09:40:00.000Z',
    lineCount: 2,
    added: 2,
    duplicates: 0,
    uploadedBy: 'boss',
    uploadedAt: AT,
    proposed: 1,
    unmatched: 1,
    credited: 0,
    ignored: 0,
    outgoing: 0,
    ...over,
  };
}

export function statementLine(over: Partial<StatementLine> = {}): StatementLine {
  return {
    id: 21,
    statementId: 1,
    lineNo: 1,
    bookedAt: '2026-01-03T01:15:00.000Z',
    direction: 'IN',
    amount: 150_000,
    description: 'poker D7K2Q9',
    counterparty: '5001112233',
    reference: 'FT0001',
    depositCode: 'D7K2Q9',
    userId: 7,
    username: 'bataa',
    status: 'PROPOSED',
    note: null,
    depositId: null,
    depositRecord: null,
    resolvedBy: null,
    resolvedAt: null,
    possibleDuplicate: null,
    ...over,
  };
}

export function payoutBatch(over: Partial<PayoutBatch> = {}): PayoutBatch {
  return {
    id: 1,
    code: 'PB-AAAA1111',
    bank: 'KHAN',
    status: 'OPEN',
    itemCount: 1,
    total: 50_000,
    createdBy: 'boss',
    createdAt: AT,
    exportedAt: null,
    bankReference: null,
    paidBy: null,
    paidAt: null,
    cancelledBy: null,
    cancelledAt: null,
    cancelReason: null,
    items: [{ withdrawalId: 1, code: 'WDR-AAA111', userId: 7, username: 'bataa', amount: 50_000, accountNumber: '5012345678', active: true }],
    ...over,
  };
}

export function reconciliationRow(over: Partial<ReconciliationRow> = {}): ReconciliationRow {
  const row = {
    day: '2026-01-03',
    channel: 'QPAY_IN' as const,
    external: 130_000,
    ledger: 50_000,
    difference: 80_000,
    differences: 1,
    status: 'DIFFERENCES' as const,
    ...over,
  };
  return { id: `${row.day}:${row.channel}`, ...row };
}

export function createPaymentState(over: Partial<PaymentMockState> = {}): PaymentMockState {
  return {
    invoices: [qpayInvoice(), qpayInvoice({ id: 12, ref: 'QPBBB22222', status: 'PAID', paidAmount: 50_000, creditedAmount: 50_000, paidAt: AT })],
    qpayPayments: [
      qpayPayment(),
      qpayPayment({ id: 'pay-2', invoiceId: 12, ref: 'QPBBB22222', amount: 50_000, amountText: '50000.00', decision: 'CREDITED', rule: 'exact' }),
    ],
    statements: [statement()],
    lines: [
      statementLine({ possibleDuplicate: { depositId: 4, code: 'DEP-444', createdAt: AT } }),
      statementLine({
        id: 22,
        lineNo: 2,
        amount: 20_000,
        description: 'transfer',
        depositCode: null,
        userId: null,
        username: null,
        status: 'UNMATCHED',
        note: 'No deposit code',
      }),
    ],
    batches: [],
    due: [{ bank: 'KHAN', count: 1, total: 50_000 }],
    reconciliation: [
      reconciliationRow(),
      reconciliationRow({ channel: 'BANK_IN', external: 170_000, ledger: 170_000, difference: 0, differences: 0, status: 'OK' }),
    ],
    differences: [
      {
        id: 'd1',
        day: '2026-01-03',
        channel: 'QPAY_IN',
        kind: 'qpay_held',
        amount: 80_000,
        reference: 'pay-1',
        userId: 7,
        username: 'bataa',
        detail: 'Held: above the invoice',
      },
    ],
    ...over,
  };
}
