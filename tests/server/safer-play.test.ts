// Safer play (docs/safer-play.md) over the real routes, socket and QPay simulator: a lowered
// limit applies at once and a raised one waits a day (the clock is moved, not waited for); the
// deposit and loss limits refuse; a self-exclusion blocks every way to play or deposit, cashes the
// seat out and cannot be shortened, by the player or by staff; withdrawals still work.
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { ManualClock } from '../../src/server/core/clock';
import { errCode, setupApp, type TestUser } from './helpers/app';
import { qpayHarness } from './helpers/qpay';
import { createTable } from './helpers/tables';
import { FAST_LEVELS, sixMaxSng } from './helpers/tournament';
import { listenForSockets, type TestSocket } from './helpers/ws';
import { quiet } from './helpers/quiet';
import { sql } from 'drizzle-orm';
import { first } from '../../src/server/db/client';

const clock = new ManualClock(Date.now());
const h = qpayHarness();
const ctx = setupApp({
  live: { clock },
  get qpay() {
    return h.options;
  },
});
const sockets = listenForSockets(ctx);

const U = '/api/v1/user';
const HOUR = 3_600_000;
type Limits = { kind: string; amount: number | null; pendingAmount: number | null; pendingFrom: string | null; used: number }[];
const limitOf = (body: { limits: Limits }, kind: string) => body.limits.find((l) => l.kind === kind)!;
const setLimit = (as: TestUser, kind: string, amount: number | null) =>
  ctx.call({ method: 'PUT', url: `${U}/safer-play/limit`, as, payload: { kind, amount } });
const available = async (userId: number) => (await ctx.services.ledger.balances(ctx.services.db, userId)).available;
const answer = (s: TestSocket, id: string) => s.next((m: ServerMessage) => (m.type === 'ACK' || m.type === 'ERROR') && m.requestId === id);

async function sit(p: TestUser, tableId: number, seat: number, buyIn: number) {
  const s = await sockets.signedIn(p);
  s.send({ type: 'GAME', action: 'SIT', tableId, requestId: `sit${seat}`, seat, buyIn });
  return { s, reply: await answer(s, `sit${seat}`) };
}

describe('limits', () => {
  it('a deposit limit refuses a QPay invoice above what is left, staff deposits counting as deposited', async () => {
    const p = await ctx.player({ balance: 15_000 });
    expect((await setLimit(p, 'DEPOSIT_DAY', 20_000)).statusCode).toBe(200);
    const over = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 10_000 } });
    expect(over.statusCode).toBe(409);
    expect(errCode(over)).toBe('DEPOSIT_LIMIT');
    expect(over.json().error.message).toContain('5,000');
    const ok = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 5_000 } });
    expect(ok.statusCode, ok.body).toBe(201);
    // The open invoice counts: nothing more today.
    expect(await ctx.services.safer.check(p.userId, 1_000)).toMatchObject({ code: 'DEPOSIT_LIMIT' });
    const view = (await ctx.call({ method: 'GET', url: `${U}/safer-play`, as: p })).json();
    expect(limitOf(view, 'DEPOSIT_DAY')).toMatchObject({ amount: 20_000, used: 20_000 });
  });

  it('a loss limit refuses a buy-in above what is left, at a table and in a tournament', async () => {
    const p = await ctx.player({ balance: 100_000 });
    await setLimit(p, 'LOSS_DAY', 8_000);
    const tableId = await createTable(ctx, 'Safer loss');
    const { reply } = await sit(p, tableId, 0, 10_000);
    expect(reply).toMatchObject({ type: 'ERROR', code: 'LOSS_LIMIT' });
    const { reply: fits } = await sit(p, tableId, 1, 5_000);
    expect(fits).toMatchObject({ type: 'ACK' });
    const t = await ctx.call({ method: 'POST', url: '/api/v1/admin/tournament', as: await ctx.admin(), payload: sixMaxSng('Safer SNG', FAST_LEVELS) });
    const reg = await ctx.call({ method: 'POST', url: `${U}/tournament/${t.json().id}/register`, as: p });
    expect(errCode(reg)).toBe('LOSS_LIMIT');
    expect(await available(p.userId)).toBe(95_000);
  });

  it('the session limit refuses a new seat once reached; the tab shows the session', async () => {
    const p = await ctx.player({ balance: 50_000 });
    const tableId = await createTable(ctx, 'Safer session');
    await setLimit(p, 'SESSION_MINUTES', 60);
    expect((await sit(p, tableId, 0, 5_000)).reply).toMatchObject({ type: 'ACK' });
    const view = (await ctx.call({ method: 'GET', url: `${U}/safer-play`, as: p })).json();
    expect(view.session).toMatchObject({ minutes: 0, result: 0 });
    expect(await ctx.services.safer.mayPlay(p.userId, 1_000)).toBeNull();
    const reminder = await ctx.call({ method: 'PUT', url: `${U}/safer-play/reminder`, as: p, payload: { reminderMinutes: 30 } });
    expect(reminder.json().reminderMinutes).toBe(30);
  });

  it('bad limits are refused', async () => {
    const p = await ctx.player();
    expect((await setLimit(p, 'SESSION_MINUTES', 5)).statusCode).toBe(400);
    expect((await setLimit(p, 'LOSS_YEAR', 5)).statusCode).toBe(400);
    expect((await setLimit(p, 'LOSS_DAY', 0)).statusCode).toBe(400);
  });
});

