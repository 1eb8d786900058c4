// msw handlers of the payment routes of issue 31 (QPay, statements, payout batches,
// reconciliation), on the contract like mocks/admin-handlers.ts; the caller is 'boss'. The rules
// behind them are the server's (src/server/wallet): here only what the screens need to show.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { BankCode } from '../src/shared/api/enums';
import type { AdminMockState } from './admin-state';
import { payoutBatch, statement } from './payments';
import { errorResponse as err, page, path, readBody, reply } from './respond';

const NOW = '2026-01-04T03:00:00.000Z';
type Log = (request: Request) => Promise<URL>;

/** Items whose `key` equals the query's value, for each filter given. */
function filtered<T extends Record<string, unknown>>(items: T[], url: URL, keys: string[]): T[] {
  return items.filter((x) => keys.every((k) => !url.searchParams.has(k) || String(x[k]) === url.searchParams.get(k)));
}

function qpayHandlers(state: AdminMockState, log: Log): HttpHandler[] {
  const p = state.payments;
  return [
    http.get(path('adminQPayInvoices'), async ({ request }) => {
      const url = await log(request);
      return reply('adminQPayInvoices', page(filtered(p.invoices, url, ['status', 'userId', 'ref']), url));
    }),
    http.put(path('checkQPayInvoice'), async ({ request }) => {
      const url = await log(request);
      const inv = p.invoices.find((i) => i.id === Number(url.searchParams.get('invoiceId')));
      if (!inv) return err(404, 'NOT_FOUND', 'Invoice not found');
      inv.checks += 1;
      inv.lastCheckedAt = NOW;
      return reply('checkQPayInvoice', inv);
    }),
    http.get(path('adminQPayPayments'), async ({ request }) => {
      const url = await log(request);
      return reply('adminQPayPayments', page(filtered(p.qpayPayments, url, ['decision', 'invoiceId', 'userId']), url));
    }),
    http.put(path('reviewQPayPayment'), async ({ request }) => {
      const url = await log(request);
      const pay = p.qpayPayments.find((x) => x.id === url.searchParams.get('paymentId'));
      if (!pay) return err(404, 'NOT_FOUND', 'Payment not found');
      const b = await readBody('reviewQPayPayment', request);
      if (!b.ok) return b.res;
      if (pay.decision !== 'HELD' && !(pay.decision === 'REFUSED' && !pay.reviewedAt)) return err(409, 'ALREADY_RESOLVED', 'Already reviewed');
      Object.assign(pay, {
        decision: b.data.decision === 'CREDIT' ? 'CREDITED' : 'REFUSED',
        rule: 'review',
        reason: b.data.reason,
        reviewedBy: 'boss',
        reviewedAt: NOW,
      });
      return reply('reviewQPayPayment', pay);
    }),
  ];
}

function bankHandlers(state: AdminMockState, log: Log): HttpHandler[] {
  const p = state.payments;
  const lineAt = (url: URL) => p.lines.find((l) => l.id === Number(url.searchParams.get('lineId')));
  const open = (status: string) => status === 'PROPOSED' || status === 'UNMATCHED';
  const user = (by: { userId?: unknown; depositCode?: unknown }) =>
    state.users.find((u) => (by.userId !== undefined ? u.userId === Number(by.userId) : u.depositCode === by.depositCode));
  return [
    http.post(path('uploadStatement'), async ({ request }) => {
      await log(request);
      const b = await readBody('uploadStatement', request);
      if (!b.ok) return b.res;
      if (p.statements.some((s) => s.filename === b.data.filename)) return err(409, 'STATEMENT_ALREADY_UPLOADED', 'This statement was uploaded before');
      // A line whose amount is not whole tugrik refuses the file, as the server does (its problems in details).
      const bad = String(b.data.content)
        .split('\n')
        .map((l, i) => ({ path: `line ${i + 1}`, message: 'The amount is not a whole number of tugrik', bad: /,\d+\.\d+,/.test(l) }))
        .filter((x) => x.bad)
        .map(({ path: at, message }) => ({ path: at, message }));
      if (bad.length)
        return HttpResponse.json(
          { error: { code: 'STATEMENT_INVALID', message: `The statement has ${bad.length} problems; nothing was imported.`, details: bad } },
          { status: 400 },
        );
      const s = statement({
        id: p.statements.length + 1,
        bank: b.data.bank as BankCode,
        format: String(b.data.format),
        filename: String(b.data.filename),
        uploadedAt: NOW,
      });
      p.statements.unshift(s);
      return reply('uploadStatement', s);
    }),
    http.get(path('statements'), async ({ request }) => {
      const url = await log(request);
      return reply('statements', page(p.statements, url));
    }),
    http.get(path('statement'), async ({ request, params }) => {
      await log(request);
      const s = p.statements.find((x) => x.id === Number(params.statementId));
      return s ? reply('statement', s) : err(404, 'NOT_FOUND', 'Statement not found');
    }),
    http.get(path('statementLines'), async ({ request }) => {
      const url = await log(request);
      return reply('statementLines', page(filtered(p.lines, url, ['statementId', 'status', 'direction', 'userId']), url));
    }),
    ...(['confirmStatementLine', 'assignStatementLine', 'ignoreStatementLine', 'linkStatementLine'] as const).map((name) =>
      http.put(path(name), async ({ request }) => {
        const line = lineAt(await log(request));
        if (!line) return err(404, 'NOT_FOUND', 'Line not found');
        const b = await readBody(name, request);
        if (!b.ok) return b.res;
        if (!open(line.status)) return err(409, 'ALREADY_RESOLVED', 'This line is decided already');
        const d = b.data ?? {};
        if (name === 'ignoreStatementLine') Object.assign(line, { status: 'IGNORED', note: d.reason });
        else if (name === 'linkStatementLine')
          Object.assign(line, { status: 'CREDITED', depositId: Number(d.depositId), depositRecord: `linked to ${String(d.depositId)}` });
        else {
          const u = d.userId !== undefined || d.depositCode !== undefined ? user(d) : state.users.find((x) => x.userId === line.userId);
          if (!u) return err(404, 'NOT_FOUND', 'Player not found');
          Object.assign(line, { userId: u.userId, username: u.username, status: name === 'confirmStatementLine' ? 'CREDITED' : 'PROPOSED' });
        }
        Object.assign(line, { resolvedBy: 'boss', resolvedAt: NOW });
        return reply(name, line);
      }),
    ),
  ];
}

