// QPay's merchant API v2 as the simulator answers it: /v2/auth/token and /refresh, /v2/invoice
// (create, get, cancel), /v2/payment/check, /v2/payment/{id} and /v2/payment/list, with QPay's
// error shape {error, message}. The knobs cut connections (down), fail calls (500) or slow them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toDataURL } from 'qrcode';
import { SimError, type SimInvoice, type SimState } from './state';

type Body = Record<string, unknown>;

const str = (b: Body, k: string, max: number): string => {
  const v = b[k];
  if (typeof v !== 'string' || v.length === 0 || v.length > max) throw new SimError(400, 'OBJECT_DATA_ERROR', `${k} is required (at most ${max} characters)`);
  return v;
};

function bearer(req: FastifyRequest): string {
  const h = req.headers.authorization ?? '';
  return /^Bearer\s+(.+)$/i.exec(h)?.[1] ?? '';
}

/** The bank apps' deep links QPay answers with (schemes as the banks' apps register them). */
const BANK_APPS: [string, string, string][] = [
  ['Khan bank', 'Хаан банк', 'khanbank'],
  ['Golomt bank', 'Голомт банк', 'golomtbank'],
  ['TDB online', 'Худалдаа хөгжлийн банк', 'tdbbank'],
  ['Xac bank', 'Хас банк', 'xacbank'],
  ['State bank', 'Төрийн банк', 'statebank'],
  ['qPay wallet', 'qPay хэтэвч', 'qpaywallet'],
];

async function created(inv: SimInvoice, publicUrl: string, image: boolean) {
  const qr = image ? await toDataURL(inv.qrText, { margin: 1, width: 256 }) : '';
  const payPage = `${publicUrl}/pay/${inv.id}`;
  return {
    invoice_id: inv.id,
    qr_text: inv.qrText,
    qr_image: qr.replace(/^data:image\/png;base64,/, ''),
    qPay_shortUrl: payPage,
    urls: [
      // Not QPay's: a way to pay from a phone without a bank app.
      { name: 'QPay simulator', description: 'Pay in the simulator', logo: '', link: payPage },
      ...BANK_APPS.map(([name, description, scheme]) => ({ name, description, logo: '', link: `${scheme}://q?qPay_QRcode=${inv.qrText}` })),
    ],
  };
}

function invoiceInfo(sim: SimState, inv: SimInvoice) {
  return {
    invoice_id: inv.id,
    invoice_status: inv.status,
    sender_invoice_no: inv.senderInvoiceNo,
    invoice_description: inv.description,
    total_amount: `${inv.amount}.00`,
    gross_amount: `${inv.amount}.00`,
    tax_amount: '0.00',
    surcharge_amount: '0.00',
    callback_url: inv.callbackUrl,
    inputs: [],
    payments: inv.payments.map((p) => sim.paymentRow(p)),
  };
}

function invoiceOf(sim: SimState, id: string): SimInvoice {
  const inv = sim.invoices.get(id);
  if (!inv) throw new SimError(404, 'INVOICE_NOTFOUND');
  return inv;
}

function page(b: Body): { number: number; limit: number } {
  const o = (typeof b.offset === 'object' && b.offset !== null ? b.offset : {}) as Body;
  const number = Number(o.page_number ?? 1);
  const limit = Number(o.page_limit ?? 10);
  if (!Number.isInteger(number) || number < 1 || !Number.isInteger(limit) || limit < 1 || limit > 1000) throw new SimError(400, 'OBJECT_DATA_ERROR', 'offset');
  return { number, limit };
}

/** `publicUrl` is read per invoice: the default (the bound address) is known only after listen. */
export function apiRoutes(app: FastifyInstance, sim: SimState, publicUrl: () => string): void {
  guard(app, sim);
  authRoutes(app, sim);
  invoiceRoutes(app, sim, publicUrl);
  paymentRoutes(app, sim);
}

function guard(app: FastifyInstance, sim: SimState): void {
  // Down: the connection is cut. Failing: a 500. Slow: the answer waits.
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.url.startsWith('/v2/')) return;
    const route = `${req.method} ${req.routeOptions.url ?? req.url}`;
    sim.calls.set(route, (sim.calls.get(route) ?? 0) + 1);
    if (sim.isDown()) {
      req.raw.socket.destroy();
      return reply.hijack();
    }
    if (sim.knobs.latencyMs > 0) await new Promise((r) => setTimeout(r, sim.knobs.latencyMs));
    if (sim.knobs.failNext > 0) {
      sim.knobs.failNext--;
      throw new SimError(500, 'INTERNAL_ERROR', 'Simulated failure');
    }
    if (req.url.startsWith('/v2/auth/')) return;
    if (!sim.accessValid(bearer(req))) throw new SimError(401, 'AUTHENTICATION_FAILED', 'Token expired or invalid');
  });
}

