// Two instances of one room on one database and one Redis: the per-address limits count for the
// room, a change made through one instance reaches the other's cached /me, and the players-online
// figure counts each user once whichever instances their sockets are on.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Presence } from '../../src/server/cluster/presence';
import { StatsService } from '../../src/server/room/stats';
import { TEST_PASSWORD, buildInstance, errCode, setupApp, type TestUser } from './helpers/app';
import { tableBody } from '../support/table-body';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(4).toString('hex')}:`;
const U = '/api/v1/user';
const LIMITS = { login: { max: 4, timeWindow: 60_000 }, register: { max: 3, timeWindow: 60_000 }, forgot: { max: 10_000, timeWindow: 60_000 } };
// A message between the instances goes through Redis: it is given this long (the cache's TTL is 30 s).
const BUS = { timeout: 2000, interval: 20 };

// Instance A is the harness's app; B shares its database, its Redis and its settings.
const ctx = setupApp({ redisUrl: REDIS_URL, redisPrefix: prefix, rateLimits: LIMITS, live: { betweenHands: 60_000 } });
let b: FastifyInstance;
let redis: Redis;

beforeAll(async () => {
  b = await buildInstance(ctx, { redisUrl: REDIS_URL, redisPrefix: prefix, rateLimits: LIMITS, live: { betweenHands: 60_000 } });
  await b.ready();
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await b?.close();
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const on =
  (app: () => FastifyInstance) =>
  ({ as, headers, ...rest }: InjectOptions & { as?: TestUser | null }): Promise<LightMyRequestResponse> =>
    app().inject({ ...rest, headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...headers } } as InjectOptions);
const callA = on(() => ctx.app);
const callB = on(() => b);
const meOn = (call: typeof callA, as: TestUser) => call({ method: 'GET', url: `${U}/me`, as });

describe('per-address limits hold for the room', () => {
  it('logins split over both instances reach the limit together', async () => {
    const remoteAddress = '198.51.100.7';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await (i % 2 === 0 ? callA : callB)({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: `nobody_${prefix.slice(5, 13)}_${i}`, password: 'whatever1' },
        remoteAddress,
      });
      if (r.statusCode === 429) expect(errCode(r)).toBe('RATE_LIMITED');
      codes.push(r.statusCode);
    }
    // Four in all (two on each instance), then both refuse.
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    // Another address is not affected.
    const other = await callB({
      method: 'POST',
      url: `${U}/login`,
      payload: { username: 'nobody_else', password: 'whatever1' },
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(401);
  });

  it('registrations split over both instances reach the limit together', async () => {
    const remoteAddress = '198.51.100.9';
    const tag = randomBytes(3).toString('hex');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const username = `reg${tag}${i}`;
      const r = await (i % 2 === 0 ? callA : callB)({
        method: 'POST',
        url: `${U}/register`,
        payload: {
          username,
          email: `${username}@example.mn`,
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
          adult: true,
          bank: 'KHAN',
          accountNumber: '1234567890',
        },
        remoteAddress,
      });
      codes.push(r.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429]);
  });

  it('the counts live under the room prefix in Redis', async () => {
    const keys = await redis.keys(`${prefix}rate:*`);
    expect(keys.some((k) => k.includes('/api/v1/user/login') && k.endsWith('198.51.100.7'))).toBe(true);
  });
});

describe("a change through one instance reaches the other's cached /me", () => {
  it('a deposit', async () => {
    const p = await ctx.player({ balance: 1_000 });
    expect((await meOn(callB, p)).json().balance).toBe(1_000); // cached on B now
    const admin = await ctx.admin();
    expect((await callA({ method: 'POST', url: '/api/v1/admin/deposit', as: admin, payload: { userId: p.userId, amount: 5_000 } })).statusCode).toBe(201);
    await expect.poll(async () => (await meOn(callB, p)).json().balance, BUS).toBe(6_000);
  });

  it('a profile change', async () => {
    const p = await ctx.player();
    expect((await meOn(callB, p)).json().bank).toBe('KHAN');
    const res = await callA({ method: 'PATCH', url: `${U}/me`, as: p, payload: { bank: 'GOLOMT', accountNumber: '99999999', currentPassword: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await meOn(callB, p)).json().accountNumber, BUS).toBe('99999999');
  });

  it('a role change', async () => {
    const p = await ctx.player();
    expect((await meOn(callB, p)).json().role).toBe('PLAYER');
    const admin = await ctx.admin();
    const res = await callA({ method: 'PATCH', url: `/api/v1/admin/user/role?userId=${p.userId}`, as: admin, payload: { role: 'ADMIN' } });
    expect(res.statusCode).toBe(200);
    // The old token is dead on B too; a token of the new version (as a new sign-in gives) works
    // on B at once and carries the new role.
    await expect.poll(async () => (await meOn(callB, p)).statusCode, BUS).toBe(401);
    const fresh = { ...p, token: await ctx.services.tokens.sign({ userId: p.userId, tokenVersion: 1 }) };
    const me = await meOn(callB, fresh);
    expect(me.statusCode).toBe(200);
    expect(me.json().role).toBe('ADMIN');
  });

  it('a password change: the old token no longer works on B, the fresh one does', async () => {
    const p = await ctx.player();
    expect((await meOn(callB, p)).statusCode).toBe(200);
    const res = await callA({ method: 'PATCH', url: `${U}/me`, as: p, payload: { password: 'N3wPassword!', currentPassword: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    // The old token first: a read with the fresh one would refresh B's copy by itself.
    await expect.poll(async () => (await meOn(callB, p)).statusCode, BUS).toBe(401);
    const fresh = { ...p, token: res.json().accessToken as string };
    expect((await meOn(callB, fresh)).statusCode).toBe(200);
  });

  it("a token newer than B's copy is checked against the database, even before the message arrives", async () => {
    const p = await ctx.player();
    expect((await meOn(callB, p)).statusCode).toBe(200);
    // A change no instance announced: B's copy still says version 0.
    await ctx.services.db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${p.userId}`);
    const fresh = { ...p, token: await ctx.services.tokens.sign({ userId: p.userId, tokenVersion: 1 }) };
    // The token check of any route, then /me (each would refuse the token on the copy's version).
    expect((await callB({ method: 'GET', url: `${U}/2fa`, as: fresh })).statusCode).toBe(200);
    expect((await meOn(callB, fresh)).statusCode).toBe(200);
  });
});

