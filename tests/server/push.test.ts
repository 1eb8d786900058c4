// Web push (issue 33): subscriptions stored per browser with their kinds and language, messages sent
// through a local HTTPS push service (web-push's real requests: encrypted, VAPID-signed) for a
// deposit, a withdrawal paid and a turn at a table nobody watches; only the kinds asked for, in
// the subscriber's language; a subscription the service answers 410 for is deleted.
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/server/db/client';
import { ManualClock } from '../../src/server/core/clock';
import { tableBody } from '../support/table-body';
import { errCode, setupApp, type TestUser } from './helpers/app';
import { TestPushService } from './helpers/push-service';
import { onPushHost, PUSH_SERVICE_HOSTS } from '../../src/server/room/push';
import { quiet } from './helpers/quiet';
import { listenForSockets } from './helpers/ws';
import { FAST_LEVELS, sixMaxSng } from './helpers/tournament';

const service = new TestPushService();
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.mn' };
const clock = new ManualClock();
const ctx = setupApp({
  vapid,
  pushAgent: service.agent,
  pushHosts: ['127.0.0.1'],
  live: { clock, fastBots: true, betweenHands: 500, botIterations: 20, tournamentTickMs: 100, leaseTtlMs: 60_000 },
});
const PUSH = '/api/v1/user/push';

/** The table's actor now (a write timed out on a loaded machine reloads the table: a new actor). */
const live = (tableId: number) => ctx.app.live.registry.get(tableId)!;
/** Plays out what is due, once the table is back in the registry if it was being reloaded. */
async function settle(tableId: number): Promise<void> {
  for (let i = 0; i < 100 && !ctx.app.live.registry.get(tableId); i++) await new Promise((r) => setTimeout(r, 50));
  await quiet(ctx.app, clock, tableId, 1000);
}

const sockets = listenForSockets(ctx);

beforeAll(() => service.start());
afterAll(() => service.stop());

const subscribe = (as: TestUser, sub: { endpoint: string; keys: object }, kinds: string[], language = 'en') =>
  ctx.call({ method: 'PUT', url: `${PUSH}/subscription`, as, payload: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys, kinds, language } });
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};
const at = (path: string) => service.requests.filter((r) => r.path === path);

