// A consistent copy of the embedded database while the room plays: `npm run backup` on PGlite asks
// the process that holds the data folder (no second process may open it) for a snapshot taken
// under PGlite's query lock (DbHandle.snapshot). Only with the token that process wrote beside its
// data folder (readable by whoever could read the folder itself); anyone else gets a 404.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BACKUP_PATH } from '../db/backup';
import type { DbHandle } from '../db/client';
import { notFound } from '../core/errors';

export async function backupRoute(app: FastifyInstance, opts: { handle: DbHandle; token: string }): Promise<void> {
  const { snapshot } = opts.handle;
  if (!snapshot) return;
  const expected = Buffer.from(`Bearer ${opts.token}`);
  app.post(BACKUP_PATH, async (req, reply) => {
    const header = Buffer.from(req.headers.authorization ?? '');
    if (header.length !== expected.length || !timingSafeEqual(header, expected)) throw notFound(`Route POST ${BACKUP_PATH}`);
    const started = performance.now();
    const tarball = Buffer.from(await (await snapshot()).arrayBuffer());
    req.log.info({ bytes: tarball.length, ms: Math.round(performance.now() - started) }, 'database snapshot taken');
    return reply.header('content-type', 'application/gzip').header('cache-control', 'no-store').send(tarball);
  });
}
