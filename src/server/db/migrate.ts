// Applies the committed SQL migrations (db/migrations/*.sql, in name order) once each,
// recording them in schema_migrations. Runs at start; each file in one transaction.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DbHandle, rows } from './client';
import type { SchemaMigrationRow } from './rows';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrate(handle: DbHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  const { db } = handle;
  await db.execute(sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied = new Set((await rows<Pick<SchemaMigrationRow, 'name'>>(db, sql`SELECT name FROM schema_migrations`)).map((r) => r.name));
  const done: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const text = await readFile(path.join(dir, file), 'utf8');
    const name = file.replace(/'/g, "''");
    // The record goes in the same transaction; a concurrent starter fails on the primary key
    // and simply finds the migration applied.
    try {
      await handle.runScript(`${text}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');`);
      done.push(file);
    } catch (e) {
      const again = await rows(db, sql`SELECT 1 FROM schema_migrations WHERE name = ${file}`);
      if (!again.length) throw e;
    }
  }
  return done;
}
