// QPay deposits against the QPay simulator over real HTTP (docs/payments.md, "Rules"): an invoice
// within the bounds and the deposit guard, QPay's callbacks never trusted (the room asks QPay),
// and one test per rule: an unknown invoice, a repeated callback, an amount above the invoice, a
// payment after the invoice ended, part payments, money not in whole tugrik. Each payment is
// credited at most once; the job finds payments whose callback never came and expires invoices.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { first } from '../../src/server/db/client';
import { errCode, setupApp } from './helpers/app';
import { callback, listenForCallbacks, newInvoice, qpayCredits, qpayHarness, qpayId, until } from './helpers/qpay';
import { connect } from './helpers/ws';

const h = qpayHarness();
const ctx = setupApp({
  get qpay() {
    return h.options;
  },
  get depositGuard() {
    return h.guard;
  },
});
listenForCallbacks(ctx, h);

const U = '/api/v1/user';
const A = '/api/v1/admin';
const available = async (userId: number) => (await ctx.services.ledger.balances(ctx.services.db, userId)).available;
const invoiceRow = (id: number) =>
  first<{ status: string; paid_amount: number; credited_amount: number }>(ctx.services.db, sql`SELECT * FROM qpay_invoices WHERE id = ${id}`);
const payments = async (invoiceId: number) =>
  (await ctx.call({ method: 'GET', url: `${A}/qpay/payment?invoiceId=${invoiceId}&sort=recordedAt&order=ASC`, as: await ctx.admin() })).json().items as {
    decision: string;
    rule: string;
    amount: number | null;
    id: string;
  }[];
const poller = () => ctx.app.payments.qpayPoller!;

describe('asking for a QPay invoice', () => {
  it('answers the QR text, QPay page and a deep link per bank app; the limits say QPay is on', async () => {
    h.sim.setKnobs({ dropCallbacks: true });
    const p = await ctx.player();
    const inv = await newInvoice(ctx, p, 50_000);
    expect(inv).toMatchObject({ amount: 50_000, status: 'PENDING', paidAmount: 0, creditedAmount: 0 });
    expect(inv.ref).toMatch(/^QP[A-Z0-9]{10}$/);
    expect(inv.qrText).toBe(h.sim.byRef(inv.ref)!.qrText);
    expect(inv.deepLinks.length).toBeGreaterThan(3);
    expect(inv.deepLinks.every((l) => l.name && l.link)).toBe(true);
    expect(new Date(inv.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await ctx.call({ method: 'GET', url: `${U}/wallet/limits` })).json()).toMatchObject({ qpay: true, depositMin: 1_000, depositMax: 5_000_000 });
    // Only its player reads it.
    expect((await ctx.call({ method: 'GET', url: `${U}/qpay/invoice/${inv.id}`, as: p })).json()).toEqual(inv);
    expect((await ctx.call({ method: 'GET', url: `${U}/qpay/invoice/${inv.id}`, as: await ctx.player() })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'GET', url: `${U}/qpay/invoice?status=PENDING`, as: p })).json().items.map((i: { id: number }) => i.id)).toEqual([inv.id]);
  });

  it('refuses amounts outside the bounds and what the deposit guard refuses; a retry with its key answers the same invoice', async () => {
    const p = await ctx.player();
    const low = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 999 } });
    expect([low.statusCode, errCode(low)]).toEqual([400, 'AMOUNT_TOO_LOW']);
    const high = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 5_000_001 } });
    expect([high.statusCode, errCode(high)]).toEqual([400, 'AMOUNT_TOO_HIGH']);
    const bad = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 10.5 } });
    expect(bad.statusCode).toBe(400);
    h.refused.add(p.userId);
    const refused = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 10_000 } });
    expect([refused.statusCode, errCode(refused)]).toEqual([409, 'DEPOSIT_LIMIT']);
    expect(refused.json().error.message).toBe('Your daily deposit limit is reached');
    h.refused.delete(p.userId);
    const a = await newInvoice(ctx, p, 10_000, 'key-12345678');
    const b = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 10_000, idempotencyKey: 'key-12345678' } });
    expect(b.json().id).toBe(a.id);
    const c = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 20_000, idempotencyKey: 'key-12345678' } });
    expect(errCode(c)).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('QPay down while the invoice is asked: 503, the invoice FAILED, nothing to pay', async () => {
    const p = await ctx.player();
    h.sim.setKnobs({ downUntil: Date.now() + 60_000 });
    const res = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 10_000 } });
    h.sim.setKnobs({ downUntil: 0 });
    expect([res.statusCode, errCode(res)]).toEqual([503, 'QPAY_UNAVAILABLE']);
    const own = (await ctx.call({ method: 'GET', url: `${U}/qpay/invoice`, as: p })).json();
    expect(own.items[0]).toMatchObject({ status: 'FAILED', qrText: null });
  });

  it('the player cancels before paying: QPay cancels too; after a part payment it cannot', async () => {
    h.sim.setKnobs({ dropCallbacks: true });
    const p = await ctx.player();
    const inv = await newInvoice(ctx, p, 30_000);
    const res = await ctx.call({ method: 'DELETE', url: `${U}/qpay/invoice/${inv.id}`, as: p });
    expect(res.json()).toMatchObject({ status: 'CANCELLED' });
    expect(h.sim.byRef(inv.ref)!.status).toBe('CANCELLED');
    const inv2 = await newInvoice(ctx, p, 30_000);
    h.sim.pay(qpayId(h, inv2), { amount: 10_000 });
    await callback(h, inv2);
    const again = await ctx.call({ method: 'DELETE', url: `${U}/qpay/invoice/${inv2.id}`, as: p });
    expect(again.statusCode).toBe(409);
    expect(await available(p.userId)).toBe(10_000);
  });
});

