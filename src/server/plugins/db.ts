// Opens the database (or adopts the one given) and applies the migrations; closes it with the
// app when it opened it.
import type { FastifyInstance } from 'fastify';
import { type DbHandle, type DbOptions, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

export async function openDb(app: FastifyInstance, opts: { handle?: DbHandle; connect?: DbOptions }): Promise<DbHandle> {
  const handle = opts.handle ?? (await openDatabase(opts.connect ?? { memory: true }));
  if (!opts.handle) app.addHook('onClose', async () => handle.close());
  await migrate(handle);
  return handle;
}
