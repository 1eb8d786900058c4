// One room on three server processes sharing one PostgreSQL and one Redis (docs/deploy.md): players
// on different instances at one table, the owner killed with SIGKILL, the owner paused past its
// lease with SIGSTOP, and a rolling restart. Leases are short here (3 s) so takeovers are quick.
// On the embedded database the cluster is refused at start, with its reason.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DbHandle, openDatabase, rows } from '../../src/server/db/client';
import { Ledger } from '../../src/server/core/ledger';
import { type Server, api, kill, killAll, sleep, startServer, until } from './helpers/child-server';
import { createPgDatabase, testDbKind } from './helpers/db';
import { SocketPlayer } from './helpers/socket-player';
import { tableBody } from '../support/table-body';

const KIND = testDbKind();
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { username: 'clusteradmin', password: 'Adm1nPassw0rd!' };
const PASSWORD = 'Passw0rd!x';
const BUY_IN = 10_000;
const LEASE_TTL_MS = 3000;
/** /healthz names the tables an instance owns only to the metrics token. */
const METRICS_TOKEN = 'cluster-test-metrics-token-0123456789';
const METRICS = { headers: { authorization: `Bearer ${METRICS_TOKEN}` } };
/** Hands the three players play across the instances (CLUSTER_HANDS overrides). */
const HANDS = Number(process.env.CLUSTER_HANDS ?? 100);
/** Card codes as they appear in frames (single, or runs as in PHH). */
const CARD_RUN = /(?<![0-9A-Za-z])(?:[2-9TJQKA][cdhs])+(?![0-9A-Za-z])/g;
const cardCodes = (text: string) => (text.match(CARD_RUN) ?? []).flatMap((run) => run.match(/../g) ?? []);

