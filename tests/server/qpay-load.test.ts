// QPay deposits under load and failure, against the simulator over real HTTP: 1,000 concurrent
// callbacks and checks for 200 paid invoices across two instances (each payment credited once),
// QPay down while invoices are paid (all credited once it is back), and a restart mid-payment
// (callbacks lost with the stopped instance: nothing lost, nothing twice).
// The outage lasts QPAY_OUTAGE_MS (default 1,500 ms; QPAY_OUTAGE_MS=60000 for a real minute): the
// room's behaviour does not depend on its length, only on QPay coming back.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { first, rows } from '../../src/server/db/client';
import { buildInstance, setupApp } from './helpers/app';
import type { QPayInvoice } from '../../src/shared/api/payments';
import { callback, freePort, listenForCallbacks, newInvoice, qpayCredits, qpayHarness, qpayId, until } from './helpers/qpay';

const OUTAGE_MS = Number(process.env.QPAY_OUTAGE_MS ?? 1500);

const h = qpayHarness();
const ctx = setupApp({
  get qpay() {
    return h.options;
  },
});
listenForCallbacks(ctx, h);

const statusCount = async (ids: number[]) =>
  rows<{ status: string; n: number }>(
    ctx.services.db,
    sql`SELECT status, count(*)::int AS n FROM qpay_invoices WHERE id IN ${sql.raw(`(${ids.join(',')})`)} GROUP BY status`,
  );
const balanceSum = async (userIds: number[]) =>
  (await first<{ s: number }>(
    ctx.services.db,
    sql`SELECT coalesce(sum(balance), 0)::bigint AS s FROM accounts WHERE kind = 'available' AND user_id IN ${sql.raw(`(${userIds.join(',')})`)}`,
  ))!.s;

async function instance(port: number): Promise<FastifyInstance> {
  const app = await buildInstance(ctx, { qpay: h.optionsFor(port), live: { leaseTickMs: 60_000 } });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

describe('QPay under load', () => {
  it('1,000 concurrent callbacks and checks for 200 paid invoices on two instances: each payment credited once', async () => {
    h.sim.setKnobs({ dropCallbacks: true, qrImage: false });
    const players = await Promise.all(Array.from({ length: 20 }, () => ctx.player()));
    const invoices: QPayInvoice[] = [];
    for (let i = 0; i < 200; i += 20) invoices.push(...(await Promise.all(players.map((p, k) => newInvoice(ctx, p, 1_000 + i + k)))));
    for (const inv of invoices) h.sim.pay(qpayId(h, inv));
    const port2 = await freePort();
    const second = await instance(port2);
    try {
      // Five callbacks per invoice, spread over both instances, and the jobs and staff checks at once.
      const calls = invoices.flatMap((inv, i) => [0, 1, 2, 3, 4].map((k) => callback(h, inv, (i + k) % 2 ? port2 : h.port)));
      const checks = [ctx.app.payments.qpayPoller!.pass(), second.payments.qpayPoller!.pass()];
      const answers = await Promise.all(calls);
      await Promise.all(checks);
      expect(answers.filter((r) => r.status !== 200).length).toBe(0);
    } finally {
      await second.close();
    }
    expect(await statusCount(invoices.map((i) => i.id))).toEqual([{ status: 'PAID', n: 200 }]);
    const credits = await qpayCredits(ctx);
    const ours = new Set(
      (await rows<{ payment_id: string }>(ctx.services.db, sql`SELECT payment_id FROM qpay_payments WHERE decision = 'CREDITED'`)).map((r) => r.payment_id),
    );
    const keys = credits.map((c) => c.key).filter((k) => ours.has(k.slice(5)));
    expect(new Set(keys).size).toBe(keys.length);
    const expected = invoices.reduce((s, inv) => s + inv.amount, 0);
    expect(await balanceSum(players.map((p) => p.userId))).toBe(expected);
  });

  it(
    `QPay down for ${OUTAGE_MS} ms while 20 invoices are paid: callbacks get 503, all credited once it is back`,
    async () => {
      h.sim.setKnobs({ dropCallbacks: false });
      const players = await Promise.all(Array.from({ length: 4 }, () => ctx.player()));
      const invoices: QPayInvoice[] = [];
      for (let i = 0; i < 20; i++) invoices.push(await newInvoice(ctx, players[i % 4], 5_000));
      h.sim.setKnobs({ downUntil: Date.now() + OUTAGE_MS });
      for (const inv of invoices) h.sim.pay(qpayId(h, inv)); // QPay takes the money; its API is unreachable
      const during = await callback(h, invoices[0]);
      expect(during.status).toBe(503);
      // The job keeps asking (as it does every QPAY_POLL_MS) until QPay answers again.
      await until(
        'every invoice paid',
        async () => {
          await ctx.app.payments.qpayPoller!.pass();
          const s = await statusCount(invoices.map((i) => i.id));
          return s.length === 1 && s[0].status === 'PAID';
        },
        OUTAGE_MS + 20_000,
      );
      expect(await balanceSum(players.map((p) => p.userId))).toBe(20 * 5_000);
      // The callbacks QPay makes once it is back credit nothing more.
      await Promise.all(invoices.map((inv) => callback(h, inv)));
      expect(await balanceSum(players.map((p) => p.userId))).toBe(20 * 5_000);
    },
    OUTAGE_MS + 60_000,
  );

  it('a restart mid-payment: callbacks lost while the instance is stopped, all credited by the next start, nothing twice', async () => {
    const port = await freePort();
    let app = await instance(port);
    const players = await Promise.all(Array.from({ length: 3 }, () => ctx.player()));
    const invoices: QPayInvoice[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/user/qpay/invoice',
        headers: { authorization: `Bearer ${players[i % 3].token}` },
        payload: { amount: 7_000 },
      });
      invoices.push(res.json() as QPayInvoice);
    }
    // QPay's callbacks come late; the instance stops before they do (they find nobody).
    h.sim.setKnobs({ dropCallbacks: false, callbackDelayMs: 150, callbackRepeat: 2 });
    for (const inv of invoices.slice(0, 6)) h.sim.pay(qpayId(h, inv));
    await app.close();
    for (const inv of invoices.slice(6)) h.sim.pay(qpayId(h, inv));
    await new Promise((r) => setTimeout(r, 400));
    await h.sim.callbacksSettled();
    expect(h.sim.state.callbackLog.filter((c) => c.result.startsWith('failed')).length).toBeGreaterThanOrEqual(12);
    // The next start (same port) asks QPay about every open invoice on its first pass.
    app = await instance(port);
    try {
      await until('all 12 credited', async () => (await balanceSum(players.map((p) => p.userId))) === 12 * 7_000);
      h.sim.setKnobs({ callbackDelayMs: 0, callbackRepeat: 1 });
      await Promise.all(invoices.map((inv) => callback(h, inv, port)));
      expect(await balanceSum(players.map((p) => p.userId))).toBe(12 * 7_000);
      expect(await statusCount(invoices.map((i) => i.id))).toEqual([{ status: 'PAID', n: 12 }]);
    } finally {
      await app.close();
    }
  });
});
