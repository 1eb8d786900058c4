// Prometheus's view of the instance: GET /metrics (core/metrics.ts holds every metric), reachable
// with the metrics token (`Authorization: Bearer METRICS_TOKEN`) or from the networks of
// METRICS_ALLOW, judged by the TCP peer (never X-Forwarded-For); anyone else gets 404, as if there
// were nothing there. Also here: HTTP requests by route and status, the room's figures read from
// the database at scrape time, and the periodic ledger check (sums to zero, no negative account).
import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { first } from '../db/client';
import type { Metrics, RoomFigures } from '../core/metrics';
import { notFound } from '../core/errors';
import { global } from './global';

export interface MetricsAccess {
  /** METRICS_TOKEN: a bearer token that opens /metrics and /healthz's details. */
  token?: string;
  /** METRICS_ALLOW: addresses and CIDR ranges allowed without the token (the scraper's network). */
  allow?: string[];
}

export interface MetricsPluginOptions extends Record<string, unknown> {
  metrics: Metrics;
  access: MetricsAccess;
  /** How often the ledger is checked, ms (0 or absent: only on demand, `app.checkLedger()`). */
  ledgerCheckMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** Whether a request may see the metrics and the health details. */
    metricsAllowed(req: FastifyRequest): boolean;
    /** Runs the ledger check now and records it in the metrics. */
    checkLedger(): Promise<void>;
  }
}

/** METRICS_ALLOW: a comma-separated list of addresses and CIDR ranges; anything else is refused at start. */
export function parseAllowList(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr);
    const badBits = bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > (family === 4 ? 32 : 128));
    if (!family || badBits || extra !== undefined) throw new Error(`METRICS_ALLOW: "${entry}" is not an address or a CIDR range`);
  }
  return list;
}

/** Whether a request carries the token or comes from an allowed network. */
export function accessCheck(access: MetricsAccess): (req: FastifyRequest) => boolean {
  const allowed = new BlockList();
  for (const entry of access.allow ?? []) {
    const [addr, bits] = entry.split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) allowed.addAddress(addr, type);
    else allowed.addSubnet(addr, Number(bits), type);
  }
  const token = access.token ? Buffer.from(`Bearer ${access.token}`) : null;
  return (req) => {
    const header = req.headers.authorization;
    if (token && header && header.length === token.length && timingSafeEqual(Buffer.from(header), token)) return true;
    const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
    const type = isIP(peer) === 6 ? 'ipv6' : 'ipv4';
    return isIP(peer) !== 0 && allowed.check(peer, type);
  };
}

/** The room-wide gauges in one statement (read at most every few seconds, core/metrics.ts). */
async function roomFigures(app: FastifyInstance): Promise<RoomFigures> {
  const r = await first<Record<keyof RoomFigures, number>>(
    app.services.db,
    sql`SELECT
      (SELECT count(*) FROM withdrawals WHERE status = 'NOT_APPROVED')::int AS "pendingWithdrawals",
      (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status = 'NOT_APPROVED')::bigint AS "pendingWithdrawalsAmount",
      (SELECT count(*) FROM deposits WHERE created_at > now() - interval '1 hour')::int AS "depositsLastHour",
      (SELECT coalesce(sum(amount), 0) FROM deposits WHERE created_at > now() - interval '1 hour')::bigint AS "depositsLastHourAmount",
      (SELECT count(*) FROM tournaments WHERE status = 'running')::int AS "tournamentsRunning",
      (SELECT coalesce(sum(balance), 0) FROM accounts WHERE kind = 'jackpot')::bigint AS "jackpot",
      (SELECT count(*) FROM (SELECT table_id FROM table_seats GROUP BY table_id HAVING count(*) >= 2) t)::int AS "tablesWithPlayers"`,
  );
  return r!;
}

export const metricsPlugin = global<MetricsPluginOptions>(async (app: FastifyInstance, opts) => {
  const { metrics } = opts;
  const allowed = accessCheck(opts.access);
  app.decorate('metrics', metrics);
  app.decorate('metricsAllowed', allowed);
  metrics.watchRoom(() => roomFigures(app));

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern (/api/v1/user/tournament/:tournamentId), never the raw path: bounded labels.
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    if (!allowed(req)) throw notFound(`Route GET /metrics`);
    const { contentType, body } = await metrics.scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });

  const checkLedger = async () => {
    const started = performance.now();
    const report = await app.services.ledger.checkConservation();
    metrics.ledgerChecked(report, performance.now() - started);
    if (!report.ok) app.log.error({ total: report.total, negatives: report.negatives, mismatches: report.mismatches.slice(0, 20) }, 'ledger check FAILED');
  };
  app.decorate('checkLedger', checkLedger);
  if (opts.ledgerCheckMs) {
    const every = opts.ledgerCheckMs;
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      checkLedger()
        .catch((e) => app.log.warn({ err: String(e) }, 'ledger check could not run'))
        .finally(() => (running = false));
    };
    // The first check a little after start, then every `every` ms.
    const firstCheck = setTimeout(tick, Math.min(every, 15_000));
    const timer = setInterval(tick, every);
    firstCheck.unref();
    timer.unref();
    app.addHook('onClose', async () => {
      clearTimeout(firstCheck);
      clearInterval(timer);
    });
  }
});
