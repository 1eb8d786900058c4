// npm run restore -- FILE [--clean]: puts a backup (npm run backup) back, with the server's own
// settings, the server stopped. PostgreSQL (a .dump): pg_restore into DATABASE_URL, which must be
// an empty database (createdb) unless --clean drops what is there. PGlite (a .tar.gz): into
// DATA_DIR; the folder there now is kept aside as pgdata.before-restore-<time>. On its next start
// the server voids the hands that were open at the backup, as after a crash. docs/operations.md.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BACKUP_ENDPOINT_FILE, pgRestore, pgliteLoad } from '../src/server/db/backup';

const env = process.env;
const { values, positionals } = parseArgs({ options: { clean: { type: 'boolean' } }, allowPositionals: true });
const file = positionals[0];
if (!file || !existsSync(file)) {
  console.error('usage: npm run restore -- FILE [--clean]   (FILE: a backup written by npm run backup)');
  process.exit(2);
}
const started = Date.now();

async function restorePglite(dataDir: string): Promise<void> {
  const endpoint = path.join(dataDir, BACKUP_ENDPOINT_FILE);
  if (existsSync(endpoint)) {
    const { pid } = JSON.parse(readFileSync(endpoint, 'utf8')) as { pid: number };
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`the server (pid ${pid}) is running on ${dataDir}: stop it first`);
  }
  const pgdata = path.join(dataDir, 'pgdata');
  if (existsSync(pgdata)) {
    const aside = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(pgdata, aside);
    console.log(`the previous database is kept in ${aside}`);
  }
  await pgliteLoad(dataDir, file);
}

try {
  if (file.endsWith('.tar.gz') || file.endsWith('.tgz')) {
    if (env.DATABASE_URL) throw new Error('this is a PGlite backup, and DATABASE_URL is set');
    await restorePglite(path.resolve(env.DATA_DIR ?? './data'));
  } else {
    if (!env.DATABASE_URL) throw new Error('a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore into');
    await pgRestore(env.DATABASE_URL, file, { clean: values.clean });
  }
  console.log(`restored ${file} (${Date.now() - started} ms); start the server: open hands of the backup are voided`);
} catch (e) {
  console.error(`restore FAILED: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
