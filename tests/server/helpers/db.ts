// A fresh database per test file: PGlite (TEST_DB=pglite) or a new PostgreSQL database on the local
// cluster (TEST_DB=pg), dropped afterwards.
//
// Creating a database from nothing is the slow part of a test file (PGlite runs initdb in WASM:
// seconds of CPU per file; then every migration). So the server projects' global setup
// (tests/global-setup-server.ts) migrates ONE template per run, and each file gets a copy of it:
// PostgreSQL clones it (CREATE DATABASE ... TEMPLATE), PGlite opens a copy of its data folder
// (kept in /dev/shm, memory). The copy is migrated and empty (no seed: the app seeds it, as on a
// first start). Without the global setup (a file run under another config) every database is
// created and migrated from nothing, as before.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DbHandle, openDatabase } from '../../../src/server/db/client';
import { migrate } from '../../../src/server/db/migrate';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const testDbKind = (): 'pg' | 'pglite' => (process.env.TEST_DB === 'pg' ? 'pg' : 'pglite');

declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of the migrated PostgreSQL template database of this run (server-pg). */
    pgTemplate?: string;
    /** Folder holding the migrated PGlite template (its `pgdata`) of this run (server-pglite). */
    pgliteTemplate?: string;
  }
}

export interface TestDb {
  handle: DbHandle;
  kind: 'pg' | 'pglite';
  url?: string;
  /** PGlite copies only: the folder holding `pgdata`. */
  dataDir?: string;
  drop(): Promise<void>;
}

export interface TestDbOptions {
  /** An empty, unmigrated database instead of a copy of the migrated template. */
  fresh?: boolean;
}

/** The value the global setup provided, or undefined outside it. */
function provided<K extends 'pgTemplate' | 'pgliteTemplate'>(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined; // not inside a vitest worker
  }
}

const pgUrlOf = (name: string) => PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Creates `poker_test_<random>` on the local cluster and returns its URL: a clone of the run's
 * migrated template when there is one (and `fresh` is not asked), else an empty database.
 */
export async function createPgDatabase(opts: TestDbOptions = {}): Promise<{ url: string; name: string; migrated: boolean; drop: () => Promise<void> }> {
  const name = `poker_test_${randomBytes(6).toString('hex')}`;
  const template = opts.fresh ? undefined : provided('pgTemplate');
  // FILE_COPY: a small template is copied file by file, much faster than WAL_LOG's block by block.
  await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY` : `CREATE DATABASE ${name}`);
  // A commit does not wait for the disk: the suites kill servers, never PostgreSQL, so what they
  // read is the same; on a machine with a slow disk each of the run's many commits waited on it.
  await adminQuery(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  return {
    url: pgUrlOf(name),
    name,
    migrated: !!template,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Where PGlite copies go: memory when the machine has /dev/shm. */
export const scratchDir = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

/**
 * A folder for a PGlite server (DATA_DIR: it holds `pgdata`) with a copy of the run's migrated
 * template in it, or empty without one. The caller removes it.
 */
export function pgliteDataDir(opts: TestDbOptions = {}): { dir: string; migrated: boolean } {
  const dir = mkdtempSync(path.join(scratchDir(), 'poker-test-'));
  const template = opts.fresh ? undefined : provided('pgliteTemplate');
  if (template) cpSync(path.join(template, 'pgdata'), path.join(dir, 'pgdata'), { recursive: true });
  return { dir, migrated: !!template };
}

export async function openTestDb(opts: TestDbOptions = {}): Promise<TestDb> {
  if (testDbKind() === 'pg') {
    const created = await createPgDatabase(opts);
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
  const template = opts.fresh ? undefined : provided('pgliteTemplate');
  if (!template) {
    const handle = await openDatabase({ memory: true });
    return { handle, kind: 'pglite', drop: () => handle.close() };
  }
  const { dir } = pgliteDataDir(opts);
  const handle = await openDatabase({ dataDir: dir });
  return {
    handle,
    kind: 'pglite',
    dataDir: dir,
    drop: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the run's template (global setup): a migrated, unseeded database. Returns what the
 * workers are given and how to remove it.
 */
export async function createTemplate(kind: 'pg' | 'pglite'): Promise<{ value: string; remove: () => Promise<void> }> {
  if (kind === 'pg') {
    const name = `poker_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const handle = await openDatabase({ databaseUrl: pgUrlOf(name), poolSize: 2 });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
    return { value: name, remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dir = mkdtempSync(path.join(scratchDir(), 'poker-tpl-'));
  const handle = await openDatabase({ dataDir: dir });
  try {
    await migrate(handle);
  } finally {
    // A clean shutdown: the copies start without recovery.
    await handle.close();
  }
  return { value: dir, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}
