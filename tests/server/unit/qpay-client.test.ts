// The QPay client against the QPay simulator over real HTTP: tokens (fetch, refresh, a refused
// token renewed), invoices, payment checks across pages, retries with back-off through failures,
// an outage and timeouts, refusals that are not retried, and no secret in any log line or error.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QPayClient, QPayError, type QPayConfig } from '../../../src/server/wallet/qpay/client';
import { wholeTugrik } from '../../../src/shared/api/qpay';
import { DEFAULT_CREDENTIALS, type QPaySim, startQPaySim } from '../../../src/qpay-sim';

let sim: QPaySim;
const logs: string[] = [];
const fast = { backoffMs: 20, maxBackoffMs: 100 };

function client(over: Partial<QPayConfig> = {}) {
  const { username, password, invoiceCode } = DEFAULT_CREDENTIALS;
  return new QPayClient({ baseUrl: sim.url, username, password, invoiceCode, ...fast, ...over }, { warn: (m) => logs.push(m) });
}
const invoice = (c: QPayClient, amount = 50_000, ref = `REF${Math.random().toString(36).slice(2, 10)}`) =>
  c.createInvoice({ senderInvoiceNo: ref, description: 'Deposit', amount, callbackUrl: 'http://127.0.0.1:9/none' });
const calls = (route: string) => sim.state.calls.get(route) ?? 0;

beforeAll(async () => {
  sim = await startQPaySim();
});
afterAll(async () => {
  await sim.close();
  // Whatever failed above, no secret was written down.
  const all = logs.join('\n');
  expect(all).not.toContain(DEFAULT_CREDENTIALS.password);
  expect(all).not.toMatch(/Bearer|Basic/);
});
beforeEach(() => {
  sim.state.reset();
  sim.setKnobs({ dropCallbacks: true });
});

