// A sit & go survives SIGKILL (docs/tournaments.md, Crash safety): the server runs as a child
// process, house bots play a six-player sit & go, the process is killed mid-play and started
// again on the same database. The tournament is never refunded; the hands open at the kill are
// voided once; play resumes to a winner with places 1..6, the prizes exactly the pool, the pool
// empty and the ledger summing to zero.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first, openDatabase, rows, type Database } from '../../src/server/db/client';
import { type Server, api, kill, killAll, sleep, startServer, until } from './helpers/child-server';
import { createPgDatabase, pgliteDataDir, testDbKind } from './helpers/db';

const KIND = testDbKind();
const ADMIN = { username: 'tcrashadmin', password: 'Adm1nPassw0rd!' };
const BUY_IN = 10_000;
// Deep at first (the kill comes early in the sit & go), then steep (it ends soon after the restart).
const LEVELS = [
  { level: 1, smallBlind: 25, bigBlind: 50, ante: 0, durationSec: 10 },
  { level: 2, smallBlind: 300, bigBlind: 600, ante: 50, durationSec: 10 },
  { level: 3, smallBlind: 1000, bigBlind: 2000, ante: 300, durationSec: 10 },
];

let dataDir = '';
let pgUrl = '';
let dropPg: (() => Promise<void>) | null = null;

beforeAll(async () => {
  dataDir = KIND === 'pglite' ? pgliteDataDir().dir : mkdtempSync(path.join(tmpdir(), 'tcrash-data-'));
  if (KIND === 'pg') {
    const created = await createPgDatabase();
    pgUrl = created.url;
    dropPg = created.drop;
  }
});
afterAll(async () => {
  killAll();
  await sleep(200);
  await dropPg?.().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

/** Reads the database as the kill left it (PGlite: a copy of its folder, never the server's own files). */
async function read<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  if (KIND === 'pg') {
    const handle = await openDatabase({ databaseUrl: pgUrl, poolSize: 2 });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'tcrash-copy-'));
  cpSync(path.join(dataDir, 'pgdata'), path.join(copy, 'pgdata'), { recursive: true });
  const handle = await openDatabase({ dataDir: copy });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
    rmSync(copy, { recursive: true, force: true });
  }
}

const handsOf = (db: Database, id: number) =>
  rows<{ id: number; status: string; void_reason: string | null }>(
    db,
    sql`SELECT id, status, void_reason FROM hands WHERE table_id IN (SELECT id FROM poker_tables WHERE tournament_id = ${id}) ORDER BY id`,
  );
const ledgerTotal = async (db: Database) => Number((await first<{ s: string }>(db, sql`SELECT coalesce(sum(balance), 0)::text AS s FROM accounts`))!.s);

describe(`a sit & go across SIGKILL (${KIND})`, () => {
  it('voids the hand in play once, never refunds, and plays on to a winner with exact prizes', { timeout: 300_000 }, async () => {
    const env: Record<string, string> = {
      JWT_SECRET: 'tournament-crash-secret-long-enough-0123456789',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
      BOT_DELAY_MS: '20',
      LEASE_TICK_MS: '200',
      ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    };
    let server: Server = await startServer(env);
    const login = async (s: Server) => (await api(s, 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;
    const admin = await login(server);
    const body = { name: 'Crash SNG', kind: 'sng', buyIn: BUY_IN, fee: 1000, startingStack: 5000, tableSize: 6, minEntrants: 6, maxEntrants: 6 };
    const { id } = await api(server, 'POST', '/api/v1/admin/tournament', admin, { ...body, structure: { levels: LEVELS } });
    await api(server, 'POST', `/api/v1/admin/tournament/${id}/bots`, admin, { count: 6 });
    const detail = (s: Server) => api(s, 'GET', `/api/v1/user/tournament/${id}`, null);
    await until('the sit & go to run', async () => (await detail(server)).status === 'running', 30_000);
    // Let some hands settle, then kill at once (bots act fast: a hand is nearly always in play).
    // PostgreSQL can be read while the server runs: the kill waits for settled hands and one in play.
    if (KIND === 'pg')
      await until(
        'hands settled and one in play',
        () =>
          read(async (db) => {
            const hands = await handsOf(db, id);
            return hands.filter((h) => h.status === 'settled').length >= 2 && hands.some((h) => h.status === 'running');
          }),
        20_000,
        50,
      );
    else await sleep(1500);
    await kill(server);

    const atKill = await read(async (db) => ({
      hands: await handsOf(db, id),
      total: await ledgerTotal(db),
      status: (await first<{ status: string }>(db, sql`SELECT status FROM tournaments WHERE id = ${id}`))!.status,
      refunds: (await first<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM transfers WHERE kind = 'TOURNAMENT_REFUND' AND reference = ${`T${id}`}`))!.n,
    }));
    expect(atKill.total, 'the ledger sums to zero at the kill').toBe(0);
    expect(atKill.status).toBe('running');
    const openAtKill = atKill.hands.filter((h) => h.status === 'running').map((h) => h.id);
    const settledAtKill = atKill.hands.filter((h) => h.status === 'settled').length;
    expect(settledAtKill, 'hands were played before the kill').toBeGreaterThan(0);

    server = await startServer(env);
    await until('the sit & go to finish after the restart', async () => (await detail(server)).status === 'finished', 180_000, 250);
    const done = await detail(server);
    await kill(server);

    const after = await read(async (db) => ({
      hands: await handsOf(db, id),
      total: await ledgerTotal(db),
      pool: Number((await first<{ b: string }>(db, sql`SELECT coalesce(sum(balance), 0)::text AS b FROM accounts WHERE tournament_id = ${id}`))!.b),
      prizes: await rows<{ amount: number }>(db, sql`SELECT amount FROM transfers WHERE kind = 'TOURNAMENT_PRIZE' AND reference = ${`T${id}`}`),
      refunds: (await first<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM transfers WHERE kind = 'TOURNAMENT_REFUND' AND reference = ${`T${id}`}`))!.n,
    }));
    // The hands open at the kill were voided (once: each is one row), none is left running.
    for (const hid of openAtKill) expect(after.hands.find((h) => h.id === hid)?.status, `hand ${hid}`).toBe('voided');
    expect(after.hands.filter((h) => h.status === 'running')).toEqual([]);
    expect(after.hands.filter((h) => h.status === 'settled').length).toBeGreaterThan(settledAtKill);
    // Never refunded; the whole pool paid out as prizes, exactly; the ledger whole.
    expect(atKill.refunds + after.refunds).toBe(0);
    expect(after.prizes.reduce((a, p) => a + p.amount, 0)).toBe(6 * BUY_IN);
    expect(after.pool).toBe(0);
    expect(after.total).toBe(0);
    const places = done.entries.map((e: { place: number }) => e.place).sort((a: number, b: number) => a - b);
    expect(places).toEqual([1, 2, 3, 4, 5, 6]);
    if (process.env.TEST_TIMINGS)
      console.log(`[tournament crash ${KIND}] ${settledAtKill} hands settled and ${openAtKill.length} open at the kill; ${after.hands.length} hands in all`);
  });
});
