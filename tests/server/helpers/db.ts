// A fresh database per test file: in-memory PGlite (TEST_DB=pglite) or a new PostgreSQL database
// on the local cluster (TEST_DB=pg), dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, openDatabase } from '../../../src/server/db/client';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const testDbKind = (): 'pg' | 'pglite' => (process.env.TEST_DB === 'pg' ? 'pg' : 'pglite');

export interface TestDb {
  handle: DbHandle;
  kind: 'pg' | 'pglite';
  url?: string;
  drop(): Promise<void>;
}

/** Creates `poker_test_<random>` on the local cluster and returns its URL. */
export async function createPgDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `poker_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function openTestDb(): Promise<TestDb> {
  if (testDbKind() === 'pg') {
    const created = await createPgDatabase();
    const handle = await openDatabase({ databaseUrl: created.url, poolSize: 60 });
    return {
      handle,
      kind: 'pg',
      url: created.url,
      drop: async () => {
        await handle.close();
        await created.drop();
      },
    };
  }
  const handle = await openDatabase({ memory: true });
  return { handle, kind: 'pglite', drop: () => handle.close() };
}
