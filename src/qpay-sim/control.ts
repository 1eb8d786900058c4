// The simulator's own side (not QPay's API): a page per invoice to "pay" it (the QR code's and the
// deep links' target), a page listing invoices with the knobs, and a JSON control API for tests:
//   GET  /sim/state                      invoices, payments, knobs, callbacks sent
//   PUT  /sim/knobs                      {callbackDelayMs, callbackRepeat, dropCallbacks, callbackMethod,
//                                         failNext, downForMs, latencyMs, tokenTtlSec}
//   POST /sim/invoices/:id/pay           {amount?, status?, currency?, force?}
//   POST /sim/invoices/:id/callback      every payment's callback again, now
//   GET  /sim/invoices/by-ref/:ref       the invoice of a sender_invoice_no
//   POST /sim/reset
import type { FastifyInstance } from 'fastify';
import { toDataURL } from 'qrcode';
import type { Callbacks } from './callbacks';
import { DEFAULT_KNOBS, type SimInvoice, type SimKnobs, type SimPayment, SimError, type SimState } from './state';

type Body = Record<string, unknown>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const tugrik = (n: number) => `${n.toLocaleString('en-US')} ₮`;

const STYLE = `body{font-family:system-ui,sans-serif;max-width:640px;margin:24px auto;padding:0 16px;color:#1a1a1a}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left}
button{font-size:1rem;padding:10px 18px;margin:4px 0;cursor:pointer}input{font-size:1rem;padding:8px;width:10em}
.status{font-weight:700}.muted{color:#666;font-size:.9rem}img{display:block;margin:12px 0}`;

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><h1>${esc(title)}</h1>${body}</body></html>`;
}

/** Knobs from a JSON body or a form (strings): unknown keys and bad values are refused. */
export function parseKnobs(b: Body, now = Date.now()): Partial<SimKnobs> {
  const out: Partial<SimKnobs> = {};
  const num = (k: string, max: number): number | undefined => {
    const v = b[k];
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > max) throw new SimError(400, 'OBJECT_DATA_ERROR', `${k}: a whole number from 0 to ${max}`);
    return n;
  };
  const set = <K extends keyof SimKnobs>(k: K, v: SimKnobs[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('callbackDelayMs', num('callbackDelayMs', 3_600_000));
  set('callbackRepeat', num('callbackRepeat', 100));
  set('failNext', num('failNext', 1_000_000));
  set('latencyMs', num('latencyMs', 600_000));
  set('tokenTtlSec', num('tokenTtlSec', 86_400));
  const down = num('downForMs', 86_400_000);
  if (down !== undefined) out.downUntil = down === 0 ? 0 : now + down;
  if (b.qrImage !== undefined) out.qrImage = b.qrImage === true || b.qrImage === 'true';
  if (b.dropCallbacks !== undefined) out.dropCallbacks = b.dropCallbacks === true || b.dropCallbacks === 'true' || b.dropCallbacks === 'on';
  if (b.callbackMethod !== undefined) {
    if (b.callbackMethod !== 'GET' && b.callbackMethod !== 'POST') throw new SimError(400, 'OBJECT_DATA_ERROR', 'callbackMethod: GET or POST');
    out.callbackMethod = b.callbackMethod;
  }
  return out;
}

function payOptions(b: Body) {
  const amount = b.amount === undefined || b.amount === '' ? undefined : Number(b.amount);
  if (amount !== undefined && !(Number.isFinite(amount) && amount > 0)) throw new SimError(400, 'INVALID_AMOUNT');
  const status = (['PAID', 'PARTIAL', 'FAILED'] as const).find((x) => x === b.status);
  const currency = typeof b.currency === 'string' && /^[A-Z]{3}$/.test(b.currency) ? b.currency : undefined;
  return { amount, status, currency, force: b.force === true || b.force === 'true' };
}

function invoiceJson(sim: SimState, inv: SimInvoice) {
  return { ...inv, paid: sim.paidTotal(inv), payments: inv.payments };
}

async function payPage(sim: SimState, inv: SimInvoice): Promise<string> {
  const qr = await toDataURL(inv.qrText, { margin: 1, width: 220 });
  const left = Math.max(0, inv.amount - sim.paidTotal(inv));
  const rows = inv.payments
    .map((p: SimPayment) => `<tr><td>${esc(p.id)}</td><td>${esc(p.amount)} ${esc(p.currency)}</td><td>${p.status}</td><td>${esc(p.date)}</td></tr>`)
    .join('');
  const form =
    inv.status === 'OPEN'
      ? `<form method="post" action="/pay/${inv.id}"><label>Amount <input name="amount" inputmode="numeric" value="${left}"></label>
<button type="submit" data-testid="sim-pay">Pay</button></form>`
      : `<p>This invoice is ${inv.status.toLowerCase()}.</p>`;
  return html(
    'QPay simulator',
    `<p>${esc(inv.description)}</p><p class="status" data-testid="sim-status">${inv.status}</p>
