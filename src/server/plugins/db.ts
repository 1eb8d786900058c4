// Opens the database (or adopts the one given) and applies the migrations; closes it with the
// app when it opened it. Lost connections and the pool's use go to the metrics.
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../core/metrics';
import { type DbHandle, type DbOptions, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

export async function openDb(app: FastifyInstance, opts: { handle?: DbHandle; connect?: DbOptions; metrics?: Metrics }): Promise<DbHandle> {
  const { metrics } = opts;
  const handle = opts.handle ?? (await openDatabase({ ...(opts.connect ?? { memory: true }), onConnectionError: metrics && (() => metrics.dbError()) }));
  if (handle.poolStats) metrics?.watchPool(handle.poolStats);
  if (!opts.handle) app.addHook('onClose', async () => handle.close());
  await migrate(handle);
  return handle;
}