if (KIND === 'pglite') {
  describe('cluster settings on the embedded database', () => {
    it('refuse to start, saying why', async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
        cwd: `${__dirname}/../..`,
        env: { ...process.env, REDIS_URL, DATABASE_URL: '', PORT: '0', DATA_DIR: `/tmp/never-${randomBytes(4).toString('hex')}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stderr.on('data', (d) => (out += String(d)));
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      expect(code).toBe(1);
      expect(out).toMatch(/REDIS_URL is set without DATABASE_URL/);
    });
  });
} else {
  describe('three instances on one PostgreSQL and one Redis', () => {
    const servers: Server[] = [];
    let env: Record<string, string>;
    let db: DbHandle;
    let drop: () => Promise<void>;
    let admin = '';
    let tableId = 0;
    const players: SocketPlayer[] = [];
    const seats = [0, 2, 4];

    const q = <T>(query: ReturnType<typeof sql>) => rows<T>(db.db as Database, query);
    const owner = async () => (await q<{ owner: string; epoch: number }>(sql`SELECT owner, epoch FROM table_leases WHERE table_id = ${tableId}`))[0];
    const instanceOf = async (s: Server) => ((await (await fetch(`${s.base}/healthz`, METRICS)).json()) as { instance: string; tables: number[] }).instance;
    /** The epoch at which `s` holds the table, if it does. */
    const heldAt = async (s: Server) => ((await (await fetch(`${s.base}/healthz`, METRICS)).json()) as { epochs: Record<string, number> }).epochs[tableId];
    const settled = async () =>
      Number((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM hands WHERE table_id = ${tableId} AND status = 'settled'`))[0].n);
    const running = async () => (await q<{ id: number }>(sql`SELECT id FROM hands WHERE table_id = ${tableId} AND status = 'running'`))[0]?.id;
    const conservation = () => new Ledger(db.db as Database).checkConservation();
    const transfersOf = async (handId: number) =>
      Number((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM transfers WHERE hand_id = ${handId}`))[0].n);
    const seatedHumans = async () =>
      (await q<{ user_id: number }>(sql`SELECT user_id FROM table_seats WHERE table_id = ${tableId} AND NOT is_bot ORDER BY user_id`)).map((r) => r.user_id);
    const serverOf = async (instance: string) => {
      for (const s of servers) if ((await instanceOf(s).catch(() => null)) === instance) return s;
      throw new Error(`no server is instance ${instance}`);
    };
    /**
     * Freezes the table's owner (SIGSTOP) while a hand is in play there; returns the owner, its
     * lease and the hand. (Tables move between instances when one joins: the owner is read again
     * once frozen.)
     */
    const freezeOwnerMidHand = async () => {
      for (let i = 0; i < 30; i++) {
        const before = await owner();
        const s = await serverOf(before.owner);
        await until('a hand in play', running, 30_000, 10);
        s.child.kill('SIGSTOP');
        await sleep(200); // a statement already sent may still commit
        const handId = await running();
        const now = await owner();
        if (handId !== undefined && now.owner === before.owner && now.epoch === before.epoch) return { server: s, before, handId };
        s.child.kill('SIGCONT');
        await sleep(300);
      }
      throw new Error('never froze the owner in the middle of a hand');
    };
    /**
     * The hand in play when its owner froze: voided by the next owner, with no chip moved; or,
     * when the owner's settlement was already on its way to the database, settled at its epoch.
     */
    const expectVoidedOrSettledBy = async (handId: number, epoch: number) => {
      const [h] = await q<{ status: string; epoch: number | null }>(sql`SELECT status, epoch FROM hands WHERE id = ${handId}`);
      if (h.status === 'settled') expect(h.epoch).toBe(epoch);
      else {
        expect(h.status).toBe('voided');
        expect(await transfersOf(handId)).toBe(0);
      }
      const stillRunning = await q<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM hands WHERE table_id = ${tableId} AND status = 'running' AND epoch = ${epoch}`,
      );
      expect(stillRunning[0].n).toBe(0);
    };
    /** Waits until another instance than `old` holds the table's lease. */
    const newOwner = (old: string) =>
      until(
        'another owner',
        async () => {
          const o = await owner();
          return o.owner !== old && o;
        },
        30_000,
        50,
      );
    /** Moves the players that were on `gone` to another live server. */
    const rehome = async (gone: Server) => {
      const others = servers.filter((s) => s !== gone);
      for (const [i, p] of players.entries()) if (p.url === gone.ws) await p.join(others[i % others.length].ws, seats[i]);
    };

    beforeAll(async () => {
      const created = await createPgDatabase();
      drop = created.drop;
      db = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
      env = {
        DATABASE_URL: created.url,
        REDIS_URL,
        REDIS_PREFIX: `cluster-${randomBytes(4).toString('hex')}:`,
        LEASE_TTL_MS: String(LEASE_TTL_MS),
        LEASE_TICK_MS: '250',
        JWT_SECRET: 'cluster-test-secret-that-is-long-enough-0123',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        DRAIN_TIMEOUT_MS: '30000',
        METRICS_TOKEN,
      };
      servers.push(await startServer(env));
      servers.push(...(await Promise.all([startServer(env), startServer(env)])));
      admin = (await api(servers[0], 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;
      tableId = (await api(servers[0], 'POST', '/api/v1/admin/table', admin, tableBody('Cluster'))).tableId;
    }, 300_000);

    // What the instances said, when something failed.
    afterEach(({ task }) => {
      if (task.result?.state === 'fail') for (const sv of servers) console.log(`--- ${sv.base}\n${sv.output.join('')}`);
    });

    afterAll(async () => {
      for (const p of players) p.close();
      killAll();
      await sleep(300);
      await db?.close();
      await drop?.().catch(() => undefined);
    });

    it(
      `players on three instances play ${HANDS} hands at one table; chat, balances and the jackpot reach all; no unseen card`,
      { timeout: 300_000 },
      async () => {
        for (const [i, s] of servers.entries()) {
          const name = `cl${i}${randomBytes(3).toString('hex')}`;
          const reg = await api(s, 'POST', '/api/v1/user/register', null, {
            email: `${name}@example.mn`,
            username: name,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            adult: true,
            bank: 'KHAN',
            accountNumber: '1234567890',
          });
          await api(servers[0], 'POST', '/api/v1/admin/deposit', admin, { userId: reg.user.userId, amount: 5_000_000 });
          const p = new SocketPlayer(reg.user.userId, reg.accessToken, tableId, BUY_IN);
          await p.join(s.ws, seats[i]);
          players.push(p);
        }
        // The table lives on one instance; at least two of the players are on others.
        const o = await owner();
        const ownerServer = await serverOf(o.owner);
        expect(players.filter((p) => p.url !== ownerServer.ws).length).toBeGreaterThanOrEqual(2);

        await until(`${HANDS} settled hands`, async () => (await settled()) >= HANDS, 240_000, 500);

        // Table chat from one instance reaches the players on the two others.
        const text = `hello ${randomBytes(3).toString('hex')}`;
        expect((await players[0].request({ type: 'CHAT_MESSAGE', data: { text, tableId } })).type).toBe('ACK');
        for (const p of players.slice(1))
          await until('the chat message', () => p.messages.some((m) => m.type === 'CHAT_MESSAGE' && m.data.text === text), 10_000);
        // A deposit made through the first instance reaches the player on the third.
        await api(servers[0], 'POST', '/api/v1/admin/deposit', admin, { userId: players[2].userId, amount: 777 });
        await until('the balance update', () => players[2].messages.some((m) => m.type === 'BALANCE_UPDATE'), 10_000);
        // The jackpot grows with raked pots at the owner; every player hears of it.
        for (const p of players) expect(p.messages.some((m) => m.type === 'GAME' && m.action === 'JACKPOT_UPDATE')).toBe(true);

        // Secrecy: every card a player received was its own, on the board or shown at showdown.
        const hands = await q<{ id: number; summary: { board: string[]; players: Array<{ userId: number; cards: string[]; shown: boolean }> } }>(
          sql`SELECT id, summary FROM hands WHERE table_id = ${tableId} AND status = 'settled' ORDER BY id`,
        );
        const allowed = (userId: number) => {
          const by = new Map<number, Set<string>>();
          let previous = new Set<string>();
          for (const h of hands) {
            const mine = h.summary.players.find((p) => p.userId === userId)?.cards ?? [];
            const pub = [...h.summary.board, ...h.summary.players.filter((p) => p.shown).flatMap((p) => p.cards)];
            // A frame of a hand may still show the last one's result.
            by.set(h.id, new Set([...previous, ...mine, ...pub]));
            previous = new Set([...mine, ...pub]);
          }
          return by;
        };
        let checked = 0;
        for (const p of players) {
          const ok = allowed(p.userId);
          for (const f of p.frames) {
            if (f.handId === null || !ok.has(f.handId)) continue;
            for (const c of cardCodes(f.text)) expect(ok.get(f.handId)!.has(c), `user ${p.userId} got ${c} in hand ${f.handId}`).toBe(true);
            checked++;
          }
        }
        expect(checked).toBeGreaterThan(HANDS);
        expect(await conservation()).toMatchObject({ ok: true, total: 0 });
      },
    );

    it(
      'kill -9 of the owner mid-hand: another instance takes the table within the lease time, voids that hand once, and deals on to the same players',
      { timeout: 180_000 },
      async () => {
        const humans = await seatedHumans();
        const { server: victim, before, handId } = await freezeOwnerMidHand();
        await kill(victim);
        const killedAt = Date.now();
        servers.splice(servers.indexOf(victim), 1);
        await rehome(victim);
        const after = await newOwner(before.owner);
        const takeoverMs = Date.now() - killedAt;
        expect(takeoverMs).toBeLessThan(LEASE_TTL_MS + 5_000);
        expect(after.epoch).toBeGreaterThan(before.epoch);
        await expectVoidedOrSettledBy(handId, before.epoch);
        const base = await settled();
        await until('hands after the takeover', async () => (await settled()) >= base + 5, 60_000, 200);
        expect(await seatedHumans()).toEqual(humans);
        expect(await conservation()).toMatchObject({ ok: true, total: 0 });
        console.log(`[cluster] takeover after kill -9 in ${takeoverMs} ms (lease ${LEASE_TTL_MS} ms)`);
        servers.push(await startServer(env));
      },
    );

    it('SIGSTOP of the owner past its lease: another takes over, and the resumed owner writes nothing and steps down', { timeout: 180_000 }, async () => {
      const { server: paused, before, handId } = await freezeOwnerMidHand();
      let after: { owner: string; epoch: number };
      let takenAt: string;
      try {
        // Its players' sockets hang: their clients go elsewhere, as a browser would on a dead socket.
        await rehome(paused);
        after = await newOwner(before.owner);
        takenAt = new Date().toISOString();
        const base = await settled();
        await until('hands after the takeover', async () => (await settled()) >= base + 3, 60_000, 200);
      } finally {
        paused.child.kill('SIGCONT');
      }
      // Its timers fire, its bots act, it tries to settle the hand it had: the database refuses.
      // (It may take the table again later, rebalancing, but at a new epoch.)
      await until('the old owner to step down', async () => (await heldAt(paused)) !== before.epoch, 20_000, 100);
      await sleep(1000);
      await expectVoidedOrSettledBy(handId, before.epoch);
      // Nothing was written with the old epoch once the new one existed: no hand, no chip.
      const late = await q<{ hands: number; moves: number }>(
        sql`SELECT (SELECT count(*)::int FROM hands WHERE table_id = ${tableId} AND epoch = ${before.epoch} AND ended_at >= ${takenAt}::timestamptz) AS hands,
          (SELECT count(*)::int FROM transfers WHERE table_id = ${tableId} AND epoch = ${before.epoch} AND created_at >= ${takenAt}::timestamptz) AS moves`,
      );
      expect(late[0]).toEqual({ hands: 0, moves: 0 });
      expect(after!.epoch).toBeGreaterThan(before.epoch);
      expect(await conservation()).toMatchObject({ ok: true, total: 0 });
    });

    it('a rolling restart of all three instances voids no hand', { timeout: 300_000 }, async () => {
      const voided = async () => Number((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM hands WHERE status = 'voided'`))[0].n);
      const voidedBefore = await voided();
      const settledBefore = await settled();
      for (let i = 0; i < 3; i++) {
        const old = servers[0];
        await until('a hand in play', running, 30_000, 20);
        old.child.kill('SIGTERM');
        expect(await old.exited).toBe(0);
        servers.shift();
        await rehome(old);
        servers.push(await startServer(env));
      }
      await until('hands after the restart', async () => (await settled()) >= settledBefore + 10, 60_000, 200);
      expect(await voided()).toBe(voidedBefore);
      expect(await conservation()).toMatchObject({ ok: true, total: 0 });
    });
  });
}
