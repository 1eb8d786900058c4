// A session ends on every socket at once: after log-out-everywhere, a password change, a role
// change or a deletion, sockets signed in earlier become anonymous watchers (they can neither
// chat nor sit), on this instance and, through Redis, on every other; every action is checked
// against the current session even if that message was missed. Sockets are capped per address,
// idle ones closed, and every ERROR carries its requestId.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { buildInstance, setupApp, TEST_PASSWORD, type TestUser } from './helpers/app';
import { createTable } from './helpers/tables';
import { connect, listenForSockets, socketUrl, type TestSocket } from './helpers/ws';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(4).toString('hex')}:`;
const onPg = process.env.TEST_DB === 'pg';

// On PostgreSQL the room runs on Redis (the bus between instances); on PGlite in one process.
const logs: Array<{ level: number; msg?: string }> = [];
const ctx = setupApp({
  logger: { level: 'warn', stream: { write: (line: string) => void logs.push(JSON.parse(line)) } },
  ...(onPg ? { redisUrl: REDIS_URL, redisPrefix: prefix } : {}),
  live: { betweenHands: 60_000, socketLimits: { game: [40, 20], chat: [20, 10], anonymousPerAddress: 6, perAddress: 12, idleMs: 400 } },
});
const sockets = listenForSockets(ctx);
let tableId = 0;

beforeAll(async () => {
  tableId = await createTable(ctx, 'Sessions', { smallBlind: 10, bigBlind: 20, minBuyIn: 400, maxBuyIn: 4000, rakeCap: 100 });
});

/** A socket signed in as `user`, watching the file's table. */
async function signedIn(user: TestUser, at = sockets.url): Promise<TestSocket> {
  const s = await sockets.signedIn(user, at);
  s.send({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: 'sub' });
  await s.next((m) => m.type === 'ACK' && m.requestId === 'sub');
  return s;
}

const isError = (code: string, requestId?: string) => (m: ServerMessage) =>
  m.type === 'ERROR' && m.code === code && (requestId === undefined || m.requestId === requestId);

/** After its session ended, a socket can neither sit nor chat and watches as a stranger. */
async function expectEnded(s: TestSocket, user: TestUser): Promise<void> {
  await s.next(isError('SESSION_ENDED'));
  const state = await s.next((m) => m.type === 'GAME' && m.action === 'TABLE_STATE');
  expect((state as { state: { mySeat: number | null } }).state.mySeat ?? null).toBeNull();
  s.send({ type: 'GAME', action: 'SIT', tableId, requestId: 'sit', seat: 5, buyIn: 800 });
  await s.next(isError('UNAUTHORIZED', 'sit'));
  s.send({ type: 'CHAT_MESSAGE', data: { text: 'still here' }, requestId: 'chat' });
  await s.next(isError('UNAUTHORIZED', 'chat'));
  // Nothing moved: the user is not seated and has the whole balance.
  expect(ctx.app.live.registry.get(tableId)!.seatOf(user.userId)).toBeNull();
}

describe('sessions end on every socket', () => {
  it('log out everywhere', async () => {
    const p = await ctx.player({ balance: 10_000 });
    const [a, b] = [await signedIn(p), await signedIn(p)];
    expect((await ctx.call({ method: 'POST', url: '/api/v1/user/logout-all', as: p })).statusCode).toBe(200);
    await expectEnded(a, p);
    await expectEnded(b, p);
    // The old token cannot sign a socket in again.
    a.send({ type: 'AUTH', token: p.token, requestId: 'again' });
    await a.next(isError('UNAUTHORIZED', 'again'));
  });

  it('a password change', async () => {
    const p = await ctx.player({ balance: 10_000 });
    const s = await signedIn(p);
    const res = await ctx.call({ method: 'PATCH', url: '/api/v1/user/me', as: p, payload: { password: 'N3wPassword!', currentPassword: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    await expectEnded(s, p);
  });

  it('a role change and a deletion', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 10_000 });
    const s = await signedIn(p);
    expect((await ctx.call({ method: 'PATCH', url: `/api/v1/admin/user/role?userId=${p.userId}`, as: admin, payload: { role: 'ADMIN' } })).statusCode).toBe(
      200,
    );
    await expectEnded(s, p);

    const q = await ctx.player();
    const t = await signedIn(q);
    expect((await ctx.call({ method: 'DELETE', url: `/api/v1/admin/user?userId=${q.userId}`, as: admin })).statusCode).toBe(200);
    await expectEnded(t, q);
  });

  it('every action is checked against the current session, even when the message was missed', async () => {
    const p = await ctx.player({ balance: 10_000 });
    const s = await signedIn(p);
    // A change this instance did not hear of (as if written by another instance whose message was lost).
    await ctx.services.db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${p.userId}`);
    ctx.services.users.meCache.invalidate(p.userId);
    s.send({ type: 'GAME', action: 'SIT', tableId, requestId: 'sit1', seat: 4, buyIn: 800 });
    await s.next(isError('UNAUTHORIZED', 'sit1'));
    await s.next(isError('SESSION_ENDED'));
    expect(ctx.app.live.registry.get(tableId)!.seatOf(p.userId)).toBeNull();
    const me = await ctx.services.users.me(p.userId);
    expect(me!.balance).toBe(10_000);
  });

  it.runIf(onPg)('reaches a socket held by another instance (Redis)', async () => {
    // A second instance of the room on the same PostgreSQL and Redis.
    const other: FastifyInstance = await buildInstance(ctx, { redisUrl: REDIS_URL, redisPrefix: prefix, live: { betweenHands: 60_000 } });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const otherUrl = socketUrl(other);
      const p = await ctx.player({ balance: 10_000 });
      const s = await signedIn(p, otherUrl);
      // The other instance has the user cached now; the log-out happens on this one.
      expect((await ctx.call({ method: 'POST', url: '/api/v1/user/logout-all', as: p })).statusCode).toBe(200);
      await s.next(isError('SESSION_ENDED'));
      s.send({ type: 'CHAT_MESSAGE', data: { text: 'hi' }, requestId: 'c' });
      await s.next(isError('UNAUTHORIZED', 'c'));
      s.send({ type: 'AUTH', token: p.token, requestId: 'again' });
      await s.next(isError('UNAUTHORIZED', 'again'));
      s.close();
    } finally {
      await other.close();
    }
  });
});

