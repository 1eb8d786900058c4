// HTTP details around the routes: lenient JSON parsing (empty body = no body), CORS for the
// configured origins, a few security headers, and rate limiting for the auth routes.
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../errors';
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

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
    validateResponses: boolean;
  }
}

export const httpPlugin = global<{ allowedOrigins: string[]; rateLimits: RateLimits; validateResponses: boolean }>(async (app, opts) => {
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
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin').header('x-frame-options', 'SAMEORIGIN');
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => new AppError(429, 'RATE_LIMITED', `Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} s`),
  });
});
