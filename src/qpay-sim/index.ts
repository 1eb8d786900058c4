// A QPay simulator: QPay's merchant API v2 over real HTTP (api.ts), the callbacks QPay makes
// (callbacks.ts), a page to "pay" an invoice and knobs to misbehave (control.ts). `npm start`
// runs one beside the room when QPAY_URL is unset (src/server/server.ts); the tests start their
// own. It is QPay, not the room: it imports nothing of src/ (tests/arch, ESLint).
import Fastify, { type FastifyInstance } from 'fastify';
import { Callbacks } from './callbacks';
import { apiRoutes } from './api';
import { controlRoutes } from './control';
import { DEFAULT_CREDENTIALS, type SimCredentials, type SimKnobs, SimError, type SimInvoice, type SimPayment, SimState } from './state';

export type { SimCredentials, SimInvoice, SimKnobs, SimPayment };
export { DEFAULT_CREDENTIALS };

export interface QPaySimOptions {
  port?: number;
  host?: string;
  /** Base of the pay page links it answers with (default: http://<host>:<port> as bound). */
  publicUrl?: string;
  credentials?: Partial<SimCredentials>;
  log?: { info(msg: string): void };
}

export interface QPaySim {
  /** Where the API answers (the room's QPAY_URL). */
  url: string;
  state: SimState;
  setKnobs(k: Partial<SimKnobs>): void;
  /** A payer pays (as the page's button does); callbacks follow the knobs. */
  pay(invoiceId: string, opts?: { amount?: number; status?: SimPayment['status']; currency?: string; force?: boolean }): SimPayment;
  /** The invoice created with this sender_invoice_no (our reference), if any. */
  byRef(ref: string): SimInvoice | undefined;
  /** Waits for the callbacks already sent. */
  callbacksSettled(): Promise<void>;
  close(): Promise<void>;
}

function buildServer(state: SimState, callbacks: Callbacks, publicUrl: () => string): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  // The pay page's and the knobs' forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof SimError) return reply.code(err.status).send({ error: err.code, message: err.message });
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    return reply.code(status).send({ error: status === 500 ? 'INTERNAL_ERROR' : 'OBJECT_DATA_ERROR', message: err.message });
  });
  app.register(async (scope) => {
    apiRoutes(scope, state, publicUrl);
    controlRoutes(scope, state, callbacks);
  });
  return app;
}

export async function startQPaySim(opts: QPaySimOptions = {}): Promise<QPaySim> {
  const state = new SimState({ ...DEFAULT_CREDENTIALS, ...opts.credentials });
  const callbacks = new Callbacks(state);
  let url = '';
  const app = buildServer(state, callbacks, () => opts.publicUrl ?? url);
  await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const host = opts.host && opts.host !== '0.0.0.0' && opts.host !== '::' ? opts.host : '127.0.0.1';
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  opts.log?.info(`QPay simulator on ${url} (pay page: ${opts.publicUrl ?? url}/)`);
  return {
    url,
    state,
    setKnobs: (k) => void (state.knobs = { ...state.knobs, ...k }),
    pay: (invoiceId, o) => {
      const inv = state.invoices.get(invoiceId);
      const p = state.pay(invoiceId, o);
      if (inv) callbacks.afterPayment(inv, p);
      return p;
    },
    byRef: (ref) => [...state.invoices.values()].filter((i) => i.senderInvoiceNo === ref).pop(),
    callbacksSettled: () => callbacks.settled(),
    close: async () => {
      callbacks.close();
      await app.close();
    },
  };
}
