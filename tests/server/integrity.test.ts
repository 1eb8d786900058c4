// Game integrity on real settled hands (docs/integrity.md): the job counts hands once, from its
// cursor, and finds a planted chip dump between two scripted players; sign-ins from one device
// link two accounts; cases, standing refused at the entry points, restitution with four eyes.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { first } from '../../src/server/db/client';
import { ManualClock } from '../../src/server/core/clock';
import { sessionServices } from '../../src/server/compose';
import type { Alert, IntegrityCase, MyStats, Restitution } from '../../src/shared/api/integrity';
import { tableBody } from '../support/table-body';
import { errCode, setupApp, TEST_PASSWORD, type TestUser } from './helpers/app';
import { quiet as quietTable } from './helpers/quiet';

const clock = new ManualClock();
const ctx = setupApp({ live: { clock, fastBots: true, betweenHands: 500, botIterations: 20 } });
const A = '/api/v1/admin/integrity';

/** Heads-up hands where `dumper` folds to every raise of `receiver` (and folds first as the small blind). */
async function playDump(dumper: TestUser, tableId: number, hands: number) {
  const actor = ctx.app.live.registry.get(tableId)!;
  for (let played = 0; played < hands;) {
    await quietTable(ctx.app, clock, tableId, 1000);
    const hand = actor.viewFor(null).hand;
    if (!hand || hand.toAct === null) continue;
    const userId = actor.viewFor(null).seats[hand.toAct]!.userId;
    clock.advance(userId === dumper.userId ? 700 : 1500);
    const action = userId === dumper.userId ? ({ kind: 'fold' } as const) : ({ kind: 'raise', to: 300 } as const);
    expect(await actor.handle({ kind: 'act', userId, action })).toEqual({ ok: true });
    if (userId === dumper.userId) played++;
  }
  await quietTable(ctx.app, clock, tableId, 1000);
}

async function pair(buyIn = 5000) {
  const admin = await ctx.admin();
  const tableId = (await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Integrity') })).json().tableId as number;
  const actor = ctx.app.live.registry.get(tableId)!;
  const a = await ctx.player({ balance: 20_000 });
  const b = await ctx.player({ balance: 20_000 });
  await actor.handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 0, buyIn });
  await actor.handle({ kind: 'sit', user: { userId: b.userId, username: b.username }, seat: 1, buyIn });
  return { tableId, a, b };
}

const alertsOf = async (userId: number, kind: string) =>
  (await ctx.call({ method: 'GET', url: `${A}/alert?userId=${userId}&kind=${kind}`, as: await ctx.admin() })).json().items as Alert[];

