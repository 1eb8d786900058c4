// Entry point: reads the environment, builds the app and listens. See docs/server.md.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { parseTrustProxy } from './plugins/proxy';
import { LogMailTransport, SmtpMailTransport } from './core/mail';
import { loggerOptions } from './core/log';
import { parseAllowList } from './plugins/metrics';
import { parseKeys } from './core/secret-box';
import { BACKUP_ENDPOINT_FILE, type BackupEndpoint } from './db/backup';

const env = process.env;
const port = Number(env.PORT ?? 3000);
const dataDir = path.resolve(env.DATA_DIR ?? './data');
mkdirSync(dataDir, { recursive: true });

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR (so tokens survive restarts). */
function jwtSecret(): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

// Several instances share one PostgreSQL and one Redis; the embedded database is one process's own.
if (env.REDIS_URL && !env.DATABASE_URL) {
  console.error('REDIS_URL is set without DATABASE_URL: several instances need one PostgreSQL server (the embedded database serves one process only).');
  process.exit(1);
}

const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
const secret = jwtSecret();
const qpay = await qpaySettings();
// PGlite: `npm run backup` asks this process for a snapshot with this token (plugins/backup.ts).
const backupToken = env.DATABASE_URL ? undefined : randomBytes(32).toString('base64url');
const backupEndpointFile = path.join(dataDir, BACKUP_ENDPOINT_FILE);

/**
 * QPay (docs/payments.md): QPAY_URL and its credentials, or else the simulator beside the room
 * (a fresh machine takes deposits). QPAY=off turns QPay deposits off; in production
 * (NODE_ENV=production) no simulator is started without QPAY_SIMULATOR=1, since it pays anything.
 */
async function qpaySettings() {
  if (env.QPAY === 'off') return { options: undefined, close: async () => {} };
  const room = {
    callbackUrl: env.QPAY_CALLBACK_URL ?? `${publicUrl}/api/v1/qpay/callback`,
    callbackSecret: env.QPAY_CALLBACK_SECRET ?? createHmac('sha256', secret).update('qpay-callback').digest('base64url'),
    invoiceTtlMs: env.QPAY_INVOICE_TTL_MS ? Number(env.QPAY_INVOICE_TTL_MS) : undefined,
    pollMs: env.QPAY_POLL_MS ? Number(env.QPAY_POLL_MS) : undefined,
    checkMs: env.QPAY_CHECK_MS ? Number(env.QPAY_CHECK_MS) : undefined,
    reconcileMs: env.QPAY_RECONCILE_MS ? Number(env.QPAY_RECONCILE_MS) : undefined,
  };
  if (env.QPAY_URL) {
    const { QPAY_USERNAME: username, QPAY_PASSWORD: password, QPAY_INVOICE_CODE: invoiceCode } = env;
    if (!username || !password || !invoiceCode) {
      console.error('QPAY_URL needs QPAY_USERNAME, QPAY_PASSWORD and QPAY_INVOICE_CODE.');
      process.exit(1);
    }
    return { options: { ...room, client: { baseUrl: env.QPAY_URL.replace(/\/+$/, ''), username, password, invoiceCode } }, close: async () => {} };
  }
  if (env.NODE_ENV === 'production' && env.QPAY_SIMULATOR !== '1') {
    console.warn('QPAY_URL is not set: QPay deposits are off (the simulator is not started in production).');
    return { options: undefined, close: async () => {} };
  }
  const { startQPaySim, DEFAULT_CREDENTIALS } = await import('../qpay-sim');
  const simPort = env.QPAY_SIM_PORT ? Number(env.QPAY_SIM_PORT) : port + 1;
  const sim = await startQPaySim({
    port: simPort,
    host: env.QPAY_SIM_HOST ?? '127.0.0.1',
    publicUrl: env.QPAY_SIM_PUBLIC_URL ?? `http://localhost:${simPort}`,
    log: { info: (m) => console.log(m) },
  });
  const { username, password, invoiceCode } = DEFAULT_CREDENTIALS;
  return { options: { ...room, client: { baseUrl: sim.url, username, password, invoiceCode } }, close: () => sim.close() };
}

/** Web push's keys (`npx web-push generate-vapid-keys`); without both keys push is off. */
function vapidKeys() {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT || publicUrl.replace(/^http:/, 'https:') };
}