<p>Amount <strong>${tugrik(inv.amount)}</strong>, paid ${tugrik(sim.paidTotal(inv))}</p><img src="${qr}" alt="QR code" width="220" height="220">
${form}${rows ? `<h2>Payments</h2><table><tr><th>Payment</th><th>Amount</th><th>Status</th><th>Date (UB)</th></tr>${rows}</table>` : ''}
<p class="muted">Invoice ${esc(inv.id)} · ${esc(inv.senderInvoiceNo)} · <a href="/">all invoices and knobs</a></p>`,
  );
}

function indexPage(sim: SimState): string {
  const invoices = [...sim.invoices.values()].slice(-50).reverse();
  const rows = invoices
    .map(
      (i) =>
        `<tr><td><a href="/pay/${i.id}">${esc(i.senderInvoiceNo)}</a></td><td>${tugrik(i.amount)}</td><td>${i.status}</td><td>${tugrik(sim.paidTotal(i))}</td></tr>`,
    )
    .join('');
  const k = sim.knobs;
  const field = (name: string, value: string | number) => `<label>${name} <input name="${name}" value="${value}"></label><br>`;
  return html(
    'QPay simulator',
    `<table><tr><th>Invoice</th><th>Amount</th><th>Status</th><th>Paid</th></tr>${rows || '<tr><td colspan="4">No invoice yet</td></tr>'}</table>
<h2>Knobs</h2><form method="post" action="/knobs">${field('callbackDelayMs', k.callbackDelayMs)}${field('callbackRepeat', k.callbackRepeat)}
<label><input type="checkbox" name="dropCallbacks" ${k.dropCallbacks ? 'checked' : ''} style="width:auto"> drop callbacks</label><br>
${field('failNext', k.failNext)}${field('downForMs', Math.max(0, k.downUntil - Date.now()))}${field('latencyMs', k.latencyMs)}${field('tokenTtlSec', k.tokenTtlSec)}
<button type="submit">Save</button></form>`,
  );
}

export function controlRoutes(app: FastifyInstance, sim: SimState, callbacks: Callbacks): void {
  const pay = (id: string, b: Body) => {
    const inv = sim.invoices.get(id);
    if (!inv) throw new SimError(404, 'INVOICE_NOTFOUND');
    const p = sim.pay(id, payOptions(b));
    callbacks.afterPayment(inv, p);
    return p;
  };

  app.get('/sim/state', async () => ({
    knobs: sim.knobs,
    invoices: [...sim.invoices.values()].map((i) => invoiceJson(sim, i)),
    callbacks: sim.callbackLog,
  }));
  app.put('/sim/knobs', async (req) => {
    sim.knobs = { ...sim.knobs, ...parseKnobs((req.body ?? {}) as Body) };
    return sim.knobs;
  });
  app.post<{ Params: { id: string } }>('/sim/invoices/:id/pay', async (req) => pay(req.params.id, (req.body ?? {}) as Body));
  app.post<{ Params: { id: string } }>('/sim/invoices/:id/callback', async (req) => {
    const inv = sim.invoices.get(req.params.id);
    if (!inv) throw new SimError(404, 'INVOICE_NOTFOUND');
    await Promise.all(inv.payments.map((p) => callbacks.send(inv, p)));
    return { sent: inv.payments.length };
  });
  app.get<{ Params: { ref: string } }>('/sim/invoices/by-ref/:ref', async (req) => {
    const inv = [...sim.invoices.values()].filter((i) => i.senderInvoiceNo === req.params.ref).pop();
    if (!inv) throw new SimError(404, 'INVOICE_NOTFOUND');
    return invoiceJson(sim, inv);
  });
  app.post('/sim/reset', async () => {
    callbacks.close();
    sim.reset();
    return { knobs: DEFAULT_KNOBS };
  });

  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(indexPage(sim)));
  app.get<{ Params: { id: string } }>('/pay/:id', async (req, reply) => {
    const inv = sim.invoices.get(req.params.id);
    if (!inv) return reply.code(404).type('text/html; charset=utf-8').send(html('QPay simulator', '<p>No such invoice.</p>'));
    return reply.type('text/html; charset=utf-8').send(await payPage(sim, inv));
  });
  app.post<{ Params: { id: string } }>('/pay/:id', async (req, reply) => {
    pay(req.params.id, (req.body ?? {}) as Body);
    return reply.redirect(`/pay/${req.params.id}`, 303);
  });
  app.post('/knobs', async (req, reply) => {
    const b = { dropCallbacks: 'false', ...((req.body ?? {}) as Body) };
    sim.knobs = { ...sim.knobs, ...parseKnobs(b) };
    return reply.redirect('/', 303);
  });
}
