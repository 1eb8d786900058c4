// Backups of both databases (npm run backup / restore, docs/operations.md#backups).
// PostgreSQL: pg_dump's custom format (one consistent snapshot, taken while the room plays) and
// pg_restore into an empty database. PGlite: a tarball of the data folder taken by the process that
// has it open (DbHandle.snapshot), loaded into an empty folder with PGlite's loadDataDir.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** libpq's environment for a URL, with the password out of the command line (`ps` shows that). */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${err.trim()}`))));
  });
}

/** pg_dump -Fc: a consistent snapshot of the whole database, whatever runs meanwhile. */
export async function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = libpq(url);
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
}

/** pg_restore into `url`: an empty database, or (clean) one whose objects are dropped first. One transaction. */
export async function pgRestore(url: string, file: string, opts: { clean?: boolean } = {}): Promise<void> {
  const { dbname, env } = libpq(url);
  const clean = opts.clean ? ['--clean', '--if-exists'] : [];
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, `--dbname=${dbname}`, file], env);
}

/** Loads a PGlite snapshot into `dataDir` (the folder holding `pgdata`), which must not hold one yet. */
export async function pgliteLoad(dataDir: string, file: string): Promise<void> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (existsSync(pgdata) && readdirSync(pgdata).length) throw new Error(`${pgdata} is not empty`);
  mkdirSync(pgdata, { recursive: true });
  const client = new PGlite({ dataDir: pgdata, loadDataDir: new Blob([readFileSync(file)]) });
  await client.waitReady;
  // A clean shutdown: the next start needs no recovery of the load itself.
  await client.close();
}

/** What a PGlite server writes beside its data folder so that a backup can ask it for a snapshot. */
export interface BackupEndpoint {
  pid: number;
  /** Where it listens (loopback when it listens on every address). */
  host: string;
  port: number;
  token: string;
}
export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';
/** The path a PGlite snapshot is asked for at, with `Authorization: Bearer <token>`. */
export const BACKUP_PATH = '/ops/backup';
