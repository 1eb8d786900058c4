// A fast-fold pool survives SIGKILL (docs/fast-fold.md, Crash safety): the server runs as a child
// process, twelve house bots play a 6-max pool over several tables, the process is killed mid-play
// and started again on the same database. The hands open at the kill are voided (their chips never
// moved), everyone is still in the pool with their pool account as their stack, play goes on, and
// closing the pool cashes everyone out: no chip is left in the pool's accounts or pots, and the
// ledger sums to zero throughout.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first, openDatabase, rows, type Database } from '../../src/server/db/client';
import { type Server, api, kill, killAll, sleep, startServer, until } from './helpers/child-server';
import { createPgDatabase, pgliteDataDir, testDbKind } from './helpers/db';

const KIND = testDbKind();
const ADMIN = { username: 'ffcrashadmin', password: 'Adm1nPassw0rd!' };
const POOL = { name: 'Crash rush', variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6 };

let dataDir = '';
let pgUrl = '';
let dropPg: (() => Promise<void>) | null = null;

beforeAll(async () => {
  dataDir = KIND === 'pglite' ? pgliteDataDir().dir : mkdtempSync(path.join(tmpdir(), 'ffcrash-data-'));
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
  const copy = mkdtempSync(path.join(tmpdir(), 'ffcrash-copy-'));
  cpSync(path.join(dataDir, 'pgdata'), path.join(copy, 'pgdata'), { recursive: true });
  const handle = await openDatabase({ dataDir: copy });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
    rmSync(copy, { recursive: true, force: true });
  }
}

const handsOf = (db: Database, poolId: number) =>
  rows<{ id: number; status: string; void_reason: string | null }>(
    db,
    sql`SELECT id, status, void_reason FROM hands WHERE table_id IN (SELECT id FROM poker_tables WHERE pool_id = ${poolId}) ORDER BY id`,
  );
const ledgerTotal = async (db: Database) => Number((await first<{ s: string }>(db, sql`SELECT coalesce(sum(balance), 0)::text AS s FROM accounts`))!.s);
/** The players' pool accounts (the anchor's table accounts) and the tables' pots. */
const poolMoney = async (db: Database, poolId: number) =>
  rows<{ user_id: number | null; kind: string; balance: number }>(
    db,
    sql`SELECT user_id, kind, balance FROM accounts WHERE table_id IN (SELECT id FROM poker_tables WHERE pool_id = ${poolId}) AND balance <> 0 ORDER BY user_id`,
  );
const members = (db: Database, poolId: number) =>
  rows<{ user_id: number }>(db, sql`SELECT user_id FROM fast_fold_players WHERE pool_id = ${poolId} ORDER BY user_id`);

describe(`a fast-fold pool across SIGKILL (${KIND})`, () => {
  it('voids the hands in play, keeps everyone in the pool with their pool account, plays on, and cashes out whole', { timeout: 300_000 }, async () => {
    const env: Record<string, string> = {
      JWT_SECRET: 'fast-fold-crash-secret-long-enough-0123456789',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DATA_DIR: dataDir,
      BOT_DELAY_MS: '20',
      LEASE_TICK_MS: '200',
      POOL_TICK_MS: '50',
      POOL_BETWEEN_HANDS_MS: '0',
      POOL_SHORT_HANDED_MS: '300',
      ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    };
    let server: Server = await startServer(env);
    const login = async (s: Server) => (await api(s, 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;
    let admin = await login(server);
    const { poolId } = await api(server, 'POST', '/api/v1/admin/pool', admin, POOL);
    await api(server, 'POST', `/api/v1/admin/pool/${poolId}/bots`, admin, { count: 12 });
    // Kill with hands settled and others in play (bots act fast: nearly always).
    if (KIND === 'pg')
      await until(
        'hands settled and one in play',
        () =>
          read(async (db) => {
            const hands = await handsOf(db, poolId);
            return hands.filter((h) => h.status === 'settled').length >= 5 && hands.some((h) => h.status === 'running');
          }),
        30_000,
        50,
      );
    else await sleep(3000);
    await kill(server);

    const atKill = await read(async (db) => ({
      hands: await handsOf(db, poolId),
      total: await ledgerTotal(db),
      money: await poolMoney(db, poolId),
      members: await members(db, poolId),
    }));
    expect(atKill.total, 'the ledger sums to zero at the kill').toBe(0);
    const openAtKill = atKill.hands.filter((h) => h.status === 'running').map((h) => h.id);
    const settledAtKill = atKill.hands.filter((h) => h.status === 'settled').length;
    expect(settledAtKill, 'hands were played before the kill').toBeGreaterThan(0);
    // Nothing moves during a hand: at the kill every pot is empty, the chips are in the pool accounts.
    expect(atKill.money.filter((a) => a.kind === 'pot')).toEqual([]);

    server = await startServer(env);
    admin = await login(server);
    await until(
      'more hands after the restart',
      // Ten more hands, or fewer once the house bots have busted each other down to one player.
      () =>
        read(
          async (db) =>
            (await handsOf(db, poolId)).filter((h) => h.status === 'settled').length >= settledAtKill + 10 ||
            ((await members(db, poolId)).length < 2 && (await handsOf(db, poolId)).filter((h) => h.status === 'settled').length > settledAtKill),
        ),
      120_000,
      250,
    );
    const resumed = await read((db) => handsOf(db, poolId));
    for (const id of openAtKill) {
      const h = resumed.find((x) => x.id === id);
      expect([h?.status, h?.void_reason], `hand ${id}`).toEqual(['voided', 'pool resumed']);
    }
    await api(server, 'POST', `/api/v1/admin/pool/${poolId}/close`, admin);
    await until('everyone cashed out', () => read(async (db) => (await members(db, poolId)).length === 0), 60_000, 250);
    await kill(server);

    const after = await read(async (db) => ({
      hands: await handsOf(db, poolId),
      total: await ledgerTotal(db),
      money: await poolMoney(db, poolId),
      returned: await rows<{ user_id: number }>(
        db,
        sql`SELECT DISTINCT a.user_id FROM transfers t JOIN accounts a ON a.id = t.debit_account_id
            WHERE t.kind = 'BOT_RETURN' AND t.reference = ${`pool:${poolId}`}`,
      ),
    }));
    expect(after.hands.filter((h) => h.status === 'running')).toEqual([]);
    expect(after.money, 'no chip left in the pool').toEqual([]);
    expect(after.total).toBe(0);
    // The pool accounts went back to the house bots' account through the ledger.
    expect(after.returned.length).toBeGreaterThan(0);
    if (process.env.TEST_TIMINGS)
      console.log(`[fast-fold crash ${KIND}] ${settledAtKill} settled and ${openAtKill.length} open at the kill; ${after.hands.length} hands in all`);
  });
});