function batchHandlers(state: AdminMockState, log: Log): HttpHandler[] {
  const p = state.payments;
  const batchAt = (id: unknown) => p.batches.find((b) => b.id === Number(id));
  return [
    http.get(path('payoutsDue'), async ({ request }) => {
      await log(request);
      return reply('payoutsDue', { banks: p.due });
    }),
    http.get(path('payoutBatches'), async ({ request }) => {
      const url = await log(request);
      return reply('payoutBatches', page(filtered(p.batches, url, ['status', 'bank']), url));
    }),
    http.post(path('createPayoutBatch'), async ({ request }) => {
      await log(request);
      const b = await readBody('createPayoutBatch', request);
      if (!b.ok) return b.res;
      const due = p.due.find((d) => d.bank === b.data.bank);
      if (!due) return err(409, 'NOTHING_TO_PAY', 'Nothing waits for this bank');
      const batch = payoutBatch({ id: p.batches.length + 1, bank: due.bank, itemCount: due.count, total: due.total, createdAt: NOW });
      p.batches.unshift(batch);
      p.due = p.due.filter((d) => d !== due);
      return reply('createPayoutBatch', batch);
    }),
    http.get(path('payoutBatchFile'), async ({ request, params }) => {
      await log(request);
      const b = batchAt(params.batchId);
      if (!b) return err(404, 'NOT_FOUND', 'Batch not found');
      const content = `payee_account,payee_name,amount,currency,description\n5012345678,bataa,50000,MNT,WDR-AAA111 ${b.code} Mongol Poker payout\n`;
      return reply('payoutBatchFile', { filename: `${b.code}-${b.bank}.csv`, mimeType: 'text/csv', content });
    }),
    http.get(path('payoutBatch'), async ({ request, params }) => {
      await log(request);
      const b = batchAt(params.batchId);
      return b ? reply('payoutBatch', b) : err(404, 'NOT_FOUND', 'Batch not found');
    }),
    ...(['payoutBatchPaid', 'cancelPayoutBatch'] as const).map((name) =>
      http.post(path(name), async ({ request, params }) => {
        await log(request);
        const batch = batchAt(params.batchId);
        if (!batch) return err(404, 'NOT_FOUND', 'Batch not found');
        const b = await readBody(name, request);
        if (!b.ok) return b.res;
        if (batch.status !== 'OPEN') return err(409, 'ALREADY_RESOLVED', 'This batch is closed');
        if (name === 'payoutBatchPaid') Object.assign(batch, { status: 'PAID', bankReference: b.data.bankReference, paidBy: 'boss', paidAt: NOW });
        else Object.assign(batch, { status: 'CANCELLED', cancelReason: b.data.reason, cancelledBy: 'boss', cancelledAt: NOW });
        return reply(name, batch);
      }),
    ),
  ];
}

function reconciliationHandlers(state: AdminMockState, log: Log): HttpHandler[] {
  const p = state.payments;
  const adminOnly = () => (state.role === 'ADMIN' ? null : err(403, 'FORBIDDEN', 'Administrators only'));
  return [
    http.get(path('reconciliationDifferences'), async ({ request }) => {
      const url = await log(request);
      return adminOnly() ?? reply('reconciliationDifferences', page(filtered(p.differences, url, ['day', 'channel', 'kind']), url));
    }),
    http.get(path('reconciliationAlerts'), async ({ request }) => {
      await log(request);
      return adminOnly() ?? reply('reconciliationAlerts', { differences: p.differences.length, days: 30, checkedAt: NOW });
    }),
    http.post(path('refreshReconciliation'), async ({ request }) => {
      await log(request);
      return adminOnly() ?? reply('refreshReconciliation', { fetched: 2, days: ['2026-01-03', '2026-01-04'] });
    }),
    http.get(path('reconciliation'), async ({ request }) => {
      const url = await log(request);
      return adminOnly() ?? reply('reconciliation', page(filtered(p.reconciliation, url, ['channel', 'status']), url));
    }),
  ];
}

export function createPaymentHandlers(state: AdminMockState, log: Log): HttpHandler[] {
  return [...qpayHandlers(state, log), ...bankHandlers(state, log), ...batchHandlers(state, log), ...reconciliationHandlers(state, log)];
}
