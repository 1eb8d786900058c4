// The Fastify app as a plugin tree: http details, errors, database + services, routes, static
// files. `buildApp` is what server.ts and the tests use (tests drive it with app.inject).
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { DbHandle } from './db/client';
import { accessLogPlugin } from './plugins/access-log';
import { type MetricsAccess, metricsPlugin } from './plugins/metrics';
import { Metrics } from './core/metrics';
import { requestId } from './core/log';
import { authPlugin } from './plugins/auth';
import { busPlugin } from './plugins/bus';
import type { Bus } from './cluster/bus';
import { openDb } from './plugins/db';
import { composeRoom } from './compose';
import { errorsPlugin } from './plugins/errors';
import { DEFAULT_RATE_LIMITS, type RateLimits, httpPlugin } from './plugins/http';
import { livePlugin } from './plugins/live';
import type { LiveOptions } from './live';
import { meCacheBridgePlugin } from './plugins/me-cache-bridge';
import { paymentsPlugin } from './plugins/payments';
import { paymentRoutes } from './routes/payments';
import type { QPayOptions } from './wallet/qpay/options';
import type { DepositGuard } from './wallet/deposit-guard';
import { spaPlugin } from './plugins/spa';
import { type TrustProxy, fastifyTrustProxy } from './plugins/proxy';
import { adminRoutes } from './routes/admin';
import { chatRoutes } from './routes/chat';
import { liveRoutes } from './routes/live';
import { tournamentRoutes } from './routes/tournaments';
import { poolRoutes } from './routes/pools';
import { userRoutes } from './routes/user';
import { backupRoute } from './plugins/backup';
import { LogMailTransport, type MailTransport } from './core/mail';
import type { ScryptParams } from './accounts/passwords';
import type { VapidKeys } from './room/push';
import type { Agent } from 'node:https';