describe('the rules', () => {
  it('a callback is never trusted: the room asks QPay; paid in full is credited once, pushed to the socket', async () => {
    h.sim.setKnobs({ dropCallbacks: false, callbackRepeat: 1, callbackMethod: 'GET' });
    const p = await ctx.player();
    const addr = ctx.app.server.address() as { port: number };
    const ws = await connect(`ws://127.0.0.1:${addr.port}/api/v1/socket`);
    ws.send({ type: 'AUTH', token: p.token });
    const inv = await newInvoice(ctx, p, 50_000);
    // A callback before any payment: QPay says nothing is paid, nothing moves.
    expect((await (await callback(h, inv)).json()).status).toBe('PENDING');
    expect(await available(p.userId)).toBe(0);
    h.sim.pay(qpayId(h, inv));
    await h.sim.callbacksSettled();
    const pushed = await ws.next((m) => m.type === 'QPAY_INVOICE' && m.data.id === inv.id && m.data.status === 'PAID');
    expect(pushed).toMatchObject({ data: { paidAmount: 50_000, creditedAmount: 50_000 } });
    await ws.next((m) => m.type === 'BALANCE_UPDATE' && m.data.balance === 50_000);
    ws.close();
    expect(await available(p.userId)).toBe(50_000);
    const own = (await ctx.call({ method: 'GET', url: `${U}/deposit`, as: p })).json();
    expect(own.items[0]).toMatchObject({ amount: 50_000, note: `QPay ${inv.ref}`, createdBy: null });
  });

  it('an unknown invoice: 404, QPay is not asked, nothing credited', async () => {
    const before = h.sim.state.calls.get('POST /v2/payment/check') ?? 0;
    const forged = await fetch(`http://127.0.0.1:${h.port}/api/v1/qpay/callback?ref=QPAAAAAAAAAA&sig=${'x'.repeat(32)}`);
    expect(forged.status).toBe(404);
    const { signRef } = await import('../../src/server/wallet/qpay/options');
    const signedUnknown = await fetch(
      `http://127.0.0.1:${h.port}/api/v1/qpay/callback?ref=QPAAAAAAAAAA&sig=${signRef('test-qpay-callback-secret', 'QPAAAAAAAAAA')}`,
    );
    expect(signedUnknown.status).toBe(404);
    const malformed = await fetch(`http://127.0.0.1:${h.port}/api/v1/qpay/callback?ref=nope`);
    expect(malformed.status).toBe(400);
    expect(h.sim.state.calls.get('POST /v2/payment/check') ?? 0).toBe(before);
  });

  it('a repeated callback credits nothing twice (five at once, then more)', async () => {
    h.sim.setKnobs({ dropCallbacks: false, callbackRepeat: 5, callbackMethod: 'POST' });
    const p = await ctx.player();
    const inv = await newInvoice(ctx, p, 40_000);
    h.sim.pay(qpayId(h, inv));
    await h.sim.callbacksSettled();
    await Promise.all([callback(h, inv), callback(h, inv), callback(h, inv)]);
    h.sim.setKnobs({ callbackRepeat: 1 });
    expect(await available(p.userId)).toBe(40_000);
    const [paid] = await payments(inv.id);
    expect((await qpayCredits(ctx)).filter((c) => c.key === `qpay:${paid.id}`)).toEqual([{ key: `qpay:${paid.id}`, amount: 40_000 }]);
    expect(await payments(inv.id)).toHaveLength(1);
  });

  it('part payments are credited as they come; the invoice is PARTIAL, then PAID', async () => {
    h.sim.setKnobs({ dropCallbacks: false, callbackRepeat: 1 });
    const p = await ctx.player();
    const inv = await newInvoice(ctx, p, 50_000);
    h.sim.pay(qpayId(h, inv), { amount: 20_000 });
    await h.sim.callbacksSettled();
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'PARTIAL', paid_amount: 20_000, credited_amount: 20_000 });
    h.sim.pay(qpayId(h, inv), { amount: 30_000 });
    await h.sim.callbacksSettled();
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'PAID', paid_amount: 50_000, credited_amount: 50_000 });
    expect((await payments(inv.id)).map((x) => [x.rule, x.decision, x.amount])).toEqual([
      ['partial', 'CREDITED', 20_000],
      ['exact', 'CREDITED', 30_000],
    ]);
    expect(await available(p.userId)).toBe(50_000);
  });

  it('more than the invoice: held for review; staff credit it once, or refuse another', async () => {
    h.sim.setKnobs({ dropCallbacks: false });
    const p = await ctx.player();
    const inv = await newInvoice(ctx, p, 50_000);
    h.sim.pay(qpayId(h, inv), { amount: 50_000 });
    h.sim.pay(qpayId(h, inv), { amount: 50_000, force: true }); // paid twice (two phones)
    h.sim.pay(qpayId(h, inv), { amount: 5_000, force: true });
    await h.sim.callbacksSettled();
    await callback(h, inv);
    const [, second, third] = await payments(inv.id);
    expect([second.rule, second.decision, third.decision]).toEqual(['over', 'HELD', 'HELD']);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'PAID', paid_amount: 105_000, credited_amount: 50_000 });
    expect(await available(p.userId)).toBe(50_000);
    const support = await ctx.staff();
    const review = (id: string, decision: string) =>
      ctx.call({ method: 'PUT', url: `${A}/qpay/payment/review?paymentId=${id}`, as: support, payload: { decision, reason: 'Checked with the player' } });
    const [r1, r2] = await Promise.all([review(second.id, 'CREDIT'), review(second.id, 'CREDIT')]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect((await review(third.id, 'REFUSE')).json()).toMatchObject({ decision: 'REFUSED', rule: 'review', reviewedBy: support.username });
    expect(await available(p.userId)).toBe(100_000);
    expect(await invoiceRow(inv.id)).toMatchObject({ credited_amount: 100_000 });
    const audit = (await ctx.call({ method: 'GET', url: `${A}/audit?action=qpay.review`, as: await ctx.admin() })).json();
    expect(audit.items.filter((a: { objectId: string }) => a.objectId === second.id || a.objectId === third.id)).toHaveLength(2);
  });

  it('paid after the invoice ended: credited if the deposit guard allows it now, else held', async () => {
    h.sim.setKnobs({ dropCallbacks: true });
    const p = await ctx.player();
    const q = await ctx.player();
    const [a, b] = [await newInvoice(ctx, p, 20_000), await newInvoice(ctx, q, 20_000)];
    await ctx.services.db.execute(sql`UPDATE qpay_invoices SET expires_at = now() - interval '1 hour' WHERE id IN (${a.id}, ${b.id})`);
    await poller().pass();
    expect((await invoiceRow(a.id))!.status).toBe('EXPIRED');
    expect(h.sim.byRef(a.ref)!.status).toBe('CANCELLED'); // QPay's is cancelled with ours
    // A payment that raced the cancel (QPay took it anyway).
    h.sim.pay(qpayId(h, a), { force: true });
    h.sim.pay(qpayId(h, b), { force: true });
    h.refused.add(q.userId);
    await callback(h, a);
    await callback(h, b);
    h.refused.delete(q.userId);
    expect((await payments(a.id)).map((x) => [x.rule, x.decision])).toEqual([['after_expiry', 'CREDITED']]);
    expect((await payments(b.id)).map((x) => [x.rule, x.decision])).toEqual([['guard', 'HELD']]);
    expect([await available(p.userId), await available(q.userId)]).toEqual([20_000, 0]);
    expect((await invoiceRow(a.id))!.status).toBe('EXPIRED');
  });

  it('not whole tugrik, or not tugrik: refused, recorded for staff, nothing credited', async () => {
    h.sim.setKnobs({ dropCallbacks: true });
    const p = await ctx.player();
    const inv = await newInvoice(ctx, p, 10_000);
    h.sim.pay(qpayId(h, inv), { amount: 100.5 });
    h.sim.pay(qpayId(h, inv), { amount: 10_000, currency: 'USD' });
    await callback(h, inv);
    expect((await payments(inv.id)).map((x) => [x.rule, x.decision]).sort()).toEqual([
      ['amount', 'REFUSED'],
      ['currency', 'REFUSED'],
    ]);
    expect(await available(p.userId)).toBe(0);
    expect((await invoiceRow(inv.id))!.status).toBe('PENDING');
  });
});

