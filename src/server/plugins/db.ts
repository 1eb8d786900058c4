// Opens the database (or adopts the one given), applies migrations, seeds the first start,
// creates the first administrator and decorates the app with the services.
import type { FastifyInstance } from 'fastify';
import { type DbHandle, type DbOptions, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { type ServiceOptions, type Services, createServices } from '../services';
import { seedOnce } from '../seed';
import type { Metrics } from '../core/metrics';
import { global } from './global';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface DbPluginOptions extends Record<string, unknown> {
  /** An open database to use; the app will not close it. */
  handle?: DbHandle;
  connect?: DbOptions;
  services: Omit<ServiceOptions, 'log'>;
  seed: boolean;
  admin: { username?: string; password?: string } | false;
  onAdminCreated?: (info: { username: string; password?: string }) => void;
  /** Told of lost connections, the pool's use and the ledger's transfers. */
  metrics?: Metrics;
}

export const dbPlugin = global<DbPluginOptions>(async (app: FastifyInstance, opts) => {
  const owned = !opts.handle;
  const { metrics } = opts;
  const handle = opts.handle ?? (await openDatabase({ ...(opts.connect ?? { memory: true }), onConnectionError: metrics && (() => metrics.dbError()) }));
  if (handle.poolStats) metrics?.watchPool(handle.poolStats);
  if (owned) app.addHook('onClose', async () => handle.close());
  await migrate(handle);
  const services = createServices(handle, {
    ...opts.services,
    log: { info: (m) => app.log.info(m), error: (o, m) => app.log.error(o, m) },
    onTransfers: metrics && ((kinds) => metrics.ledgerTransfers(kinds)),
  });
  app.decorate('services', services);
  if (opts.seed) await seedOnce(handle.db);
  if (opts.admin) {
    const r = await services.users.ensureAdmin(opts.admin.username, opts.admin.password);
    if (r.created && r.username) {
      if (opts.onAdminCreated) opts.onAdminCreated({ username: r.username, password: r.password });
      else app.log.warn(`first administrator created: ${r.username}${r.password ? ' (its generated password is shown to onAdminCreated only)' : ''}`);
    }
  }
});