const app = await buildApp({
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir: env.DATABASE_URL ? undefined : dataDir,
  jwtSecret: secret,
  qpay: qpay.options,
  logger: loggerOptions(env, process.stdout.isTTY === true),
  publicUrl,
  mail: env.SMTP_URL ? new SmtpMailTransport(env.SMTP_URL, env.MAIL_FROM ?? 'Mongol Poker <no-reply@mongolpoker.mn>') : undefined,
  mailBodiesInLog: env.NODE_ENV !== 'production',
  allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  staticDir: path.resolve('dist'),
  meCacheTtlMs: env.ME_CACHE_TTL_MS ? Number(env.ME_CACHE_TTL_MS) : undefined,
  redisUrl: env.REDIS_URL || undefined,
  redisPrefix: env.REDIS_PREFIX || undefined,
  vapid: vapidKeys(),
  pushHosts: env.PUSH_HOSTS
    ? env.PUSH_HOSTS.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined,
  admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
  // The integrity job reads settled hands every few seconds (docs/integrity.md); 0 turns it off here.
  integrityJobMs: env.INTEGRITY_JOB_MS ? Number(env.INTEGRITY_JOB_MS) : 5_000,
  // Players whose session limit is reached are stood up from their cash seats (docs/safer-play.md).
  saferSweepMs: env.SAFER_SWEEP_MS ? Number(env.SAFER_SWEEP_MS) : 60_000,
  metrics: {
    token: env.METRICS_TOKEN || undefined,
    allow: parseAllowList(env.METRICS_ALLOW),
    ledgerCheckMs: env.LEDGER_CHECK_MS ? Number(env.LEDGER_CHECK_MS) : 300_000,
  },
  // Fast bots and no pause between hands: crash tests and load runs, never production.
  live: {
    fastBots: env.BOTS_FAST === '1',
    botDelayMs: env.BOT_DELAY_MS ? Number(env.BOT_DELAY_MS) : undefined,
    betweenHands: env.BETWEEN_HANDS_MS ? Number(env.BETWEEN_HANDS_MS) : undefined,
    botIterations: env.BOT_ITERATIONS ? Number(env.BOT_ITERATIONS) : undefined,
    leaseTtlMs: env.LEASE_TTL_MS ? Number(env.LEASE_TTL_MS) : undefined,
    leaseTickMs: env.LEASE_TICK_MS ? Number(env.LEASE_TICK_MS) : undefined,
    // A tournament's own clock and action time: not the lease's period nor a cash table's setting.
    tournamentTickMs: env.TOURNAMENT_TICK_MS ? Number(env.TOURNAMENT_TICK_MS) : undefined,
    tournamentActionTime: env.TOURNAMENT_ACTION_TIME ? Number(env.TOURNAMENT_ACTION_TIME) : undefined,
    // Fast-fold pools (docs/fast-fold.md): the director's pass, a pool table's pause, the wait before a short-handed deal.
    poolTickMs: env.POOL_TICK_MS ? Number(env.POOL_TICK_MS) : undefined,
    poolBetweenHands: env.POOL_BETWEEN_HANDS_MS ? Number(env.POOL_BETWEEN_HANDS_MS) : undefined,
    poolShortHandedAfterMs: env.POOL_SHORT_HANDED_MS ? Number(env.POOL_SHORT_HANDED_MS) : undefined,
    poolFullerTableAfterMs: env.POOL_FULLER_TABLE_MS ? Number(env.POOL_FULLER_TABLE_MS) : undefined,
    socketLimits: {
      game: [20, 10],
      chat: [5, 1],
      perAddress: env.SOCKETS_PER_ADDRESS ? Number(env.SOCKETS_PER_ADDRESS) : undefined,
      anonymousPerAddress: env.ANONYMOUS_SOCKETS_PER_ADDRESS ? Number(env.ANONYMOUS_SOCKETS_PER_ADDRESS) : undefined,
    },
  },
  backupToken,
  totpKeys: parseKeys(env.TOTP_KEY),
  onAdminCreated: ({ username, password }) => {
    const lines = password
      ? [`First administrator created. Username: ${username}  Password: ${password}`, 'This password is shown once; change it after logging in.']
      : [`First administrator created from ADMIN_USERNAME: ${username}`];
    console.log(`\n${lines.join('\n')}\n`);
  },
});
void LogMailTransport;

// SIGTERM (a deploy): deal no new hand, let the hands in play finish, hand the tables over,
// tell the sockets to reconnect (close code 4012), then exit. Bounded by DRAIN_TIMEOUT_MS
// (default 120 s): a hand still open then is voided by whoever takes the table.
// SIGINT (Ctrl-C): stop at once.
const drainTimeout = env.DRAIN_TIMEOUT_MS ? Number(env.DRAIN_TIMEOUT_MS) : 120_000;
let stopping = false;
const shutdown = async (signal: string, drain: boolean) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: ${drain ? 'draining, then shutting down' : 'shutting down'}`);
  if (drain) {
    const started = Date.now();
    const timedOut = await Promise.race([
      app.live.drain().then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), drainTimeout).unref()),
    ]).catch((e) => {
      app.log.error(e, 'drain failed');
      return true;
    });
    app.log.info(`drained in ${Date.now() - started} ms${timedOut ? ' (timed out)' : ''}`);
  }
  if (backupToken) rmSync(backupEndpointFile, { force: true });
  await app.close();
  await qpay.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT', false));
process.on('SIGTERM', () => void shutdown('SIGTERM', true));

// Connections waiting to be accepted: Node's default of 511 overflowed when thousands of sockets
// reconnected at once (a deploy's close 4012). The kernel caps it at net.core.somaxconn (4096 by
// default since Linux 5.4; raise both for more, docs/deploy.md).
await app.listen({ port, host: env.HOST ?? '0.0.0.0', backlog: env.LISTEN_BACKLOG ? Number(env.LISTEN_BACKLOG) : 4096 });
if (backupToken) {
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const endpoint: BackupEndpoint = { pid: process.pid, host, port: (app.server.address() as { port: number }).port, token: backupToken };
  writeFileSync(backupEndpointFile, JSON.stringify(endpoint), { mode: 0o600 });
}
app.log.info(`database: ${env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${dataDir}`}`);
