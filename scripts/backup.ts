// npm run backup [-- --out FILE]: a consistent backup of the room's database, with the server's
// own settings (DATABASE_URL, else PGlite under DATA_DIR). PostgreSQL: pg_dump's custom format.
// PGlite: a tarball of the data folder, asked of the running server (it holds the folder), or
// taken directly when no server runs. Writes to BACKUP_DIR (default ./backups). docs/operations.md.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BACKUP_ENDPOINT_FILE, BACKUP_PATH, type BackupEndpoint, pgDump } from '../src/server/db/backup';
import { openDatabase } from '../src/server/db/client';

const env = process.env;
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const kind = env.DATABASE_URL ? 'pg' : 'pglite';
const out = path.resolve(values.out ?? path.join(env.BACKUP_DIR ?? './backups', `poker-${kind}-${stamp}${kind === 'pg' ? '.dump' : '.tar.gz'}`));
mkdirSync(path.dirname(out), { recursive: true });
// Written beside, then renamed: a file with the final name is always a whole backup.
const partial = `${out}.partial`;
const started = Date.now();

/** The running server that holds the PGlite folder, if one does. */
function runningServer(dataDir: string): BackupEndpoint | undefined {
  const file = path.join(dataDir, BACKUP_ENDPOINT_FILE);
  if (!existsSync(file)) return undefined;
  const endpoint = JSON.parse(readFileSync(file, 'utf8')) as BackupEndpoint;
  try {
    process.kill(endpoint.pid, 0);
    return endpoint;
  } catch {
    return undefined; // left by a server that died
  }
}

async function pgliteSnapshot(dataDir: string): Promise<Buffer> {
  const server = runningServer(dataDir);
  if (server) {
    const res = await fetch(`http://${server.host}:${server.port}${BACKUP_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` } });
    if (!res.ok) throw new Error(`the server answered ${res.status} to the backup request`);
    return Buffer.from(await res.arrayBuffer());
  }
  if (!existsSync(path.join(dataDir, 'pgdata'))) throw new Error(`no database in ${dataDir}`);
  const handle = await openDatabase({ dataDir });
  try {
    return Buffer.from(await (await handle.snapshot!()).arrayBuffer());
  } finally {
    await handle.close();
  }
}

try {
  if (env.DATABASE_URL) await pgDump(env.DATABASE_URL, partial);
  else writeFileSync(partial, await pgliteSnapshot(path.resolve(env.DATA_DIR ?? './data')));
  renameSync(partial, out);
  console.log(`backup written: ${out} (${Date.now() - started} ms)`);
} catch (e) {
  console.error(`backup FAILED: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