describe('cool-off and self-exclusion', () => {
  it('self-exclusion cashes the seat out and blocks sitting, tournaments and deposits; withdrawals still work', async () => {
    const p = await ctx.player({ balance: 60_000 });
    const tableId = await createTable(ctx, 'Safer exclusion');
    const { s } = await sit(p, tableId, 2, 10_000);
    expect(await available(p.userId)).toBe(50_000);
    const t = await ctx.call({ method: 'POST', url: '/api/v1/admin/tournament', as: await ctx.admin(), payload: sixMaxSng('Safer SNG 2', FAST_LEVELS) });
    expect((await ctx.call({ method: 'POST', url: `${U}/tournament/${t.json().id}/register`, as: p })).statusCode).toBe(201);
    expect(await available(p.userId)).toBe(39_000);

    const unconfirmed = await ctx.call({ method: 'POST', url: `${U}/safer-play/exclusion`, as: p, payload: { kind: 'SELF_EXCLUSION', days: 200 } });
    expect(unconfirmed.statusCode).toBe(400);
    const res = await ctx.call({ method: 'POST', url: `${U}/safer-play/exclusion`, as: p, payload: { kind: 'SELF_EXCLUSION', days: 200, confirm: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().exclusion).toMatchObject({ kind: 'SELF_EXCLUSION' });
    // The seat (not in a hand) and the tournament entry are back in the wallet.
    expect(await available(p.userId)).toBe(60_000);

    s.send({ type: 'GAME', action: 'SIT', tableId, requestId: 'again', seat: 2, buyIn: 10_000 });
    expect(await answer(s, 'again')).toMatchObject({ type: 'ERROR', code: 'SELF_EXCLUDED' });
    const reg = await ctx.call({ method: 'POST', url: `${U}/tournament/${t.json().id}/register`, as: p });
    expect(reg.statusCode).toBe(403);
    expect(errCode(reg)).toBe('SELF_EXCLUDED');
    const inv = await ctx.call({ method: 'POST', url: `${U}/qpay/invoice`, as: p, payload: { amount: 5_000 } });
    expect(errCode(inv)).toBe('SELF_EXCLUDED');
    const w = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 20_000 } });
    expect(w.statusCode, w.body).toBe(201);
  });

  it('a seat in a hand is cashed out when the hand ends, through the ordinary leave', async () => {
    const a = await ctx.player({ balance: 60_000 });
    const b = await ctx.player({ balance: 60_000 });
    const tableId = await createTable(ctx, 'Safer in hand');
    const sa = (await sit(a, tableId, 0, 10_000)).s;
    const sb = (await sit(b, tableId, 1, 10_000)).s;
    await quiet(ctx.app, clock, tableId, 10_000);
    const running = await first(ctx.services.db, sql`SELECT 1 FROM hands WHERE table_id = ${tableId} AND status = 'running'`);
    expect(running).toBeTruthy();
    const res = await ctx.call({ method: 'POST', url: `${U}/safer-play/exclusion`, as: a, payload: { kind: 'COOL_OFF', days: 3, confirm: true } });
    expect(res.statusCode, res.body).toBe(200);
    // Whoever is to act folds until the hand is over; then the excluded player's chips come back.
    for (let i = 0; i < 6 && (await ctx.services.ledger.balances(ctx.services.db, a.userId)).locked > 0; i++) {
      for (const [s, id] of [
        [sa, `fa${i}`],
        [sb, `fb${i}`],
      ] as const) {
        s.send({ type: 'GAME', action: 'FOLD', tableId, requestId: id });
        await answer(s, id);
      }
      await quiet(ctx.app, clock, tableId, 100);
    }
    const after = await ctx.services.ledger.balances(ctx.services.db, a.userId);
    expect(after.locked).toBe(0);
    // At most the big blind (100) won or lost in that hand.
    expect(Math.abs(after.available - 60_000)).toBeLessThanOrEqual(100);
    expect(await first(ctx.services.db, sql`SELECT 1 FROM table_seats WHERE user_id = ${a.userId}`)).toBeUndefined();
  });

  it('cannot be shortened, by the player or by staff; it may be lengthened', async () => {
    const p = await ctx.player();
    const ask = (payload: object) => ctx.call({ method: 'POST', url: `${U}/safer-play/exclusion`, as: p, payload: { confirm: true, ...payload } });
    expect((await ask({ kind: 'COOL_OFF', days: 7 })).statusCode).toBe(200);
    expect(errCode(await ask({ kind: 'COOL_OFF', days: 1 }))).toBe('EXCLUSION_CANNOT_SHORTEN');
    expect((await ask({ kind: 'COOL_OFF', days: 43 })).statusCode).toBe(400);
    const staff = await ctx.staff('ADMIN');
    const staffAsk = (payload: object) =>
      ctx.call({
        method: 'PUT',
        url: `/api/v1/admin/user/safer-play/exclusion?userId=${p.userId}`,
        as: staff,
        payload: { reason: 'Asked by phone', ...payload },
      });
    expect(errCode(await staffAsk({ kind: 'COOL_OFF', days: 2 }))).toBe('EXCLUSION_CANNOT_SHORTEN');
    const longer = await staffAsk({ kind: 'SELF_EXCLUSION', permanent: true });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json().exclusion).toMatchObject({ kind: 'SELF_EXCLUSION', endsAt: null });
    expect(longer.json().exclusions).toHaveLength(2);
    expect(errCode(await staffAsk({ kind: 'SELF_EXCLUSION', days: 3650 }))).toBe('EXCLUSION_CANNOT_SHORTEN');
    const audit = await ctx.call({ method: 'GET', url: `/api/v1/admin/user/audit?userId=${p.userId}`, as: staff });
    expect(audit.json().items.map((a: { action: string }) => a.action)).toContain('user.exclusion');
  });
});

