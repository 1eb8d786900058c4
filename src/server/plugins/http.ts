// HTTP details around the routes: lenient JSON parsing (empty body = no body), CORS for the
// configured origins, security headers (helmet, with a strict Content-Security-Policy), and rate
// limiting for the auth routes (counted in Redis when there is one, so every instance shares them).
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../core/errors';
import { global } from './global';

export interface RateLimits {
  login: { max: number; timeWindow: number };
  register: { max: number; timeWindow: number };
  forgot: { max: number; timeWindow: number };
}
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 20, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 60_000 },
  forgot: { max: 5, timeWindow: 60_000 },
};

/** The host each request was made to, as Fastify reads it (X-Forwarded-Host only from a trusted proxy). */
const requestHost = new WeakMap<IncomingMessage, string>();

/**
 * The socket's origin for connect-src: ws:// and wss:// of the host the page was loaded from.
 * CSP3 browsers already count same-host ws/wss as 'self'; older ones need them spelled out. A host
 * that is not a plain host[:port] adds nothing.
 */
function socketSources(req: IncomingMessage): string {
  const host = requestHost.get(req) ?? req.headers.host ?? '';
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Content-Security-Policy of every answer (the apps' HTML above all: the access token lives in
 * localStorage, so no script but our own bundle may ever run). The built pages have no inline
 * script (tests/server/headers.test.ts checks dist/), and nothing is evaluated from strings (zod
 * runs jitless in the browser: shared/api/common.ts). tests/e2e/csp.test.ts loads both apps in
 * Chromium and fails on any violation.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // 'unsafe-inline' for styles only: MUI's emotion inserts <style> elements at run time and the
  // pages carry a small critical <style>; a style cannot run code or read the token.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // data: for the inline SVG favicon and the generated QR code of the second factor; no other origin.
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", (req: IncomingMessage) => socketSources(req)],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
    validateResponses: boolean;
  }
}

export interface HttpOptions extends Record<string, unknown> {
  allowedOrigins: string[];
  rateLimits: RateLimits;
  validateResponses: boolean;
  /** Redis shared by the instances (REDIS_URL); without it the counts are this process's own. */
  redis?: { url: string; prefix: string };
  /** Told of each connection error of the rate-limit store's Redis (metrics). */
  onRedisError?: () => void;
}

/**
 * The rate-limit store's connection. A request waits for Redis about a second at most; while Redis
 * is away the limits are skipped (skipOnError) rather than refusing every sign-in: the sign-in
 * throttling (in the database) still applies.
 */
function rateLimitRedis(app: FastifyInstance, url: string, onError?: () => void): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  redis.on('error', (e) => {
    onError?.();
    app.log.warn({ err: e.message }, 'rate-limit redis connection error');
  });
  app.addHook('onClose', async () => redis.disconnect());
  return redis;
}

export const httpPlugin = global<HttpOptions>(async (app, opts) => {
  app.decorate('rateLimits', opts.rateLimits);
  app.decorate('validateResponses', opts.validateResponses);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'INVALID_JSON', 'Malformed JSON body'), undefined);
    }
  });

  const origins = new Set(opts.allowedOrigins);
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (origin && (origins.has(origin) || origins.has('*'))) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      if (req.method === 'OPTIONS') {
        reply
          .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
          .header('access-control-allow-headers', 'Authorization, Content-Type, Idempotency-Key')
          .header('access-control-max-age', '600')
          .code(204)
          .send();
        return reply;
      }
    }
  });
  // Helmet's usual set (nosniff, HSTS, COOP/CORP, no-referrer...) plus the CSP above. Its hook
  // runs on every request, so error answers and the static files carry the headers too. The host
  // for connect-src is noted first (this hook runs before helmet's, registered after it).
  app.addHook('onRequest', async (req) => {
    requestHost.set(req.raw, req.host);
  });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });

  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: rateLimitRedis(app, opts.redis.url, opts.onRedisError), nameSpace: `${opts.redis.prefix}rate:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => new AppError(429, 'RATE_LIMITED', `Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} s`),
  });
});