describe('players online across instances', () => {
  const started: Presence[] = [];
  const presence = (instanceId: string, ids: () => number[], extra: Partial<ConstructorParameters<typeof Presence>[1]> = {}) => {
    const p = new Presence(REDIS_URL, { prefix, instanceId, onlineUserIds: ids, cacheMs: 0, ...extra });
    started.push(p);
    return p;
  };
  // Each case starts from an empty room: its instances leave with it.
  afterEach(async () => {
    for (const p of started.splice(0)) await p.stop();
  });

  it('counts each user once, whichever instances they are on', async () => {
    let onA = [1, 2, 3];
    const onB = [3, 4];
    const a = presence('a', () => onA);
    const b = presence('b', () => onB);
    await a.start();
    await b.start();
    expect(await a.count()).toBe(4);
    expect(await b.count()).toBe(4);
    // This instance's own sockets count at once; the other's at its next refresh.
    onA = [1];
    expect(await a.count()).toBe(3);
    await b.stop();
    expect(await a.count()).toBe(1);
  });

  it("a killed instance's users drop out when its set expires", async () => {
    const client = new Redis(REDIS_URL);
    const a = presence('k1', () => [10, 11]);
    const killed = new Presence(client, { prefix, instanceId: 'k2', onlineUserIds: () => [11, 12, 13], ttlMs: 500, refreshMs: 100 });
    started.push(killed);
    await a.start();
    await killed.start();
    expect(await a.count()).toBe(4);
    client.disconnect(); // no more refreshes, no clean stop
    await expect.poll(() => a.count(), { timeout: 3000, interval: 100 }).toBe(2);
    expect(await redis.sismember(`${prefix}presence`, 'k2')).toBe(0);
  });

  it('keeps an answer for cacheMs', async () => {
    let now = 0;
    let ids = [20];
    const a = presence('c', () => ids, { cacheMs: 1500, now: () => now });
    expect(await a.count()).toBe(1);
    ids = [20, 21];
    now = 1000;
    expect(await a.count()).toBe(1);
    now = 1600;
    expect(await a.count()).toBe(2);
  });

  it("reaches the administrators' dashboard on either instance", async () => {
    const pa = presence('dash-a', () => [31, 32]);
    const pb = presence('dash-b', () => [32, 33, 34]);
    await pb.start();
    // The dashboard's service as the composition root builds it with Redis: given the room-wide count.
    const stats = new StatsService(ctx.services.db, ctx.services.ledger, () => pa.count());
    expect((await stats.get(7)).playersOnline).toBe(4);
  });
});

describe('a table created through one instance', () => {
  it('can be put into simulation through the other one at once (it waits for the owner, it does not answer 404)', async () => {
    const admin = await ctx.admin();
    const created = await callA({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Made on A') });
    expect(created.statusCode, created.body).toBe(201);
    const tableId = created.json().tableId as number;
    const sim = await callB({ method: 'PUT', url: `/api/v1/admin/table/simulate?tableId=${tableId}`, as: admin });
    expect(sim.statusCode, sim.body).toBe(200);
    expect(sim.json()).toMatchObject({ tableId, simulation: true });
    await callA({ method: 'DELETE', url: `/api/v1/admin/table/simulate?tableId=${tableId}`, as: admin });
    // A table that does not exist is still a plain 404, at once.
    const missing = await callB({ method: 'PUT', url: '/api/v1/admin/table/simulate?tableId=987654', as: admin });
    expect(missing.statusCode).toBe(404);
  });
});
