// Payments (docs/payments.md): QPay deposits and their job, built once the live plugin's fanout
// exists (an invoice's news goes to its player's sockets on any instance). Registered after the
// live plugin; the job starts with the server and stops before the database closes.
import type { FastifyInstance } from 'fastify';
import type { DepositGuard } from '../wallet/deposit-guard';
import { createPayments, type Payments } from '../wallet/payments';
import type { QPayOptions } from '../wallet/qpay/options';
import { toInvoice } from '../wallet/qpay/views';
import { global } from './global';

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export interface PaymentsPluginOptions extends Record<string, unknown> {
  qpay?: QPayOptions;
  guard?: DepositGuard;
}

export const paymentsPlugin = global<PaymentsPluginOptions>(async (app: FastifyInstance, opts) => {
  const payments = createPayments({
    services: app.services,
    qpay: opts.qpay,
    guard: opts.guard ?? app.services.safer,
    invoiceChanged: (inv) => app.live.fanout.user(inv.user_id, { type: 'QPAY_INVOICE', data: toInvoice(inv) }),
    log: { warn: (m) => app.log.warn(m) },
  });
  app.decorate('payments', payments);
  app.addHook('onReady', async () => payments.start());
  app.addHook('onClose', async () => payments.stop());
});
