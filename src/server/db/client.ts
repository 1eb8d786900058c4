// Database connection: embedded PGlite (data under DATA_DIR, or in memory) or PostgreSQL via `pg`,
// both behind Drizzle. Queries go through `db.execute(sql\`...\`)`, which both drivers answer
// with `{ rows }`, typed by the schema (rows.ts). Both drivers are set up to return the same values:
// int2/int4/int8/numeric/float as number, boolean, json/jsonb parsed, text as string, and
// timestamptz as PostgreSQL's text in UTC ("2024-05-01 10:00:00.123456+00"; Drizzle passes
// timestamps through unparsed on both, so the session time zone is pinned to UTC).
// tests/server/schema.test.ts checks it on both.
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { TypeId } from 'pg-types';
import * as schema from './schema';

// int8 (counts, ids, amounts) and numeric (sums, extract()) as JS numbers: amounts are bounded far
// below 2^53 by the contract. Drizzle's raw queries fall back to these global pg parsers.
const INT8 = 20;
const INT8_ARRAY = 1016;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, Number);
pg.types.setTypeParser(NUMERIC, Number);
// int8[] as int4[] is read: numbers (pg's builtins list leaves array types out).
pg.types.setTypeParser(INT8_ARRAY as TypeId, pg.types.getTypeParser(1007 as TypeId));
// PGlite's own int8 parser answers a BigInt past 2^53 and numeric as a string: agree with pg.
const PGLITE_PARSERS = { [INT8]: Number, [NUMERIC]: Number, [INT8_ARRAY]: pgliteTypes.parsers[1007] };
/** Timestamps are read back as UTC text whatever the server's own zone (and `::date` means a UTC day). */
const SESSION_TIME_ZONE = 'UTC';

/** Anything that can run a statement: the database or a transaction. */
export interface Executor {
  execute(query: SQL): Promise<{ rows: unknown[] }>;
}
export interface Database extends Executor {
  transaction<T>(fn: (tx: Executor) => Promise<T>, config?: { isolationLevel?: 'read committed' | 'repeatable read' | 'serializable' }): Promise<T>;
}

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'pg';
  /** PostgreSQL's connection pool: connections open, idle, and callers waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  runScript(text: string): Promise<void>;
  /**
   * PGlite only: the data folder as a gzipped tarball, taken while no statement runs (PGlite's
   * query lock), so it is what a crash at that instant would leave: opening it replays the WAL
   * and rolls back any transaction left open (db/backup.ts, docs/operations.md).
   */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DbOptions = {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  poolSize?: number;
  /** Called on each lost connection or failed connection attempt to PostgreSQL (metrics). */
  onConnectionError?: (err: unknown) => void;
};

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      options: `-c TimeZone=${SESSION_TIME_ZONE}`,
      // An unreachable server fails a query in seconds (readiness notices) instead of hanging it.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    // A dropped idle connection must not crash the process.
    pool.on('error', (e) => opts.onConnectionError?.(e));
    // Nor one lost while checked out (a transaction): the pool listens only to its idle clients,
    // and a client's unheard 'error' event ends the process. The statement in flight fails on its
    // own and its caller sees that; this only keeps the instance up.
    pool.on('connect', (client) => client.on('error', (e) => opts.onConnectionError?.(e)));
    const drizzled = drizzlePg(pool, { schema }) as unknown as Database;
    const db = opts.onConnectionError ? reportingConnectionErrors(drizzled, opts.onConnectionError) : drizzled;
    const runScript = async (text: string) => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        await c.query('SELECT pg_advisory_xact_lock(74201)');
        await c.query(text);
        await c.query('COMMIT');
      } catch (e) {
        await c.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        c.release();
      }
    };
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'pg', runScript, close: () => pool.end(), poolStats };
  }
  const dataDir = opts.memory || !opts.dataDir ? undefined : `${opts.dataDir}/pgdata`;
  const client = new PGlite({ dataDir, parsers: PGLITE_PARSERS });
  await client.waitReady;
  await client.exec(`SET TIME ZONE '${SESSION_TIME_ZONE}'`);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const runScript = async (text: string) => {
    await client.transaction(async (tx) => {
      await tx.exec(text);
    });
  };
  const snapshot = async () => {
    // A checkpoint first: the copy opens with little WAL to replay.
    await client.exec('CHECKPOINT');
    return (await client.dumpDataDir('gzip')) as Blob;
  };
  return { db, kind: 'pglite', runScript, snapshot, close: () => client.close() };
}

/** The database, telling `report` of every statement or transaction that failed for want of a connection. */
function reportingConnectionErrors(inner: Database, report: (err: unknown) => void): Database {
  const seen = (e: unknown): never => {
    if (isConnectionError(e)) report(e);
    throw e;
  };
  return {
    execute: (query) => inner.execute(query).catch(seen),
    transaction: (fn, config) => inner.transaction(fn, config).catch(seen),
  };
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** A lost or refused connection (network, server shutting down, too many clients), not a statement's error. */
export function isConnectionError(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || /^(08...|57P0[1-3]|53300)$/.test(code))) return true;
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|connection error|Connection ended/i.test(message))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Rows of a query, typed by the caller. */
// Not async: an async function would hold the statement's tree of parts until the answer comes.
export function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ex.execute(query).then((r) => r.rows as T[]);
}
/** The first row or undefined. */
export function first<T>(ex: Executor, query: SQL): Promise<T | undefined> {
  return ex.execute(query).then((r) => r.rows[0] as T | undefined);
}

/** A timestamptz as read (UTC text, "2024-05-01 10:00:00.123456+00") in ISO 8601 with milliseconds. */
export function iso(v: string | Date): string {
  if (v instanceof Date) return v.toISOString();
  return new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}
export function isoOrNull(v: string | Date | null | undefined): string | null {
  return v === null || v === undefined ? null : iso(v);
}
/** A nullable number (sum() over no rows, a LEFT JOIN) as 0; both drivers already answer numbers. */
export function num(v: unknown): number {
  return v === null || v === undefined ? 0 : Number(v);
}

/** PostgreSQL error code (SQLSTATE) of a driver error, if any. */
export function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