describe('age at registration', () => {
  it('refuses a registration without the age confirmation and keeps the moment of one', async () => {
    const body = {
      email: 'adult@example.mn',
      username: `adult${Date.now() % 100000}`,
      password: 'Passw0rd!x',
      confirmPassword: 'Passw0rd!x',
      bank: 'KHAN',
      accountNumber: '1234567890',
    };
    const refused = await ctx.call({ method: 'POST', url: `${U}/register`, payload: { ...body, adult: false } });
    expect(refused.statusCode).toBe(400);
    const ok = await ctx.call({ method: 'POST', url: `${U}/register`, payload: { ...body, adult: true } });
    expect(ok.statusCode, ok.body).toBe(201);
    const staffView = await ctx.call({ method: 'GET', url: `/api/v1/admin/user/safer-play?userId=${ok.json().user.userId}`, as: await ctx.admin() });
    expect(staffView.json().adultConfirmedAt).toEqual(expect.any(String));
  });
});

describe('a reached session limit (the clock moves an hour)', () => {
  it('stands the player up from their cash seat and keeps refusing a seat until a pause', async () => {
    const p = await ctx.player({ balance: 30_000 });
    const tableId = await createTable(ctx, 'Safer session end');
    await setLimit(p, 'SESSION_MINUTES', 60);
    const { s } = await sit(p, tableId, 3, 10_000);
    expect(await available(p.userId)).toBe(20_000);
    // The sweep runs every minute in the server; here by hand, every 20 minutes of the clock.
    for (let played = 0; played < 60; played += 20) {
      expect(await ctx.app.playGate.standUpOverSessionLimit()).not.toContain(p.userId);
      clock.advance(20 * 60_000);
    }
    expect(await first(ctx.services.db, sql`SELECT 1 FROM table_seats WHERE user_id = ${p.userId}`)).toBeTruthy();
    expect(await ctx.app.playGate.standUpOverSessionLimit()).toContain(p.userId);
    // Not in a hand: cashed out at once, through the ordinary leave.
    expect(await first(ctx.services.db, sql`SELECT 1 FROM table_seats WHERE user_id = ${p.userId}`)).toBeUndefined();
    expect(await available(p.userId)).toBe(30_000);
    s.send({ type: 'GAME', action: 'SIT', tableId, requestId: 'after', seat: 3, buyIn: 5_000 });
    expect(await answer(s, 'after')).toMatchObject({ type: 'ERROR', code: 'SESSION_LIMIT' });
    expect(await ctx.app.playGate.standUpOverSessionLimit()).not.toContain(p.userId);
    // A 30-minute pause ends the session: a new one may start.
    clock.advance(31 * 60_000);
    s.send({ type: 'GAME', action: 'SIT', tableId, requestId: 'rested', seat: 3, buyIn: 5_000 });
    expect(await answer(s, 'rested')).toMatchObject({ type: 'ACK' });
  });
});