describe('the integrity job', () => {
  it('counts each settled hand once from its cursor and finds a planted chip dump with its evidence', async () => {
    const { tableId, a, b } = await pair();
    await playDump(a, tableId, 44);
    const job = ctx.services.integrity.job;
    const counted = await job.catchUp();
    expect(counted).toBeGreaterThanOrEqual(44);
    expect(await job.runOnce()).toBe(0);

    const stats = (await ctx.call({ method: 'GET', url: '/api/v1/user/stats', as: a })).json() as MyStats;
    const mine = stats.figures.find((f) => f.game === 'NT' && f.bigBlind === 100)!;
    expect(mine.hands).toBe(44);
    expect(mine.vpip).toBe(0);
    expect(mine.decisionMeanMs).toBeGreaterThan(0);
    expect(stats.days.at(-1)!.net).toBeLessThan(0);
    const theirs = ((await ctx.call({ method: 'GET', url: '/api/v1/user/stats', as: b })).json() as MyStats).figures[0];
    expect(theirs.pfr).toBeGreaterThan(0);
    expect(theirs.bbPer100).toBeGreaterThan(0);

    const [dump] = await alertsOf(a.userId, 'chip_dumping');
    expect(dump.users.map((u) => u.userId)).toEqual([a.userId, b.userId]);
    expect(dump.score).toBeGreaterThanOrEqual(50);
    expect(dump.evidence.figures.net).toBeGreaterThan(0);
    expect(dump.evidence.figures.z).toBeGreaterThanOrEqual(4);
    expect(dump.evidence.expected.net).toBe(0);

    // Two more hands: only they are added.
    await playDump(a, tableId, 2);
    expect(await job.catchUp()).toBeGreaterThanOrEqual(2);
    const again = ((await ctx.call({ method: 'GET', url: '/api/v1/user/stats', as: a })).json() as MyStats).figures[0];
    expect(again.hands).toBe(46);
    const page = (await ctx.call({ method: 'GET', url: `${A}/player/${a.userId}`, as: await ctx.staff() })).json();
    expect(page.partners[0]).toMatchObject({ userId: b.userId, handsTogether: 46 });
    expect(page.partners[0].netFromThem).toBeLessThan(0);
  });

  it('flags a new account whose deposit went mostly to one other account, not the one who won it', async () => {
    const admin = await ctx.admin();
    const tableId = (await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Deposit passed') })).json().tableId as number;
    const actor = ctx.app.live.registry.get(tableId)!;
    const mule = await ctx.player({ balance: 4000 });
    const boss = await ctx.player({ balance: 20_000 });
    expect(await actor.handle({ kind: 'sit', user: { userId: mule.userId, username: mule.username }, seat: 0, buyIn: 4000 })).toEqual({ ok: true });
    expect(await actor.handle({ kind: 'sit', user: { userId: boss.userId, username: boss.username }, seat: 1, buyIn: 5000 })).toEqual({ ok: true });
    await playDump(mule, tableId, 40);
    await ctx.services.integrity.job.catchUp();
    const [passed] = await alertsOf(mule.userId, 'deposit_passing');
    expect(passed.users.map((u) => u.userId)).toEqual([mule.userId, boss.userId]);
    expect(passed.score).toBeGreaterThanOrEqual(50);
    expect(passed.evidence.reasons).toEqual(['deposit_passed_on']);
    expect(passed.evidence.figures).toMatchObject({ deposited: 4000, concentration: 1 });
    expect(passed.evidence.figures.passedShare).toBeGreaterThanOrEqual(0.5);
    expect(passed.evidence.figures.z).toBeGreaterThanOrEqual(2);
    expect(passed.evidence.hands.length).toBeGreaterThan(0);
    // The winner, new as well, passed nothing on.
    expect((await alertsOf(boss.userId, 'deposit_passing')).filter((x) => x.users[0].userId === boss.userId)).toEqual([]);
  });

  it('links two accounts signed in from one device', async () => {
    const a = await ctx.player();
    const b = await ctx.player();
    for (const u of [a, b]) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: u.username, password: TEST_PASSWORD, device: 'dev-shared-0001' },
      });
      expect(res.statusCode).toBe(200);
    }
    await ctx.services.integrity.job.scanLinks();
    const [link] = (await alertsOf(a.userId, 'linked_accounts')).filter((x) => x.users.some((u) => u.userId === b.userId));
    expect(link.evidence.reasons).toContain('shared_device');
    expect(link.score).toBeGreaterThanOrEqual(60);
    const group = (await ctx.call({ method: 'GET', url: `${A}/group/${b.userId}`, as: await ctx.staff() })).json();
    // The harness gives every player the same payout account: they are all linked through it too.
    expect(group.members.map((m: { userId: number }) => m.userId)).toEqual(expect.arrayContaining([a.userId, b.userId]));
  });
});

