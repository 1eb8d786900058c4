// Payments (docs/payments.md): the player's QPay invoices, QPay's callback, the back office's QPay
// invoices and payments, bank statements and their lines, payout batches, reconciliation.
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../core/errors';
import { qpayFailure, type QPayDeposits } from '../../wallet/qpay/invoices';
import { recentUbDates } from '../../wallet/reconciliation/qpay-feed';
import { toInvoice } from '../../wallet/qpay/views';
import { MAX_STATEMENT_CHARS } from '../../../shared/api/bank';
import { defineRoute } from '../define';

export async function paymentRoutes(app: FastifyInstance) {
  qpayRoutes(app);
  statementRoutes(app);
  payoutRoutes(app);
  reconciliationRoutes(app);
}

function qpayRoutes(app: FastifyInstance) {
  const { qpayViews } = app.payments;
  // Off (no QPAY_URL): the routes are not there, as a 404 says; not an outage (503).
  const qpay = (): QPayDeposits => {
    if (!app.payments.qpay) throw new AppError(404, 'QPAY_DISABLED', 'QPay deposits are not set up on this server');
    return app.payments.qpay;
  };

  defineRoute(app, 'createQPayInvoice', async ({ user, body }) => qpay().create(user.userId, body));
  defineRoute(app, 'qpayInvoices', async ({ user, query }) => qpayViews.ownList(user.userId, query));
  defineRoute(app, 'qpayInvoice', async ({ user, params }) => toInvoice(await qpay().own(user.userId, params.invoiceId)));
  defineRoute(app, 'cancelQPayInvoice', async ({ user, params }) => qpay().cancel(user.userId, params.invoiceId));

  // QPay's call: nothing in it is trusted; the room asks QPay (wallet/qpay/settle.ts).
  defineRoute(app, 'qpayCallback', async ({ query }) => ({ ok: true as const, status: (await qpay().callback(query.ref, query.sig)).status }));
  defineRoute(app, 'qpayCallbackPost', async ({ query }) => ({ ok: true as const, status: (await qpay().callback(query.ref, query.sig)).status }));

  defineRoute(app, 'adminQPayInvoices', async ({ query }) => qpayViews.invoices(query));
  defineRoute(app, 'checkQPayInvoice', async ({ query }) => {
    if (!(await qpayViews.invoice(query.invoiceId))) throw notFound('Invoice');
    return qpay().checkNow(query.invoiceId);
  });
  defineRoute(app, 'adminQPayPayments', async ({ query }) => qpayViews.payments(query));
  defineRoute(app, 'reviewQPayPayment', async ({ actor, query, body }) => {
    if (!(await qpayViews.payment(query.paymentId))) throw notFound('Payment');
    return qpay().review(actor, query.paymentId, body.decision, body.reason);
  });
}

function statementRoutes(app: FastifyInstance) {
  const { statements, statementViews } = app.payments;
  defineRoute(app, 'uploadStatement', async ({ actor, body }) => statements.upload(actor, body), { bodyLimit: 2 * MAX_STATEMENT_CHARS + 64 * 1024 });
  defineRoute(app, 'statements', async ({ query }) => statementViews.statements(query));
  defineRoute(app, 'statement', async ({ params }) => {
    const s = await statementViews.statement(params.statementId);
    if (!s) throw notFound('Statement');
    return s;
  });
  defineRoute(app, 'statementLines', async ({ query }) => statementViews.lines(query));
  defineRoute(app, 'confirmStatementLine', async ({ actor, query, body }) => statements.confirm(actor, query.lineId, body?.userId));
  defineRoute(app, 'assignStatementLine', async ({ actor, query, body }) => statements.assign(actor, query.lineId, body));
  defineRoute(app, 'ignoreStatementLine', async ({ actor, query, body }) => statements.ignore(actor, query.lineId, body.reason));
  defineRoute(app, 'linkStatementLine', async ({ actor, query, body }) => statements.link(actor, query.lineId, body.depositId));
}

function payoutRoutes(app: FastifyInstance) {
  const { payoutBatches } = app.payments;
  const one = async (id: number) => {
    const b = await payoutBatches.one(id);
    if (!b) throw notFound('Payout batch');
    return b;
  };
  defineRoute(app, 'payoutsDue', async () => payoutBatches.due());
  defineRoute(app, 'payoutBatches', async ({ query }) => payoutBatches.list(query));
  defineRoute(app, 'payoutBatch', async ({ params }) => one(params.batchId));
  defineRoute(app, 'createPayoutBatch', async ({ actor, body }) => payoutBatches.create(actor, body.bank, body.withdrawalIds));
  defineRoute(app, 'payoutBatchFile', async ({ params }) => payoutBatches.file(params.batchId));
  defineRoute(app, 'payoutBatchPaid', async ({ actor, params, body }) => payoutBatches.markPaid(actor, params.batchId, body.bankReference));
  defineRoute(app, 'cancelPayoutBatch', async ({ actor, params, body }) => payoutBatches.cancel(actor, params.batchId, body.reason));
}

function reconciliationRoutes(app: FastifyInstance) {
  const { reconciliation } = app.payments;
  defineRoute(app, 'reconciliation', async ({ query }) => reconciliation.rows(query));
  defineRoute(app, 'reconciliationDifferences', async ({ query }) => reconciliation.differences(query));
  defineRoute(app, 'reconciliationAlerts', async () => reconciliation.alerts());
  defineRoute(app, 'refreshReconciliation', async ({ body }) => {
    if (!reconciliation.feed) return { fetched: 0, days: [] };
    const days = body?.day ? [body.day] : recentUbDates();
    try {
      const fetched = await reconciliation.feed.refresh(days);
      reconciliation.invalidate();
      return { fetched, days };
    } catch (e) {
      throw qpayFailure(e);
    }
  });
}
