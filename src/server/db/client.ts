// Database connection: embedded PGlite (data under DATA_DIR, or in memory) or PostgreSQL via `pg`,
// both behind Drizzle. Queries go through `db.execute(sql\`...\`)`, which both drivers answer
// with `{ rows }`.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

// int8 (counts, ids, amounts) as JS numbers: amounts are bounded far below 2^53 by the contract.
pg.types.setTypeParser(20, (v: string) => Number(v));

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
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  runScript(text: string): Promise<void>;
  close(): Promise<void>;
}

export type DbOptions = { databaseUrl?: string; dataDir?: string; memory?: boolean; poolSize?: number };

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // A dropped idle connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
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
    return { db, kind: 'pg', runScript, close: () => pool.end() };
  }
  const client = opts.memory || !opts.dataDir ? new PGlite() : new PGlite(`${opts.dataDir}/pgdata`);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const runScript = async (text: string) => {
    await client.transaction(async (tx) => {
      await tx.exec(text);
    });
  };
  return { db, kind: 'pglite', runScript, close: () => client.close() };
}

/** Rows of a query, typed by the caller. */
export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  return (await ex.execute(query)).rows as T[];
}
/** The first row or undefined. */
export async function first<T>(ex: Executor, query: SQL): Promise<T | undefined> {
  return (await ex.execute(query)).rows[0] as T | undefined;
}

/** Timestamps arrive as PostgreSQL text ("2024-05-01 10:00:00.123+00"); answer ISO 8601. */
export function iso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  const s = String(v).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  return new Date(s).toISOString();
}
export function isoOrNull(v: unknown): string | null {
  return v === null || v === undefined ? null : iso(v);
}
/** Numbers from numeric/bigint columns that a driver may hand back as strings. */
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
