// SIGKILL in the middle of hands, for real: the server runs as a child process with fast bots and
// human players on real sockets; it is killed at random moments, the database is read as the
// kill left it, the server restarts, and the recovery must void the open hands, give everyone
// exactly the chips they had at each hand's start, keep them seated, and keep every tugrik
// accounted for.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rows } from '../../src/server/db/client';
import { Ledger } from '../../src/server/core/ledger';
import { type Server, api, kill, killAll, randomInt, sleep, startServer, until } from './helpers/child-server';
import { PG_ADMIN_URL, createPgDatabase, pgliteDataDir, testDbKind } from './helpers/db';
import { SocketPlayer } from './helpers/socket-player';
import { tableBody } from '../support/table-body';

const KIND = testDbKind();
/** Kills per run (CRASH_KILLS overrides). The full run is on PostgreSQL; the embedded database
 * (slow to restart: WASM start and recovery) gets a short smoke of the same checks. */
const KILLS = Number(process.env.CRASH_KILLS ?? (process.env.TEST_DB === 'pg' ? 6 : 2));
const JWT = 'crash-test-secret-that-is-long-enough-0123456789';
const ADMIN = { username: 'crashadmin', password: 'Adm1nPassw0rd!' };
const PASSWORD = 'Passw0rd!x';
const BUY_IN = 10_000;

// ---- reading the database as it is ----

interface Snapshot {
  humans: Map<number, { available: number; hold: number; table: number; fromTransfers: number }>;
  tableChips: Map<string, number>;
  running: Array<{
    id: number;
    tableId: number;
    startedAt: string;
    players: Array<{ userId: number; seat: number; stack: number }>;
    rechargedSince: Map<number, number>;
  }>;
  statusOf: Map<number, string>;
  handCounts: { running: number; settled: number; voided: number };
  tableTotal: number;
  potTotal: number;
  seats: number;
  /** Humans with a seat (table_seats). */
  seatedHumans: number[];
  voidedWithTransfers: number;
  conservation: Awaited<ReturnType<Ledger['checkConservation']>>;
}

