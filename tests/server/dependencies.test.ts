// When a dependency fails: an instance whose Redis or PostgreSQL goes away stops starting hands,
// says so in /readyz and its log, and deals again by itself when they are back; no chip is lost.
// The outages are real: the instance's own redis-server is killed and started again, and its
// database connections go through a TCP relay that is cut and restored.
// On the embedded database there is nothing to lose: /readyz says ready, with Redis unused; a
// draining instance is alive but not ready, and refuses new sockets.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type Socket, connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DbHandle, isConnectionError, openDatabase, rows } from '../../src/server/db/client';
import { Ledger } from '../../src/server/core/ledger';
import { tableBody } from '../support/table-body';
import { setupApp } from './helpers/app';
import { type Server, api, freePort, killAll, sleep, startServer, until } from './helpers/child-server';
import { createPgDatabase, testDbKind } from './helpers/db';
import { Relay, throughRelay } from './helpers/relay';

const ADMIN = { username: 'depsadmin', password: 'Adm1nPassw0rd!' };

function startRedis(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}

const readyz = async (s: Server) => {
  const res = await fetch(`${s.base}/readyz`);
  return { status: res.status, body: (await res.json()) as { ready: boolean; database: string; redis: string; draining: boolean } };
};

if (testDbKind() === 'pglite') {
  describe('readiness on the embedded database', () => {
    const TOKEN = 'deps-test-metrics-token-0123456789';
    const ctx = setupApp({ metrics: { token: TOKEN, allow: ['10.0.0.0/8'] } });
    const health = (headers: Record<string, string> = {}, remoteAddress?: string) => ctx.app.inject({ method: 'GET', url: '/healthz', headers, remoteAddress });
    it('is ready, with Redis unused, and alive', async () => {
      const ready = await ctx.call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ ready: true, draining: false, database: 'up', redis: 'unused' });
      // Anyone learns that it is up, and nothing more: which tables it owns is for the operators.
      const alive = await health();
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({ ok: true, status: 'up' });
      expect((await health({ authorization: `Bearer ${TOKEN}x` })).json()).toEqual({ ok: true, status: 'up' });
      expect((await health({ authorization: `Bearer ${TOKEN}` })).json()).toMatchObject({
        ok: true,
        status: 'up',
        draining: false,
        tables: expect.any(Array),
        epochs: expect.any(Object),
      });
      expect((await health({}, '10.1.2.3')).json()).toMatchObject({ ok: true, draining: false, tables: expect.any(Array) });
    });

    it('once draining: alive, not ready, and new sockets are sent elsewhere', async () => {
      await ctx.app.live.drain();
      expect((await health({ authorization: `Bearer ${TOKEN}` })).json()).toMatchObject({ ok: true, draining: true });
      const ready = await ctx.call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ready: false, draining: true, database: 'up' });
      const socket = await ctx.call({ method: 'GET', url: '/api/v1/socket', headers: { connection: 'upgrade', upgrade: 'websocket' } });
      expect(socket.statusCode).toBe(503);
      expect(socket.json().error.code).toBe('MAINTENANCE');
      expect(socket.headers['retry-after']).toBe('1');
    });
  });
} else {
  describe('an instance whose Redis or PostgreSQL goes away', () => {
    let server: Server;
    let redis: ChildProcess;
    let redisPort = 0;
    let relay: Relay;
    let db: DbHandle;
    let drop: () => Promise<void>;
    let tableId = 0;

    const q = <T>(query: ReturnType<typeof sql>) => rows<T>(db.db as Database, query);
    const count = async (status: string) =>
      Number((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM hands WHERE table_id = ${tableId} AND status = ${status}`))[0].n);
    const allHands = async () => Number((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM hands WHERE table_id = ${tableId}`))[0].n);
    const dealsAgain = async (from: number) => until('hands dealt again', async () => (await count('settled')) >= from + 3, 30_000, 100);

    beforeAll(async () => {
      const created = await createPgDatabase();
      drop = created.drop;
      db = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
      const pg = new URL(created.url);
      relay = new Relay(await freePort(), { host: pg.hostname, port: Number(pg.port || 5432) });
      await relay.open();
      const relayed = new URL(created.url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(relay.port);
      redisPort = await freePort();
      redis = startRedis(redisPort);
      await until(
        'redis to answer',
        () =>
          new Promise<boolean>((r) =>
            connect(redisPort, '127.0.0.1')
              .once('connect', function (this: Socket) {
                this.destroy();
                r(true);
              })
              .once('error', () => r(false)),
          ),
        10_000,
        50,
      );
      server = await startServer({
        DATABASE_URL: relayed.toString(),
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_PREFIX: `deps-${randomBytes(4).toString('hex')}:`,
        // Longer than the outages: the instance keeps its table through them.
        LEASE_TTL_MS: '20000',
        LEASE_TICK_MS: '250',
        JWT_SECRET: 'deps-test-secret-that-is-long-enough-0123456',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      });
      const admin = (await api(server, 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;
      tableId = (await api(server, 'POST', '/api/v1/admin/table', admin, tableBody('Outages'))).tableId;
      // A new table is taken by an instance at its next lease tick: until then it is not found.
      await until(
        'the table to be taken',
        () =>
          api(server, 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, admin).then(
            () => true,
            () => false,
          ),
        20_000,
        100,
      );
      await dealsAgain(0);
    }, 300_000);

    afterEach(({ task }) => {
      if (task.result?.state === 'fail') console.log(server.output.join(''));
    });

    afterAll(async () => {
      killAll();
      redis?.kill('SIGKILL');
      await relay?.cut();
      await sleep(300);
      await db?.close();
      await drop?.().catch(() => undefined);
    });

    it('Redis gone: no new hand, not ready, said in the log; back: ready and dealing', { timeout: 120_000 }, async () => {
      expect(await readyz(server)).toMatchObject({ status: 200, body: { ready: true, redis: 'up', database: 'up' } });
      redis.kill('SIGKILL');
      await until('not ready', async () => (await readyz(server)).status === 503, 10_000, 50);
      expect((await readyz(server)).body).toMatchObject({ ready: false, redis: 'down', database: 'up' });
      // The hand in play finishes (the table's players are all here); then nothing starts.
      await until('the hand in play to end', async () => (await count('running')) === 0, 10_000, 50);
      const hands = await allHands();
      await sleep(2000);
      expect(await allHands()).toBe(hands);
      expect(server.output.join('')).toMatch(/redis unreachable: no new hand starts/);

      const settled = await count('settled');
      redis = startRedis(redisPort);
      await until('ready again', async () => (await readyz(server)).status === 200, 30_000, 100);
      await dealsAgain(settled);
    });

    it('PostgreSQL gone: not ready, no hand lost; back: ready and dealing, the ledger whole', { timeout: 120_000 }, async () => {
      const inPlay = await until(
        'a hand in play',
        async () => (await q<{ id: number }>(sql`SELECT id FROM hands WHERE table_id = ${tableId} AND status = 'running'`))[0]?.id,
        10_000,
        5,
      );
      await relay.cut();
      await until('not ready', async () => (await readyz(server)).status === 503, 15_000, 50);
      expect((await readyz(server)).body).toMatchObject({ ready: false, database: 'down' });
      await sleep(1500);
      await relay.open();
      await until('ready again', async () => (await readyz(server)).status === 200, 30_000, 100);
      expect(server.output.join('')).toMatch(/database unreachable: no new hand starts/);
      await dealsAgain(await count('settled'));
      // A hand cut off mid-way was voided (its settlement never reached the database) or settled;
      // none stays open apart from the one in play now, and no chip was created or lost.
      expect(await count('running')).toBeLessThanOrEqual(1);
      const [cutOff] = await q<{ status: string; moves: number }>(
        sql`SELECT status, (SELECT count(*)::int FROM transfers WHERE hand_id = ${inPlay}) AS moves FROM hands WHERE id = ${inPlay}`,
      );
      if (cutOff.status === 'voided') expect(cutOff.moves).toBe(0);
      else expect(cutOff.status).toBe('settled');
      expect((await new Ledger(db.db as Database).checkConservation()).ok).toBe(true);
    });
  });

  // The transaction fails and the process carries on: a client checked out of the pool had no
  // 'error' listener, and the unheard event ended the instance (the suite above lost its child
  // server to it once in CI, PostgreSQL cut mid-transaction).
  describe('a PostgreSQL connection lost mid-transaction', () => {
    it('fails that transaction, reports the lost connection, and the pool serves again once the database is back', async () => {
      const created = await createPgDatabase();
      const pg = new URL(created.url);
      const relay = new Relay(await freePort(), { host: pg.hostname, port: Number(pg.port || 5432) });
      await relay.open();
      const reported: unknown[] = [];
      const handle = await openDatabase({ databaseUrl: throughRelay(created.url, relay), poolSize: 2, onConnectionError: (e) => reported.push(e) });
      try {
        const inFlight = handle.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await tx.execute(sql`SELECT pg_sleep(5)`);
        });
        const outcome = inFlight.then(
          () => 'committed',
          (e: unknown) => e,
        );
        await sleep(300);
        await relay.cut();
        const failed = await outcome;
        expect(failed).not.toBe('committed');
        expect(isConnectionError(failed) || reported.some(isConnectionError)).toBe(true);
        await relay.open();
        const [row] = (await handle.db.execute(sql`SELECT 2 AS two`)).rows as Array<{ two: number }>;
        expect(Number(row.two)).toBe(2);
      } finally {
        await handle.close().catch(() => {});
        await relay.cut().catch(() => {});
        await created.drop();
      }
    });
  });
}