describe('socket limits', () => {
  beforeAll(async () => {
    // The sockets of the tests above are closed first so the counts start from zero.
    for (const s of sockets.open.splice(0)) s.close();
    await new Promise((r) => setTimeout(r, 200));
  });

  it('closes a socket that neither signs in nor watches', async () => {
    const idle = await sockets.connect();
    const watching = await sockets.connect();
    watching.send({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: 'w' });
    await watching.next((m) => m.type === 'ACK');
    expect((await idle.closed).code).toBe(4008);
    await new Promise((r) => setTimeout(r, 300));
    expect(watching.ws.readyState).toBe(watching.ws.OPEN);
    watching.close();
  });

  it('caps the anonymous sockets of one address, and all of them', async () => {
    const anon: TestSocket[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await connect(sockets.url);
      s.send({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: `s${i}` });
      anon.push(s);
    }
    await expect(connect(sockets.url)).rejects.toThrow('HTTP 429');
    // Signed-in sockets count against the higher cap only.
    const p = await ctx.player();
    anon[0].send({ type: 'AUTH', token: p.token, requestId: 'a' });
    await anon[0].next((m) => m.type === 'ACK' && m.requestId === 'a');
    const more = await connect(sockets.url);
    anon.push(more);
    await expect(connect(sockets.url)).rejects.toThrow('HTTP 429');
    for (const s of anon) s.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = await connect(sockets.url);
    again.close();
  });

  it('an oversized frame closes the socket with a warning, not an error', async () => {
    const s = await connect(sockets.url);
    const before = logs.length;
    s.sendRaw(JSON.stringify({ type: 'CHAT_MESSAGE', data: { text: 'x'.repeat(20_000) } }));
    expect((await s.closed).code).toBe(1009);
    await new Promise((r) => setTimeout(r, 50));
    const fresh = logs.slice(before);
    expect(fresh.some((l) => l.level === 40 && /bad frame/.test(l.msg ?? ''))).toBe(true);
    expect(fresh.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('an unexpected failure answers ERROR INTERNAL with the requestId', async () => {
    const p = await ctx.player();
    const s = await signedIn(p);
    const chat = ctx.services.chat;
    const post = chat.post;
    chat.post = async () => {
      throw new Error('boom');
    };
    try {
      s.send({ type: 'CHAT_MESSAGE', data: { text: 'hello' }, requestId: 'r-42' });
      await s.next(isError('INTERNAL', 'r-42'));
    } finally {
      chat.post = post;
    }
    s.close();
  });
});