describe('web push', () => {
  it('gives the VAPID key and stores, updates and deletes subscriptions', async () => {
    const p = await ctx.player();
    expect((await ctx.call({ method: 'GET', url: `${PUSH}/key`, as: p })).json()).toEqual({ publicKey: vapid.publicKey });
    const b = service.browser('/crud');
    expect((await subscribe(p, b, ['cashier'])).json()).toEqual({ endpoint: b.endpoint, kinds: ['cashier'] });
    expect((await subscribe(p, b, ['cashier', 'yourTurn'], 'mn')).statusCode).toBe(200);
    const stored = await rows<{ user_id: number; kinds: string[]; language: string }>(
      ctx.services.db,
      sql`SELECT * FROM push_subscriptions WHERE endpoint = ${b.endpoint}`,
    );
    expect(stored).toEqual([expect.objectContaining({ user_id: p.userId, kinds: ['cashier', 'yourTurn'], language: 'mn' })]);
    for (const bad of [
      { endpoint: 'https://10.0.0.5/admin' },
      { endpoint: 'https://fcm.googleapis.com.evil.mn/x' },
      { kinds: [] },
      { kinds: ['spam'] },
      { kinds: ['cashier', 'cashier'] },
      { language: 'fr' },
      { endpoint: 'http://127.0.0.1/x' },
    ]) {
      const res = await ctx.call({
        method: 'PUT',
        url: `${PUSH}/subscription`,
        as: p,
        payload: { endpoint: b.endpoint, keys: b.keys, kinds: ['cashier'], language: 'en', ...bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Another player cannot remove it; its owner can.
    await ctx.call({ method: 'DELETE', url: `${PUSH}/subscription?endpoint=${encodeURIComponent(b.endpoint)}`, as: await ctx.player() });
    expect(await rows(ctx.services.db, sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${b.endpoint}`)).toHaveLength(1);
    const del = await ctx.call({ method: 'DELETE', url: `${PUSH}/subscription?endpoint=${encodeURIComponent(b.endpoint)}`, as: p });
    expect(del.json()).toEqual({ ok: true });
    expect(await rows(ctx.services.db, sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${b.endpoint}`)).toHaveLength(0);
    expect(errCode(await ctx.call({ method: 'GET', url: `${PUSH}/key` }))).toBe('UNAUTHORIZED');
    // Signing out everywhere forgets every browser of the player.
    await subscribe(p, b, ['cashier']);
    await subscribe(p, service.browser('/crud-2'), ['yourTurn']);
    expect((await ctx.call({ method: 'POST', url: '/api/v1/user/logout-all', as: p })).statusCode).toBe(200);
    expect(await rows(ctx.services.db, sql`SELECT 1 FROM push_subscriptions WHERE user_id = ${p.userId}`)).toHaveLength(0);
  });

  it('tells of a deposit and a withdrawal paid, in the subscriber language, only to who asked', async () => {
    const p = await ctx.player();
    const [cashier, turnsOnly] = [service.browser('/cashier'), service.browser('/turns-only')];
    await subscribe(p, cashier, ['cashier'], 'mn');
    await subscribe(p, turnsOnly, ['yourTurn']);
    await ctx.fund(p.userId, 25_000);
    await until(() => at('/cashier').length === 1);
    const [req] = at('/cashier');
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(req.headers.ttl).toBe('86400');
    expect(req.body.toString('utf8')).not.toContain('25');
    expect(cashier.read(req.body)).toEqual({ kind: 'cashier', url: '/profile?tab=deposit', title: 'Орлого орлоо', body: 'Таны үлдэгдэлд 25,000 ₮ нэмэгдлээ.' });

    const w = await ctx.call({ method: 'POST', url: '/api/v1/user/withdrawal', as: p, payload: { amount: 10_000 } });
    expect(w.statusCode).toBe(201);
    const admin = await ctx.admin();
    const approved = await ctx.call({ method: 'PUT', url: `/api/v1/admin/withdrawal/approve?withdrawalId=${w.json().id}`, as: admin, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    await until(() => at('/cashier').length === 2);
    expect(cashier.read(at('/cashier')[1].body)).toMatchObject({ url: '/profile?tab=withdraw', title: 'Мөнгө шилжүүллээ' });
    expect(at('/turns-only')).toHaveLength(0);
  });

  it('tells a player whose turn came at a table they do not watch; drops a subscription the service says is gone', async () => {
    const admin = await ctx.admin();
    const tableId = (await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Push Table') })).json().tableId as number;
    const [a, b] = [await ctx.player({ balance: 20_000 }), await ctx.player({ balance: 20_000 })];
    const [ba, bb] = [service.browser('/turn-a'), service.browser('/turn-b')];
    await subscribe(a, ba, ['yourTurn']);
    await subscribe(b, bb, ['yourTurn']);
    service.gone.add('/turn-b');
    await live(tableId).handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 0, buyIn: 5000 });
    await live(tableId).handle({ kind: 'sit', user: { userId: b.userId, username: b.username }, seat: 1, buyIn: 5000 });
    // Two hands, each folded by whoever acts first: heads-up, each player acts first once.
    const firsts: number[] = [];
    for (let tries = 0; firsts.length < 2 && tries < 20; tries++) {
      await settle(tableId);
      const hand = live(tableId).viewFor(null).hand;
      if (!hand || hand.toAct === null) continue;
      const userId = live(tableId).viewFor(null).seats[hand.toAct]!.userId;
      firsts.push(userId);
      await until(() => at(userId === a.userId ? '/turn-a' : '/turn-b').length >= firsts.filter((f) => f === userId).length);
      await live(tableId).handle({ kind: 'act', userId, action: { kind: 'fold' } });
    }
    expect(new Set(firsts)).toEqual(new Set([a.userId, b.userId]));
    expect(ba.read(at('/turn-a')[0].body)).toEqual({
      kind: 'yourTurn',
      url: `/table/${tableId}`,
      tag: `turn-${tableId}`,
      title: 'Your turn',
      body: 'It is your turn at Push Table.',
    });
    expect(at('/turn-a')[0].headers).toMatchObject({ urgency: 'high', ttl: '60' });
    // 410 Gone: b's browser is forgotten.
    const left = () => rows<{ endpoint: string }>(ctx.services.db, sql`SELECT endpoint FROM push_subscriptions WHERE user_id IN (${a.userId}, ${b.userId})`);
    for (let i = 0; i < 100 && (await left()).length > 1; i++) await new Promise((r) => setTimeout(r, 10));
    expect((await left()).map((r) => r.endpoint)).toEqual([ba.endpoint]);
  });

  it('tells nobody whose socket watches the table', async () => {
    const admin = await ctx.admin();
    const tableId = (await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Watched') })).json().tableId as number;
    const [c, d] = [await ctx.player({ balance: 20_000 }), await ctx.player({ balance: 20_000 })];
    await subscribe(c, service.browser('/watching'), ['yourTurn']);
    await subscribe(d, service.browser('/away'), ['yourTurn']);
    const socket = await sockets.signedIn(c);
    socket.send({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: 'watch' });
    await socket.next((m) => m.type === 'ACK' && m.requestId === 'watch');
    await live(tableId).handle({ kind: 'sit', user: { userId: c.userId, username: c.username }, seat: 0, buyIn: 5000 });
    await live(tableId).handle({ kind: 'sit', user: { userId: d.userId, username: d.username }, seat: 1, buyIn: 5000 });
    const firsts: number[] = [];
    for (let tries = 0; firsts.length < 2 && tries < 20; tries++) {
      await settle(tableId);
      const hand = live(tableId).viewFor(null).hand;
      if (!hand || hand.toAct === null) continue;
      const userId = live(tableId).viewFor(null).seats[hand.toAct]!.userId;
      firsts.push(userId);
      if (userId === d.userId) await until(() => at('/away').length >= 1);
      await live(tableId).handle({ kind: 'act', userId, action: { kind: 'fold' } });
    }
    expect(new Set(firsts)).toEqual(new Set([c.userId, d.userId]));
    await new Promise((r) => setTimeout(r, 100));
    expect(at('/watching')).toHaveLength(0);
    socket.close();
  });

  it("takes endpoints of the browsers' push services only, by default", () => {
    const known = (url: string) => onPushHost(url, PUSH_SERVICE_HOSTS);
    expect(known('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(known('https://web.push.apple.com/QG')).toBe(true);
    expect(known('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(known('https://wns2-par02p.notify.windows.com/w/?token=x')).toBe(true);
    expect(known('https://127.0.0.1/x')).toBe(false);
    expect(known('https://evilnotify.windows.com.attacker.mn/x')).toBe(false);
  });

  it('tells of a turn at one table at most once in 30 s', async () => {
    const p = await ctx.player();
    const b = service.browser('/quiet');
    await subscribe(p, b, ['yourTurn']);
    const turn = { tableId: 999_001, userId: p.userId, tableName: 'Quiet', tournamentId: null };
    expect(await ctx.services.push.yourTurn(turn, 1_000_000)).toBe(1);
    expect(await ctx.services.push.yourTurn(turn, 1_020_000)).toBe(0);
    expect(await ctx.services.push.yourTurn({ ...turn, tableId: 999_002 }, 1_020_000)).toBe(1);
    expect(await ctx.services.push.yourTurn(turn, 1_031_000)).toBe(1);
    expect(at('/quiet')).toHaveLength(3);
  });

  it('tells a registered player their tournament has started', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 20_000 });
    const browser = service.browser('/tournament');
    await subscribe(p, browser, ['tournamentStart'], 'mn');
    const created = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      as: admin,
      payload: { ...sixMaxSng('Naadam SNG', FAST_LEVELS), tableSize: 2, minEntrants: 2, maxEntrants: 2 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await ctx.call({ method: 'POST', url: `/api/v1/user/tournament/${id}/register`, as: p })).statusCode).toBe(201);
    expect((await ctx.call({ method: 'POST', url: `/api/v1/admin/tournament/${id}/bots`, as: admin, payload: { count: 1 } })).statusCode).toBe(200);
    await until(() => at('/tournament').length === 1);
    expect(browser.read(at('/tournament')[0].body)).toEqual({
      kind: 'tournamentStart',
      url: `/tournament/${id}`,
      tag: `tournament-${id}`,
      title: 'Таны тэмцээн эхэллээ',
      body: 'Naadam SNG эхэллээ: ширээндээ суугаарай.',
    });
  });
});
