// The restore drill (docs/operations.md#backups): `npm run backup` while bots play at a cash table,
// `npm run restore` into a fresh database, an instance started on it. The copy is consistent: the
// ledger sums to zero with no negative account, the hands open at the backup are voided on start
// (as after a crash) and moved no money, and no hand of the backup is left open.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rows } from '../../src/server/db/client';
import { Ledger } from '../../src/server/core/ledger';
import { type Server, api, kill, killAll, startServer, until } from './helpers/child-server';
import { createPgDatabase, scratchDir, testDbKind } from './helpers/db';
import { setupApp } from './helpers/app';
import { SocketPlayer } from './helpers/socket-player';
import { tableBody } from '../support/table-body';

const KIND = testDbKind();
const ROOT = path.resolve(__dirname, '../..');
const ADMIN = { username: 'backupadmin', password: 'Adm1nPassw0rd!' };
const METRICS_TOKEN = 'backup-test-metrics-token-0123456789';
const cleanups: Array<() => Promise<void>> = [];
const BACKUP_TOKEN = 'backup-endpoint-token-for-the-test-0123456789';
const ctx = setupApp({ backupToken: BACKUP_TOKEN });

afterAll(async () => {
  killAll();
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** Runs one of the npm scripts (scripts/*.ts) with `env`; resolves with its output, rejects on failure. */
function script(name: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${name} exited ${code}: ${out}`))));
  });
}

/** A database for an instance: its environment, and how to read it while no server holds it (PGlite). */
async function database(fresh: boolean): Promise<{ env: Record<string, string>; read: <T>(fn: (db: Database) => Promise<T>) => Promise<T> }> {
  const dir = mkdtempSync(path.join(scratchDir(), 'backup-drill-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  if (KIND === 'pglite')
    return {
      env: { DATA_DIR: dir },
      read: async (fn) => {
        const handle = await openDatabase({ dataDir: dir });
        try {
          return await fn(handle.db);
        } finally {
          await handle.close();
        }
      },
    };
  const created = await createPgDatabase({ fresh });
  cleanups.push(created.drop);
  return {
    env: { DATA_DIR: dir, DATABASE_URL: created.url },
    read: async (fn) => {
      const handle = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
      try {
        return await fn(handle.db);
      } finally {
        await handle.close();
      }
    },
  };
}

/** The instance's health details (the tables it owns), read with the metrics token. */
async function health(s: Server): Promise<{ tables: number[] }> {
  return (await fetch(`${s.base}/healthz`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).json() as Promise<{ tables: number[] }>;
}

/** A new player, funded, seated at the table over a socket, not acting. */
async function player(s: Server, admin: string, tableId: number): Promise<SocketPlayer> {
  const username = `bk${Math.random().toString(36).slice(2, 10)}`;
  const password = 'Passw0rd!x';
  const reg = await api(s, 'POST', '/api/v1/user/register', null, {
    email: `${username}@example.mn`,
    username,
    password,
    confirmPassword: password,
    bank: 'KHAN',
    accountNumber: '1234567890',
    adult: true,
  });
  await api(s, 'POST', '/api/v1/admin/deposit', admin, { userId: reg.user.userId, amount: 100_000 });
  const p = new SocketPlayer(reg.user.userId, reg.accessToken, tableId, 10_000);
  p.paused = true;
  await p.join(s.ws, 5);
  return p;
}

const handIds = async (db: Database, status: string) =>
  (await rows<{ id: number }>(db, sql`SELECT id FROM hands WHERE status = ${status} ORDER BY id`)).map((r) => r.id);
const voidedWithTransfers = async (db: Database) =>
  (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM transfers t JOIN hands h ON h.id = t.hand_id WHERE h.status = 'voided'`))[0].n;

describe(`backup and restore while tables play (${KIND})`, () => {
  it('restores a whole ledger; the hands open at the backup are voided on start', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const live = await database(false);
    const common = {
      QPAY: 'off',
      LEASE_TTL_MS: '2000',
      METRICS_TOKEN,
      JWT_SECRET: 'backup-test-secret-that-is-long-enough-0123456789',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const a: Server = await startServer({ ...common, ...live.env });
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}`);
    phase('started');
    const admin = (await api(a, 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;
    const { tableId } = await api(a, 'POST', '/api/v1/admin/table', admin, tableBody('Backup drill', { actionTime: 5 }));
    await api(a, 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, admin);
    // Bots play (no pause between hands); PostgreSQL can be watched, PGlite only through the server.
    if (KIND === 'pg') await until('hands settled', () => live.read(async (db) => (await handIds(db, 'settled')).length >= 1), 30_000, 100);
    else await new Promise((r) => setTimeout(r, 3000));
    // A player who sits and then thinks: the backup is taken while a hand waits for them (open).
    const human = await player(a, admin, tableId);
    await until('the human to be asked to act', () => human.myTurn(), 60_000, 20).catch((e: Error) => {
      throw new Error(`${e.message}; the human sees ${human.describe()}; the server wrote:\n${a.output.join('')}`);
    });
    phase('asked');

    const file = path.join(mkdtempSync(path.join(scratchDir(), 'backup-file-')), KIND === 'pg' ? 'room.dump' : 'room.tar.gz');
    cleanups.push(async () => rmSync(path.dirname(file), { recursive: true, force: true }));
    expect(await script('backup', ['--out', file], live.env)).toMatch(/backup written/);
    human.close();
    await kill(a);
    phase('backup');

    const target = await database(true);
    expect(await script('restore', [file], target.env)).toMatch(/restored/);
    phase('restore');
    const atBackup = await target.read(async (db) => ({
      settled: await handIds(db, 'settled'),
      running: await handIds(db, 'running'),
      ledger: await new Ledger(db).checkConservation(),
    }));
    expect(atBackup.settled.length).toBeGreaterThan(0);
    expect(atBackup.running.length).toBeGreaterThan(0);
    expect(atBackup.ledger).toEqual({ ok: true, total: 0, mismatches: [], negatives: [] });

    // An instance on the restored database: it adopts the table, voids what was open, plays on.
    // (Stopped with SIGKILL to read PGlite's folder: a hand it started may be open then, none older.)
    const b = await startServer({ ...common, ...target.env });
    await until('the restored instance to take the table', async () => (await health(b)).tables.includes(tableId), 30_000, 100);
    phase('taken');
    await kill(b);
    const after = await target.read(async (db) => ({
      running: await handIds(db, 'running'),
      voided: await handIds(db, 'voided'),
      voidedWithTransfers: await voidedWithTransfers(db),
      ledger: await new Ledger(db).checkConservation(),
    }));
    expect(after.ledger).toEqual({ ok: true, total: 0, mismatches: [], negatives: [] });
    const last = Math.max(...atBackup.settled, ...atBackup.running);
    expect(after.running.filter((id) => id <= last)).toEqual([]);
    for (const id of atBackup.running) expect(after.voided).toContain(id);
    expect(after.voidedWithTransfers).toBe(0);
    console.log(
      `[backup ${KIND}] ${atBackup.settled.length} hands settled and ${atBackup.running.length} open in the backup; drill in ${((Date.now() - started) / 1000).toFixed(1)} s (${phases.join(', ')})`,
    );
  });
});

describe('POST /ops/backup (what npm run backup asks a PGlite server for)', () => {
  const ask = (authorization?: string) => ctx.app.inject({ method: 'POST', url: '/ops/backup', headers: authorization ? { authorization } : {} });
  it('answers a snapshot to the token the server wrote beside its data folder, and nothing to anyone else', async () => {
    expect((await ask()).statusCode).toBe(404);
    expect((await ask(`Bearer ${BACKUP_TOKEN}x`)).statusCode).toBe(404);
    const res = await ask(`Bearer ${BACKUP_TOKEN}`);
    // PostgreSQL is backed up with pg_dump: the route exists on PGlite only.
    if (KIND === 'pg') return expect(res.statusCode).toBe(404);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});
