// QPay for server tests: the simulator on a port of its own, the room's QPay options pointing at
// it, and the room listening on a real port so QPay's callbacks arrive over HTTP.
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_CREDENTIALS, type QPaySim, startQPaySim } from '../../../src/qpay-sim';
import { rows } from '../../../src/server/db/client';
import type { DepositGuard } from '../../../src/server/wallet/deposit-guard';
import type { QPayOptions } from '../../../src/server/wallet/qpay/options';
import { signRef } from '../../../src/server/wallet/qpay/options';
import type { QPayInvoice } from '../../../src/shared/api/payments';
import type { Ctx, TestUser } from './app';
import { freePort } from '../../support/ports';

export { freePort };

export const CALLBACK_SECRET = 'test-qpay-callback-secret';

export interface QPayHarness {
  sim: QPaySim;
  port: number;
  options: QPayOptions;
  /** Deposits the guard refuses, by player (safer play's stand-in). */
  refused: Set<number>;
  guard: DepositGuard;
  /** Options for one more instance: its own port, the same QPay. */
  optionsFor(port: number): QPayOptions;
}

/** Registers the simulator's hooks; call before setupApp so the simulator is up first. */
export function qpayHarness(over: Partial<QPayOptions> = {}): QPayHarness {
  const refused = new Set<number>();
  const h = {
    refused,
    guard: { check: async (userId: number) => (refused.has(userId) ? { code: 'DEPOSIT_LIMIT', message: 'Your daily deposit limit is reached' } : null) },
  } as unknown as QPayHarness;
  h.optionsFor = (port) => ({
    client: { baseUrl: h.sim.url, ...DEFAULT_CREDENTIALS, retries: 2, backoffMs: 20, maxBackoffMs: 80, timeoutMs: 3000 },
    callbackUrl: `http://127.0.0.1:${port}/api/v1/qpay/callback`,
    callbackSecret: CALLBACK_SECRET,
    // The job runs when a test says so (poller.pass()), apart from its first pass at start.
    pollMs: 3_600_000,
    checkMs: 0,
    ...over,
  });
  beforeAll(async () => {
    h.sim = await startQPaySim();
    h.port = await freePort();
    h.options = h.optionsFor(h.port);
  });
  afterAll(async () => h.sim?.close());
  return h;
}

/** The room listens on the harness's port (after setupApp's build). */
export function listenForCallbacks(ctx: Ctx, h: QPayHarness): void {
  beforeAll(async () => {
    await ctx.app.listen({ port: h.port, host: '127.0.0.1' });
  });
}

export async function newInvoice(ctx: Ctx, as: TestUser, amount: number, key?: string): Promise<QPayInvoice> {
  const res = await ctx.call({ method: 'POST', url: '/api/v1/user/qpay/invoice', as, payload: { amount, ...(key ? { idempotencyKey: key } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as QPayInvoice;
}

/** QPay's invoice id of ours. */
export function qpayId(h: QPayHarness, inv: QPayInvoice): string {
  const q = h.sim.byRef(inv.ref);
  if (!q) throw new Error(`no QPay invoice for ${inv.ref}`);
  return q.id;
}

/** QPay calling the room's callback URL for an invoice, as QPay would (through the simulator). */
export async function callback(h: QPayHarness, inv: QPayInvoice, port = h.port): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/api/v1/qpay/callback?ref=${inv.ref}&sig=${signRef(CALLBACK_SECRET, inv.ref)}`, { method: 'POST' });
}

/** Money credited by QPay payments, per transfer key. */
export async function qpayCredits(ctx: Ctx): Promise<{ key: string; amount: number }[]> {
  return rows(ctx.services.db, sql`SELECT idempotency_key AS key, amount FROM transfers WHERE idempotency_key LIKE 'qpay:%' ORDER BY id`);
}

export async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