function authRoutes(app: FastifyInstance, sim: SimState): void {
  app.post('/v2/auth/token', async (req) => {
    const m = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (!m) throw new SimError(401, 'NO_CREDENDIALS');
    const [user, ...rest] = Buffer.from(m[1], 'base64').toString('utf8').split(':');
    const { username, password } = sim.credentials;
    if (user !== username || rest.join(':') !== password) throw new SimError(401, 'AUTHENTICATION_FAILED');
    return sim.issueToken();
  });

  app.post('/v2/auth/refresh', async (req) => {
    if (!sim.useRefresh(bearer(req))) throw new SimError(401, 'AUTHENTICATION_FAILED');
    return sim.issueToken();
  });
}

function invoiceRoutes(app: FastifyInstance, sim: SimState, publicUrl: () => string): void {
  app.post('/v2/invoice', async (req) => {
    const b = (req.body ?? {}) as Body;
    if (b.invoice_code !== sim.credentials.invoiceCode) throw new SimError(400, 'INVOICE_CODE_INVALID');
    const amount = Number(b.amount);
    if (typeof b.amount !== 'number' || !(amount > 0) || amount > 1e12) throw new SimError(400, 'INVALID_AMOUNT');
    const callbackUrl = str(b, 'callback_url', 2000);
    if (!/^https?:\/\//.test(callbackUrl)) throw new SimError(400, 'OBJECT_DATA_ERROR', 'callback_url');
    str(b, 'invoice_receiver_code', 45);
    const inv = sim.createInvoice({
      invoiceCode: sim.credentials.invoiceCode,
      senderInvoiceNo: str(b, 'sender_invoice_no', 45),
      description: str(b, 'invoice_description', 255),
      amount,
      callbackUrl,
    });
    return created(inv, publicUrl(), sim.knobs.qrImage);
  });

  app.get<{ Params: { id: string } }>('/v2/invoice/:id', async (req) => invoiceInfo(sim, invoiceOf(sim, req.params.id)));

  app.delete<{ Params: { id: string } }>('/v2/invoice/:id', async (req) => {
    sim.cancel(req.params.id);
    return {};
  });
}

function paymentRoutes(app: FastifyInstance, sim: SimState): void {
  app.post('/v2/payment/check', async (req) => {
    const b = (req.body ?? {}) as Body;
    if (b.object_type !== 'INVOICE') throw new SimError(400, 'INVALID_OBJECT_TYPE');
    const inv = invoiceOf(sim, str(b, 'object_id', 100));
    const { number, limit } = page(b);
    const all = inv.payments;
    return {
      count: all.length,
      paid_amount: sim.paidTotal(inv),
      rows: all.slice((number - 1) * limit, number * limit).map((p) => sim.paymentRow(p)),
    };
  });

  app.get<{ Params: { id: string } }>('/v2/payment/:id', async (req) => {
    const p = sim.findPayment(req.params.id);
    if (!p) throw new SimError(404, 'PAYMENT_NOTFOUND');
    const { payment_type: _t, ...row } = sim.paymentRow(p);
    return { ...row, payment_fee: '0.00', transaction_type: 'P2P', object_type: 'INVOICE', object_id: p.invoiceId };
  });

  app.post('/v2/payment/list', async (req) => {
    const b = (req.body ?? {}) as Body;
    if (b.object_type !== 'INVOICE') throw new SimError(400, 'INVALID_OBJECT_TYPE');
    if (b.object_id !== sim.credentials.invoiceCode) return { count: 0, rows: [] };
    const start = str(b, 'start_date', 30).slice(0, 10);
    const end = str(b, 'end_date', 30).slice(0, 10);
    const { number, limit } = page(b);
    const all = [...sim.invoices.values()]
      .filter((inv) => inv.invoiceCode === b.object_id)
      .flatMap((inv) => inv.payments)
      .filter((p) => p.date.slice(0, 10) >= start && p.date.slice(0, 10) <= end)
      .sort((a, b2) => a.at - b2.at);
    return {
      count: all.length,
      rows: all.slice((number - 1) * limit, number * limit).map((p) => ({
        ...sim.paymentRow(p),
        payment_fee: '0.00',
        payment_name: 'qPay',
        payment_description: sim.invoices.get(p.invoiceId)?.description ?? '',
        paid_by: 'P2P',
        object_type: 'INVOICE',
        object_id: p.invoiceId,
      })),
    };
  });
}