async function readSnapshot(db: Database, humans: number[], watch: number[]): Promise<Snapshot> {
  type R = Record<string, unknown>;
  const accounts = await rows<R>(db, sql`SELECT user_id, kind, table_id, balance FROM accounts`);
  const h = new Map<number, { available: number; hold: number; table: number; fromTransfers: number }>();
  for (const u of humans) h.set(u, { available: 0, hold: 0, table: 0, fromTransfers: 0 });
  const tableChips = new Map<string, number>();
  let tableTotal = 0;
  let potTotal = 0;
  for (const a of accounts) {
    const bal = Number(a.balance);
    if (a.kind === 'table') {
      tableTotal += bal;
      tableChips.set(`${a.user_id}:${a.table_id}`, bal);
    }
    if (a.kind === 'pot') potTotal += bal;
    const mine = a.user_id === null ? undefined : h.get(Number(a.user_id));
    if (!mine) continue;
    if (a.kind === 'available') mine.available += bal;
    else if (a.kind === 'withdrawal_hold') mine.hold += bal;
    else if (a.kind === 'table') mine.table += bal;
  }
  // What each human should own from the outside in: deposits and settled results only.
  const flows = await rows<R>(
    db,
    sql`
    SELECT u.id AS user_id,
      coalesce(sum(CASE WHEN ca.user_id = u.id THEN t.amount ELSE 0 END), 0)::bigint - coalesce(sum(CASE WHEN da.user_id = u.id THEN t.amount ELSE 0 END), 0)::bigint AS net
    FROM users u
    JOIN transfers t ON t.kind IN ('DEPOSIT', 'GAMEPLAY_WIN', 'GAMEPLAY_LOSS', 'BONUS')
    JOIN accounts ca ON ca.id = t.credit_account_id
    JOIN accounts da ON da.id = t.debit_account_id
    WHERE u.id IN (${sql.join(
      humans.map((u) => sql`${u}`),
      sql`, `,
    )}) AND (ca.user_id = u.id OR da.user_id = u.id)
    GROUP BY u.id`,
  );
  for (const f of flows) h.get(Number(f.user_id))!.fromTransfers = Number(f.net);

  const runningRows = await rows<R>(db, sql`SELECT id, table_id, started_at, start_stacks FROM hands WHERE status = 'running' ORDER BY id`);
  const running: Snapshot['running'] = [];
  for (const r of runningRows) {
    const players = (typeof r.start_stacks === 'string' ? JSON.parse(r.start_stacks) : r.start_stacks) as Array<{
      userId: number;
      seat: number;
      stack: number;
    }>;
    // Chips bought during the hand play from the next one; they are on the table account already.
    const recharges = await rows<R>(
      db,
      sql`
      SELECT a.user_id, sum(t.amount)::bigint AS amount FROM transfers t JOIN accounts a ON a.id = t.credit_account_id
      WHERE t.kind = 'IN_PLAY_RECHARGE' AND a.kind = 'table' AND a.table_id = ${Number(r.table_id)} AND t.created_at >= ${r.started_at}::timestamptz
      GROUP BY a.user_id`,
    );
    running.push({
      id: Number(r.id),
      tableId: Number(r.table_id),
      startedAt: String(r.started_at),
      players,
      rechargedSince: new Map(recharges.map((x) => [Number(x.user_id), Number(x.amount)])),
    });
  }
  const statusOf = new Map<number, string>();
  if (watch.length) {
    for (const r of await rows<R>(
      db,
      sql`SELECT id, status FROM hands WHERE id IN (${sql.join(
        watch.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    ))
      statusOf.set(Number(r.id), String(r.status));
  }
  const counts = await rows<R>(db, sql`SELECT status, count(*)::int AS n FROM hands GROUP BY status`);
  const handCounts = { running: 0, settled: 0, voided: 0 };
  for (const c of counts) handCounts[String(c.status) as keyof typeof handCounts] = Number(c.n);
  const seats = Number((await rows<R>(db, sql`SELECT count(*)::int AS n FROM table_seats`))[0].n);
  const seatedHumans = humans.length
    ? (
        await rows<R>(
          db,
          sql`SELECT user_id FROM table_seats WHERE user_id IN (${sql.join(
            humans.map((u) => sql`${u}`),
            sql`, `,
          )})`,
        )
      ).map((r) => Number(r.user_id))
    : [];
  const voidedWithTransfers = Number(
    (
      await rows<R>(
        db,
        sql`
    SELECT count(*)::int AS n FROM transfers t JOIN hands h ON h.id = t.hand_id WHERE h.status = 'voided'`,
      )
    )[0].n,
  );
  const conservation = await new Ledger(db).checkConservation();
  return { humans: h, tableChips, running, statusOf, handCounts, tableTotal, potTotal, seats, seatedHumans, voidedWithTransfers, conservation };
}

/** PostgreSQL: waits until the killed server's backends are gone (their transactions ended). */
async function pgQuiet(): Promise<void> {
  await until(
    "the killed server's connections to close",
    async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        const r = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [pgName]);
        return r.rows[0].n === 0;
      } finally {
        await c.end();
      }
    },
    30_000,
    50,
  );
}

/**
 * Reads the database. PGlite: from a copy of the data folder taken now, at a quiet moment (the
 * copy is opened here and replays its WAL), so the server's own files are never opened by a second
 * process and the server recovers its crashed folder by itself. PostgreSQL: directly.
 * Returns a reader so that the copy can be taken before the server restarts.
 */
function capture(humans: number[], watch: number[] = []): () => Promise<Snapshot> {
  if (KIND === 'pg') {
    return async () => {
      const handle = await openDatabase({ databaseUrl: pgUrl, poolSize: 2 });
      try {
        return await readSnapshot(handle.db, humans, watch);
      } finally {
        await handle.close();
      }
    };
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'crash-copy-'));
  cpSync(path.join(dataDir, 'pgdata'), path.join(copy, 'pgdata'), { recursive: true });
  return async () => {
    const handle = await openDatabase({ dataDir: copy });
    try {
      return await readSnapshot(handle.db, humans, watch);
    } finally {
      await handle.close();
      rmSync(copy, { recursive: true, force: true });
    }
  };
}

let dataDir = '';
let pgUrl = '';
let pgName = '';
let dropPg: (() => Promise<void>) | null = null;
let server: Server | null = null;
const players: SocketPlayer[] = [];

beforeAll(async () => {
  // PGlite: the run's migrated template (the first start skips initdb); PostgreSQL: a clone of it.
  dataDir = KIND === 'pglite' ? pgliteDataDir().dir : mkdtempSync(path.join(tmpdir(), 'crash-data-'));
  if (KIND === 'pg') {
    const created = await createPgDatabase();
    pgUrl = created.url;
    pgName = created.name;
    dropPg = created.drop;
  }
});

afterAll(async () => {
  for (const p of players) p.close();
  killAll();
  await sleep(200);
  await dropPg?.().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`SIGKILL mid-hand (${KIND})`, () => {
  it(`voids open hands, restores every stack and keeps the ledger whole across ${KILLS} kills`, { timeout: 1_200_000 }, async () => {
    const env: Record<string, string> = { JWT_SECRET: JWT, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, DATA_DIR: dataDir };
    if (KIND === 'pg') env.DATABASE_URL = pgUrl;
    const started = Date.now();
    server = await startServer(env);
    const admin = (await api(server, 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;

    // Two tables: two humans at one, one human at the other, bots filling the rest.
    const tables: number[] = [];
    for (const name of ['Crash A', 'Crash B']) tables.push((await api(server, 'POST', '/api/v1/admin/table', admin, tableBody(name))).tableId);
    const humans: Array<{ userId: number; token: string; tableId: number; seat: number }> = [];
    for (const [i, tableId] of [tables[0], tables[0], tables[1]].entries()) {
      const username = `crash${i}${Math.random().toString(36).slice(2, 8)}`;
      const reg = await api(server, 'POST', '/api/v1/user/register', null, {
        email: `${username}@example.mn`,
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        adult: true,
        bank: 'KHAN',
        accountNumber: '1234567890',
      });
      await api(server, 'POST', '/api/v1/admin/deposit', admin, { userId: reg.user.userId, amount: 5_000_000 });
      humans.push({ userId: reg.user.userId, token: reg.accessToken, tableId, seat: i === 1 ? 3 : 0 });
    }
    const humanIds = humans.map((h) => h.userId);

    const seatEveryone = async (s: Server) => {
      for (const p of players.splice(0)) p.close();
      for (const h of humans) {
        const p = new SocketPlayer(h.userId, h.token, h.tableId, BUY_IN);
        await p.join(s.ws, h.seat);
        players.push(p);
      }
      for (const t of tables) await api(s, 'PUT', `/api/v1/admin/table/simulate?tableId=${t}`, admin);
    };

    let midHandKills = 0;
    let voidedTotal = 0;
    const voidedHumanHands = { n: 0 };
    for (let round = 0; round < KILLS; round++) {
      await seatEveryone(server);
      // Play a random while, then wait (bounded) for a hand to be under way, and kill.
      await sleep(randomInt(100, 1500));
      await until('a hand in progress', () => players.some((p) => p.handRunning()), 30_000, 5).catch(() => undefined);
      await kill(server);
      for (const p of players.splice(0)) p.close();
      server = null;

      // The database as the kill left it, then the restart (PGlite: the copy is read meanwhile).
      let atKill: Snapshot;
      if (KIND === 'pg') {
        await pgQuiet();
        atKill = await capture(humanIds)();
        server = await startServer(env);
      } else {
        const read = capture(humanIds);
        const restarting = startServer(env);
        try {
          atKill = await read();
        } finally {
          server = await restarting;
        }
      }
      // Recovery ran before the server listened; play may already go on (the seats were kept).
      const after = await capture(
        humanIds,
        atKill.running.map((r) => r.id),
      )();

      const runningIds = atKill.running.map((r) => r.id);
      if (runningIds.length) midHandKills++;
      voidedTotal += runningIds.length;
      const ctx = `round ${round}: running at kill ${JSON.stringify(runningIds)}`;
      // The ledger was whole at the kill already (each move is one transaction) and after recovery.
      expect(atKill.conservation, `${ctx}: conservation at the kill`).toMatchObject({ ok: true, total: 0 });
      expect(after.conservation, `${ctx}: conservation after recovery`).toEqual({ ok: true, total: 0, mismatches: [], negatives: [] });
      // The hands open at the kill are void and moved no money; no chip is left in a pot.
      for (const id of runningIds) expect(after.statusOf.get(id), `${ctx}: hand ${id}`).toBe('voided');
      expect(after.voidedWithTransfers, ctx).toBe(0);
      expect(after.potTotal, ctx).toBe(0);
      // The players keep their seats: the table goes on with them.
      expect(after.seatedHumans.sort(), ctx).toEqual(atKill.seatedHumans.sort());
      // The voided hands started from exactly the chips the players had on the table.
      for (const r of atKill.running) {
        for (const p of r.players) {
          const onTable = atKill.tableChips.get(`${p.userId}:${r.tableId}`) ?? 0;
          expect(onTable - (r.rechargedSince.get(p.userId) ?? 0), `${ctx}: hand ${r.id} user ${p.userId}`).toBe(p.stack);
          if (humanIds.includes(p.userId)) voidedHumanHands.n++;
        }
      }
      // Each human owns (wallet + table) exactly deposits plus settled results, at the kill and
      // after the recovery: the void hands changed nothing, whatever was played since.
      for (const u of humanIds) {
        const k = atKill.humans.get(u)!;
        const a = after.humans.get(u)!;
        expect(a.available + a.hold + a.table, `${ctx}: user ${u} after recovery, from transfers`).toBe(a.fromTransfers);
        expect(k.available + k.hold + k.table, `${ctx}: user ${u} at the kill, from transfers`).toBe(k.fromTransfers);
      }
    }
    const final = await capture(humanIds)();
    await kill(server!);
    server = null;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[crash ${KIND}] ${KILLS} kills in ${seconds} s: ${midHandKills} mid-hand, ${voidedTotal} hands voided (${voidedHumanHands.n} human seats in them), ${final.handCounts.settled} hands settled`,
    );
    // The test did what it says: hands were played and kills did land in the middle of them.
    expect(final.handCounts.settled).toBeGreaterThan(0);
    expect(midHandKills).toBeGreaterThan(0);
  });
});