describe('QPay client', () => {
  it('gets a token, creates, reads and cancels an invoice, with the deep links and QR text', async () => {
    const c = client();
    const inv = await invoice(c);
    expect(inv.invoice_id).toMatch(/[0-9a-f-]{36}/);
    expect(inv.qr_text.length).toBeGreaterThan(10);
    expect(inv.urls.length).toBeGreaterThan(3);
    expect(inv.urls.every((u) => u.name && u.link)).toBe(true);
    expect((await c.getInvoice(inv.invoice_id)).invoice_status).toBe('OPEN');
    await c.cancelInvoice(inv.invoice_id);
    await c.cancelInvoice(inv.invoice_id); // cancelled already: done
    expect((await c.getInvoice(inv.invoice_id)).invoice_status).toBe('CANCELLED');
    expect(calls('POST /v2/auth/token')).toBe(1);
  });

  it('reads every payment of an invoice across pages, amounts as QPay writes them', async () => {
    const c = client();
    const inv = await invoice(c, 1_000_000);
    for (let i = 0; i < 105; i++) sim.pay(inv.invoice_id, { amount: 100 + i, status: 'PARTIAL' });
    const rows = await c.checkPayment(inv.invoice_id);
    expect(rows).toHaveLength(105);
    expect(new Set(rows.map((r) => r.payment_id)).size).toBe(105);
    expect(rows[0].payment_amount).toBe('100.00');
    expect(rows.map((r) => wholeTugrik(r.payment_amount))).toContain(204);
    expect(calls('POST /v2/payment/check')).toBe(2);
  });

  it('refreshes with the refresh token near the end of the access token, and renews a refused one', async () => {
    sim.setKnobs({ tokenTtlSec: 20 }); // within the 30 s leeway: every call renews
    const c = client();
    const inv = await invoice(c);
    await c.getInvoice(inv.invoice_id);
    await c.getInvoice(inv.invoice_id);
    expect(calls('POST /v2/auth/token')).toBe(1);
    expect(calls('POST /v2/auth/refresh')).toBe(2);

    sim.setKnobs({ tokenTtlSec: 600 });
    const d = client();
    await d.getInvoice(inv.invoice_id);
    sim.state.revokeTokens(); // QPay ends the session: the API says 401, the refresh too
    expect((await d.getInvoice(inv.invoice_id)).invoice_id).toBe(inv.invoice_id);
    expect(calls('POST /v2/auth/token')).toBe(3);
  });

  it('concurrent calls share one token request', async () => {
    const c = client();
    const inv = await invoice(c);
    sim.state.calls.clear();
    const d = client();
    await Promise.all(Array.from({ length: 20 }, () => d.getInvoice(inv.invoice_id)));
    expect(calls('POST /v2/auth/token')).toBe(1);
  });

  it('retries 5xx answers with back-off and gives up after its retries with a retryable error', async () => {
    const c = client({ retries: 3 });
    const inv = await invoice(c);
    sim.setKnobs({ failNext: 3 });
    expect((await c.getInvoice(inv.invoice_id)).invoice_id).toBe(inv.invoice_id);
    sim.setKnobs({ failNext: 10 });
    const err = await c.getInvoice(inv.invoice_id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QPayError);
    expect(err).toMatchObject({ status: 500, retryable: true });
    expect(logs.some((l) => l.includes('attempt 3 of 4'))).toBe(true);
    expect(logs.some((l) => l.includes('gave up after 4 attempts'))).toBe(true);
  });

  it('rides out an outage (connections cut) and a slow answer (timeout)', async () => {
    const c = client({ retries: 8, timeoutMs: 150 });
    const inv = await invoice(c);
    sim.setKnobs({ downUntil: Date.now() + 400 });
    expect((await c.getInvoice(inv.invoice_id)).invoice_id).toBe(inv.invoice_id);
    sim.setKnobs({ latencyMs: 400 });
    const slow = client({ retries: 1, timeoutMs: 100 });
    const err = await slow.getInvoice(inv.invoice_id).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'NETWORK', retryable: true });
    sim.setKnobs({ latencyMs: 0 });
  });

  it('does not retry refusals: wrong credentials, unknown invoice, bad invoice code', async () => {
    const bad = client({ password: 'wrong-secret-123' });
    const e1 = await invoice(bad).catch((e: unknown) => e);
    expect(e1).toMatchObject({ status: 401, code: 'AUTHENTICATION_FAILED', retryable: false });
    expect(String((e1 as Error).message)).not.toContain('wrong-secret-123');
    expect(calls('POST /v2/auth/token')).toBe(1);
    const c = client();
    await expect(c.getInvoice('00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ status: 404, code: 'INVOICE_NOTFOUND' });
    await expect(
      client({ invoiceCode: 'OTHER' }).createInvoice({ senderInvoiceNo: 'X1', description: 'd', amount: 1, callbackUrl: 'http://x.mn/cb' }),
    ).rejects.toMatchObject({
      code: 'INVOICE_CODE_INVALID',
      retryable: false,
    });
  });

  it('lists the merchant payments between two days', async () => {
    const c = client();
    const a = await invoice(c, 10_000);
    const b = await invoice(c, 20_000);
    sim.pay(a.invoice_id);
    sim.pay(b.invoice_id, { amount: 5_000 });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const rows = await c.listPayments(today, today);
    expect(rows.map((r) => [r.object_id, r.payment_amount, r.payment_status]).sort()).toEqual(
      [
        [a.invoice_id, '10000.00', 'PAID'],
        [b.invoice_id, '5000.00', 'PARTIAL'],
      ].sort(),
    );
    expect(await c.listPayments('2001-01-01', '2001-01-02')).toEqual([]);
  });

  it('reads whole tugrik only', () => {
    expect(wholeTugrik('50000.00')).toBe(50_000);
    expect(wholeTugrik(50_000)).toBe(50_000);
    expect(wholeTugrik('50000.50')).toBeNull();
    expect(wholeTugrik(0.5)).toBeNull();
    expect(wholeTugrik('-20.0')).toBe(-20);
  });
});
