// Two-person approval of large withdrawals and the support hold that blocks withdrawals.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/server/db/client';
import { DEFAULT_SETTINGS } from '../../src/server/core/settings';
import { errCode, setupApp, type TestUser } from './helpers/app';

const ctx = setupApp();
const A = '/api/v1/admin';
const U = '/api/v1/user';
const THRESHOLD = 100_000;

beforeAll(() => ctx.services.settings.put({ ...DEFAULT_SETTINGS, twoPersonThreshold: THRESHOLD }));

const approve = (as: TestUser, id: number) => ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${id}`, as });
const reject = (as: TestUser, id: number) =>
  ctx.call({ method: 'PUT', url: `${A}/withdrawal/reject?withdrawalId=${id}`, as, payload: { reason: 'Not the owner' } });
const ask = async (p: TestUser, amount: number) => {
  const res = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; approvalsNeeded: number };
};
const balances = (p: TestUser) => ctx.services.ledger.balances(ctx.services.db, p.userId);

describe('two-person approval', () => {
  it('pays at or below the threshold with one approval', async () => {
    const p = await ctx.player({ balance: 200_000 });
    const w = await ask(p, THRESHOLD);
    expect(w.approvalsNeeded).toBe(1);
    const res = await approve(await ctx.staff(), w.id);
    expect(res.json()).toMatchObject({ status: 'APPROVED', approvalsNeeded: 1, firstApprovedBy: null });
    expect(await balances(p)).toMatchObject({ available: 100_000, locked: 0 });
  });

  it('above it: the first approval moves nothing, the same person cannot be second, another one pays; both names shown', async () => {
    const admin = await ctx.staff('ADMIN');
    const support = await ctx.staff();
    const p = await ctx.player({ balance: 500_000 });
    const w = await ask(p, 300_000);
    expect(w.approvalsNeeded).toBe(2);

    const first = await approve(admin, w.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'NOT_APPROVED', approvalsNeeded: 2, firstApprovedBy: admin.username, approvedBy: null });
    expect(first.json().firstApproveDate).toEqual(expect.any(String));
    expect(await balances(p)).toMatchObject({ available: 200_000, locked: 300_000 });

    const again = await approve(admin, w.id);
    expect(again.statusCode).toBe(409);
    expect(errCode(again)).toBe('SAME_APPROVER');

    const second = await approve(support, w.id);
    expect(second.json()).toMatchObject({ status: 'APPROVED', firstApprovedBy: admin.username, approvedBy: support.username, approvalsNeeded: 2 });
    expect(await balances(p)).toMatchObject({ available: 200_000, locked: 0 });
    const listed = (await ctx.call({ method: 'GET', url: `${A}/withdrawal?userId=${p.userId}`, as: support })).json().items[0];
    expect(listed).toMatchObject({ firstApprovedBy: admin.username, approvedBy: support.username });
    const paid = await rows<{ kind: string }>(ctx.services.db, sql`SELECT kind FROM transfers WHERE reference = ${listed.code} ORDER BY id`);
    expect(paid.map((t) => t.kind)).toEqual(['WITHDRAWAL_HOLD', 'WITHDRAWAL_PAID']);
    expect(errCode(await approve(admin, w.id))).toBe('ALREADY_RESOLVED');
  });

  it('nobody resolves their own withdrawal; the first approver may still reject', async () => {
    const support = await ctx.staff();
    await ctx.fund(support.userId, 400_000);
    const own = await ask(support, 200_000);
    expect(errCode(await approve(support, own.id))).toBe('OWN_WITHDRAWAL');
    expect((await approve(support, own.id)).statusCode).toBe(403);
    expect(errCode(await reject(support, own.id))).toBe('OWN_WITHDRAWAL');
    const admin = await ctx.staff('ADMIN');
    expect((await approve(admin, own.id)).json()).toMatchObject({ status: 'NOT_APPROVED', firstApprovedBy: admin.username });
    expect(errCode(await approve(support, own.id))).toBe('OWN_WITHDRAWAL');
    expect((await reject(admin, own.id)).json()).toMatchObject({ status: 'REJECTED', approvedBy: admin.username, firstApprovedBy: admin.username });
    expect(await balances(support)).toMatchObject({ available: 400_000, locked: 0 });
  });

  it('racing approvals pay once: two people make one payment, one person twice makes one approval', async () => {
    const a = await ctx.staff('ADMIN');
    const b = await ctx.staff();
    const p = await ctx.player({ balance: 1_000_000 });
    const w1 = await ask(p, 400_000);
    const both = await Promise.all([approve(a, w1.id), approve(b, w1.id)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().status).sort()).toEqual(['APPROVED', 'NOT_APPROVED']);
    const w2 = await ask(p, 400_000);
    const twice = await Promise.all([approve(a, w2.id), approve(a, w2.id)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balances(p)).toMatchObject({ available: 200_000, locked: 400_000 });
    const actions = await rows<{ action: string }>(ctx.services.db, sql`SELECT action FROM audit_log WHERE user_id = ${p.userId} ORDER BY id`);
    expect(actions.map((r) => r.action)).toEqual(['withdrawal.first_approval', 'withdrawal.approve', 'withdrawal.first_approval']);
  });
});

describe('the support hold', () => {
  it('blocks asking and approving withdrawals until released; rejecting stays possible', async () => {
    const support = await ctx.staff();
    const admin = await ctx.staff('ADMIN');
    const p = await ctx.player({ balance: 90_000 });
    const pending = await ask(p, 20_000);
    const toReject = await ask(p, 10_000);

    const held = await ctx.call({ method: 'PUT', url: `${A}/user/hold?userId=${p.userId}`, as: support, payload: { reason: 'Card chargeback' } });
    expect(held.statusCode).toBe(200);
    expect(held.json().hold).toMatchObject({ reason: 'Card chargeback', by: support.username, since: expect.any(String) });
    expect(errCode(await ctx.call({ method: 'PUT', url: `${A}/user/hold?userId=${p.userId}`, as: admin, payload: { reason: 'again' } }))).toBe(
      'ALREADY_ON_HOLD',
    );

    const refused = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 15_000 } });
    expect(refused.statusCode).toBe(409);
    expect(errCode(refused)).toBe('ACCOUNT_ON_HOLD');
    expect(errCode(await approve(admin, pending.id))).toBe('ACCOUNT_ON_HOLD');
    expect((await reject(admin, toReject.id)).json().status).toBe('REJECTED');
    expect(await balances(p)).toMatchObject({ available: 70_000, locked: 20_000 });

    const released = await ctx.call({ method: 'DELETE', url: `${A}/user/hold?userId=${p.userId}`, as: support });
    expect(released.json().hold).toBeNull();
    expect(errCode(await ctx.call({ method: 'DELETE', url: `${A}/user/hold?userId=${p.userId}`, as: support }))).toBe('NOT_ON_HOLD');
    expect((await approve(admin, pending.id)).json().status).toBe('APPROVED');
    await ask(p, 15_000);
    const trail = (await ctx.call({ method: 'GET', url: `${A}/user/audit?userId=${p.userId}&sort=id&order=ASC`, as: support })).json();
    expect(trail.items.map((e: { action: string }) => e.action)).toEqual(['user.hold', 'withdrawal.reject', 'user.release', 'withdrawal.approve']);
  });

  it('refuses a hold of an unknown user, and an empty reason', async () => {
    const support = await ctx.staff();
    expect((await ctx.call({ method: 'PUT', url: `${A}/user/hold?userId=2000000000`, as: support, payload: { reason: 'x' } })).statusCode).toBe(404);
    const p = await ctx.player();
    expect((await ctx.call({ method: 'PUT', url: `${A}/user/hold?userId=${p.userId}`, as: support, payload: { reason: '  ' } })).statusCode).toBe(400);
  });
});