async function openCase(userIds: number[]): Promise<IntegrityCase> {
  const res = await ctx.call({ method: 'POST', url: `${A}/case`, as: await ctx.admin(), payload: { title: 'Dump at table', userIds } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('cases and actions', () => {
  it('support staff see and write notes, administrators act; standing is refused where it must be', async () => {
    const support = await ctx.staff();
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 50_000 });
    expect((await ctx.call({ method: 'POST', url: `${A}/case`, as: support, payload: { title: 'x', userIds: [p.userId] } })).statusCode).toBe(403);
    const kase = await openCase([p.userId]);
    const noted = await ctx.call({ method: 'POST', url: `${A}/case/${kase.id}/note`, as: support, payload: { text: 'Looked at hands' } });
    expect(noted.statusCode).toBe(201);
    expect(noted.json().notes.map((n: { text: string }) => n.text)).toEqual(['Looked at hands']);
    const standing = (s: string) =>
      ctx.call({ method: 'PUT', url: `${A}/case/${kase.id}/standing`, as: admin, payload: { userId: p.userId, standing: s, reason: 'case' } });
    expect(
      (await ctx.call({ method: 'PUT', url: `${A}/case/${kase.id}/standing`, as: support, payload: { userId: p.userId, standing: 'closed', reason: 'x' } }))
        .statusCode,
    ).toBe(403);

    const pending = await ctx.call({ method: 'POST', url: '/api/v1/user/withdrawal', as: p, payload: { amount: 10_000 } });
    expect(pending.statusCode).toBe(201);
    // Seated alone (no hand in play): restricting stands the player up at once, chips back in the wallet.
    const tableId = (await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Restricted') })).json().tableId as number;
    expect(await ctx.app.live.registry.get(tableId)!.handle({ kind: 'sit', user: { userId: p.userId, username: p.username }, seat: 0, buyIn: 5_000 })).toEqual({
      ok: true,
    });
    expect((await ctx.services.ledger.balances(ctx.services.db, p.userId)).locked).toBeGreaterThanOrEqual(5_000);
    expect((await standing('restricted')).json().status).toBe('actioned');
    expect(
      ctx.app.live.registry
        .get(tableId)!
        .viewFor(null)
        .seats.some((s) => s?.userId === p.userId),
    ).toBe(false);
    const refused = await ctx.call({ method: 'POST', url: '/api/v1/user/withdrawal', as: p, payload: { amount: 10_000 } });
    expect([refused.statusCode, errCode(refused)]).toEqual([403, 'ACCOUNT_RESTRICTED']);
    expect(await sessionServices(ctx.services, ctx.app.live).playRefused(p.userId, 1)).toMatchObject({ code: 'ACCOUNT_RESTRICTED' });

    await standing('frozen');
    const held = await ctx.call({ method: 'PUT', url: `/api/v1/admin/withdrawal/approve?withdrawalId=${pending.json().id}`, as: admin });
    expect([held.statusCode, errCode(held)]).toEqual([409, 'ACCOUNT_FROZEN']);

    await standing('good');
    expect(await sessionServices(ctx.services, ctx.app.live).playRefused(p.userId, 1)).toBeNull();
    expect((await ctx.call({ method: 'PUT', url: `/api/v1/admin/withdrawal/approve?withdrawalId=${pending.json().id}`, as: admin })).statusCode).toBe(200);
    const trail = (await ctx.call({ method: 'GET', url: `/api/v1/admin/audit?objectType=integrity_case&objectId=${kase.id}`, as: admin })).json();
    expect(trail.items.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['integrity.case_create', 'integrity.case_note']));
  });

  it('restitution moves exact money once, only with a second administrator', async () => {
    const first1 = await ctx.admin();
    const second = await ctx.staff('ADMIN');
    const offender = await ctx.player({ balance: 30_000 });
    const v1 = await ctx.player();
    const v2 = await ctx.player();
    const kase = await openCase([offender.userId, v1.userId, v2.userId]);
    const propose = (payments: { userId: number; amount: number }[], userId = offender.userId) =>
      ctx.call({ method: 'POST', url: `${A}/case/${kase.id}/restitution`, as: first1, payload: { offenderId: userId, payments, reason: 'chip dump' } });
    const bad = await propose([{ userId: offender.userId, amount: 5 }]);
    expect(bad.statusCode).toBe(400);
    const r = (
      await propose([
        { userId: v1.userId, amount: 12_345 },
        { userId: v2.userId, amount: 6_000 },
      ])
    ).json() as Restitution;
    expect(r).toMatchObject({ status: 'proposed', total: 18_345 });
    const balance = async (u: TestUser) => (await ctx.services.ledger.balances(ctx.services.db, u.userId)).available;
    expect(await balance(v1)).toBe(0);

    const self = await ctx.call({ method: 'PUT', url: `${A}/restitution/${r.id}/approve`, as: first1 });
    expect([self.statusCode, errCode(self)]).toEqual([403, 'SAME_APPROVER']);
    const paid = await ctx.call({ method: 'PUT', url: `${A}/restitution/${r.id}/approve`, as: second });
    expect(paid.json()).toMatchObject({ status: 'paid', resolvedBy: second.username });
    expect([await balance(offender), await balance(v1), await balance(v2)]).toEqual([30_000 - 18_345, 12_345, 6_000]);
    const twice = await ctx.call({ method: 'PUT', url: `${A}/restitution/${r.id}/approve`, as: second });
    expect([twice.statusCode, errCode(twice)]).toEqual([409, 'ALREADY_RESOLVED']);
    expect(await balance(v1)).toBe(12_345);

    // More than the offender holds: nothing moves, the proposal stays open.
    const big = (await propose([{ userId: v1.userId, amount: 1_000_000 }])).json() as Restitution;
    const short = await ctx.call({ method: 'PUT', url: `${A}/restitution/${big.id}/approve`, as: second });
    expect([short.statusCode, errCode(short)]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    expect(
      (await ctx.call({ method: 'GET', url: `${A}/case/${kase.id}`, as: await ctx.staff() })).json().restitutions.map((x: Restitution) => x.status),
    ).toEqual(['paid', 'proposed']);
    const rejected = await ctx.call({ method: 'PUT', url: `${A}/restitution/${big.id}/reject`, as: second, payload: { reason: 'too much' } });
    expect(rejected.json().status).toBe('rejected');
    const rows = await first<{ n: number }>(
      ctx.services.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE object_type = 'integrity_restitution' AND object_id IN (${String(r.id)}, ${String(big.id)})`,
    );
    expect(rows!.n).toBe(4);
  });
});