describe('a raised limit waits a day (the clock moves; run last in this file)', () => {
  it('lowering applies at once; raising and removing wait 24 hours', async () => {
    const p = await ctx.player();
    expect(limitOf((await setLimit(p, 'LOSS_WEEK', 50_000)).json(), 'LOSS_WEEK')).toMatchObject({ amount: 50_000, pendingFrom: null });
    expect(limitOf((await setLimit(p, 'LOSS_WEEK', 20_000)).json(), 'LOSS_WEEK')).toMatchObject({ amount: 20_000, pendingFrom: null });
    const raised = limitOf((await setLimit(p, 'LOSS_WEEK', 80_000)).json(), 'LOSS_WEEK');
    expect(raised).toMatchObject({ amount: 20_000, pendingAmount: 80_000 });
    expect(Date.parse(raised.pendingFrom!)).toBe(clock.now() + 24 * HOUR);
    clock.advance(23 * HOUR);
    const read = async () => limitOf((await ctx.call({ method: 'GET', url: `${U}/safer-play`, as: p })).json(), 'LOSS_WEEK');
    expect(await read()).toMatchObject({ amount: 20_000, pendingAmount: 80_000 });
    clock.advance(HOUR + 1);
    expect(await read()).toMatchObject({ amount: 80_000, pendingFrom: null });
    // Removing waits too; lowering meanwhile drops the removal.
    expect(limitOf((await setLimit(p, 'LOSS_WEEK', null)).json(), 'LOSS_WEEK')).toMatchObject({ amount: 80_000, pendingAmount: null });
    expect(limitOf((await setLimit(p, 'LOSS_WEEK', 10_000)).json(), 'LOSS_WEEK')).toMatchObject({ amount: 10_000, pendingFrom: null });
    await setLimit(p, 'LOSS_WEEK', null);
    clock.advance(24 * HOUR + 1);
    expect(await read()).toMatchObject({ amount: null, pendingFrom: null });
  });

  it('a cool-off ends by itself', async () => {
    const p = await ctx.player();
    await ctx.call({ method: 'POST', url: `${U}/safer-play/exclusion`, as: p, payload: { kind: 'COOL_OFF', days: 1, confirm: true } });
    expect(await ctx.services.safer.mayPlay(p.userId, 1_000)).toMatchObject({ code: 'SELF_EXCLUDED' });
    clock.advance(24 * HOUR + 1);
    expect(await ctx.services.safer.mayPlay(p.userId, 1_000)).toBeNull();
  });
});