export interface AppOptions {
  /** An already open database (tests share one per file); not closed with the app. */
  db?: DbHandle;
  /** PostgreSQL URL; without it (and without `db`) the app runs on PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; in memory when absent. */
  dataDir?: string;
  jwtSecret: string;
  logger?: boolean | Record<string, unknown>;
  /** Mail transport; default writes messages to the log. */
  mail?: MailTransport;
  /** The default mail transport writes the mail's text (false in production: links carry tokens). */
  mailBodiesInLog?: boolean;
  /** Base URL used in mailed links. */
  publicUrl?: string;
  scrypt?: ScryptParams;
  /** Cache of each user's own record, ms (default 30 000; 0 = off). Instances tell each other of changes over the bus. */
  meCacheTtlMs?: number;
  rateLimits?: Partial<RateLimits>;
  allowedOrigins?: string[];
  /** Folder of the built apps (dist/); served when it holds index.html. */
  staticDir?: string | null;
  /** Check every answer against the contract (tests). */
  validateResponses?: boolean;
  /** Seed settings, demo tables and content on first start (default true). */
  seed?: boolean;
  /** First administrator (default: 'admin' with a generated password); false to skip. */
  admin?: { username?: string; password?: string } | false;
  onAdminCreated?: (info: { username: string; password?: string }) => void;
  bodyLimit?: number;
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY): a hop count or a list of addresses /
   * CIDRs. Default off: `req.ip` (per-address limits, sign-in throttling) is the peer.
   */
  trustProxy?: TrustProxy;
  /** Redis for the messages between instances (REDIS_URL); without it, one process. */
  redisUrl?: string;
  /** Channel prefix on Redis (default 'poker:'), so rooms sharing a Redis stay apart. */
  redisPrefix?: string;
  /** A bus given directly (tests). */
  bus?: Bus;
  /** Live tables and the socket; tests may tune timers and bots. */
  live?: Partial<Omit<LiveOptions, 'allowedOrigins'>>;
  /** QPay deposits (docs/payments.md); absent: off. */
  qpay?: QPayOptions;
  /** The safer-play deposit limits QPay deposits must pass (default: none). */
  depositGuard?: DepositGuard;
  /** Web push's VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); absent: push is off. */
  vapid?: VapidKeys | null;
  /** The HTTPS agent web push uses (tests: one that trusts a local push service). */
  pushAgent?: Agent;
  /** Hosts push endpoints may be on (PUSH_HOSTS; default: the browsers' push services). */
  pushHosts?: readonly string[];
  /** Who may read /metrics (METRICS_TOKEN, METRICS_ALLOW) and how often the ledger is checked (LEDGER_CHECK_MS). */
  metrics?: MetricsAccess & { ledgerCheckMs?: number; roomCacheMs?: number };
  /** TOTP_KEY: keys of the staff's TOTP secrets at rest, the first seals (core/secret-box.ts). */
  totpKeys?: Buffer[];
  /** PGlite: the token of POST /ops/backup (a snapshot for `npm run backup`, plugins/backup.ts). */
  backupToken?: string;
  /** The integrity job's period, ms (INTEGRITY_JOB_MS, docs/integrity.md); absent or 0: off (tests run it by hand). */
  integrityJobMs?: number;
  /** How often players over their session limit are stood up, ms (SAFER_SWEEP_MS, docs/safer-play.md); absent or 0: off (tests run it by hand). */
  saferSweepMs?: number;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // One line per request, written when it is answered (plugins/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A caller's X-Request-Id (a proxy's, a client's) names the request in the logs, else a new one.
    genReqId: requestId,
    bodyLimit: opts.bodyLimit ?? 256 * 1024,
    trustProxy: fastifyTrustProxy(opts.trustProxy),
    // First start on PGlite creates the database on disk: allow it time on slow machines.
    pluginTimeout: 180_000,
    // No ajv: every route validates with the shared zod contract.
    ajv: { customOptions: { removeAdditional: false } },
  });
  const metrics = new Metrics({ roomCacheMs: opts.metrics?.roomCacheMs });
  const mail = opts.mail ?? new LogMailTransport((m) => app.log.info(m), opts.mailBodiesInLog ?? true);
  // What every user of Redis needs (rate limits, bus, presence); the prefix keeps rooms apart.
  const redis = opts.redisUrl ? { url: opts.redisUrl, prefix: opts.redisPrefix ?? 'poker:' } : undefined;

  await app.register(httpPlugin, {
    allowedOrigins: opts.allowedOrigins ?? [],
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits },
    validateResponses: opts.validateResponses ?? false,
    redis,
    onRedisError: () => metrics.redisError('rate-limit'),
  });
  await app.register(errorsPlugin);
  await app.register(accessLogPlugin);
  await app.register(metricsPlugin, { metrics, access: opts.metrics ?? {}, ledgerCheckMs: opts.metrics?.ledgerCheckMs });
  await app.register(authPlugin);
  const handle = await openDb(app, {
    handle: opts.db,
    connect: opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : opts.dataDir ? { dataDir: opts.dataDir } : { memory: true },
    metrics,
  });
  if (opts.backupToken) await app.register(backupRoute, { handle, token: opts.backupToken });
  await app.register(busPlugin, { bus: opts.bus, redisUrl: opts.redisUrl, redisPrefix: opts.redisPrefix });
  await composeRoom(app, {
    handle,
    bus: app.bus,
    services: {
      jwtSecret: opts.jwtSecret,
      totpKeys: opts.totpKeys,
      publicUrl: opts.publicUrl ?? 'http://localhost:3000',
      mail,
      scrypt: opts.scrypt,
      meCacheTtlMs: opts.meCacheTtlMs,
      vapid: opts.vapid ?? null,
      pushAgent: opts.pushAgent,
      pushHosts: opts.pushHosts,
    },
    live: { allowedOrigins: opts.allowedOrigins ?? [], redis, ...opts.live },
    seed: opts.seed ?? true,
    admin: opts.admin ?? {},
    onAdminCreated: opts.onAdminCreated,
    integrityJobMs: opts.integrityJobMs,
    saferSweepMs: opts.saferSweepMs,
    metrics,
  });
  await app.register(meCacheBridgePlugin);
  await app.register(livePlugin, { allowedOrigins: opts.allowedOrigins ?? [] });
  await app.register(paymentsPlugin, { qpay: opts.qpay, guard: opts.depositGuard });
  await app.register(async (api) => {
    await userRoutes(api);
    await adminRoutes(api);
    await chatRoutes(api);
    await liveRoutes(api);
    await tournamentRoutes(api);
    await poolRoutes(api);
    await paymentRoutes(api);
  });
  await app.register(spaPlugin, { dir: opts.staticDir === undefined ? null : opts.staticDir });
  return app;
}