describe('the job', () => {
  it('finds a payment whose callback never came, and fails a creation left half-done', async () => {
    h.sim.setKnobs({ dropCallbacks: true });
    const p = await ctx.player();
    const inv = await newInvoice(ctx, p, 15_000);
    h.sim.pay(qpayId(h, inv));
    await ctx.services.db.execute(
      sql`INSERT INTO qpay_invoices (ref, user_id, amount, expires_at, created_at) VALUES ('QPSTALE0001', ${p.userId}, 5000, now() + interval '1 hour', now() - interval '1 hour')`,
    );
    await poller().pass();
    expect(await available(p.userId)).toBe(15_000);
    expect(
      await until(
        'the stale creation failed',
        async () => (await first<{ status: string }>(ctx.services.db, sql`SELECT status FROM qpay_invoices WHERE ref = 'QPSTALE0001'`))?.status === 'FAILED',
      ),
    ).toBe(true);
  });

  it('staff ask QPay again from the back office', async () => {
    h.sim.setKnobs({ dropCallbacks: true });
    const p = await ctx.player();
    const inv = await newInvoice(ctx, p, 12_000);
    h.sim.pay(qpayId(h, inv));
    const res = await ctx.call({ method: 'PUT', url: `${A}/qpay/invoice/check?invoiceId=${inv.id}`, as: await ctx.staff() });
    expect(res.json()).toMatchObject({ status: 'PAID', creditedAmount: 12_000, username: p.username });
    expect(await available(p.userId)).toBe(12_000);
  });
});
