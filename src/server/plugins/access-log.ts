// One line per answered request ("GET /api/v1/user/me 200 3 ms"), in place of Fastify's two
// (incoming, completed): readable on a terminal, and in JSON the same line carries the request
// (method, path without its query, address), the status and the time. Routes registered at log
// level warn (static files) write none.
import type { FastifyInstance } from 'fastify';
import { requestForLog } from '../core/log';
import { global } from './global';

export const accessLogPlugin = global(async (app: FastifyInstance) => {
  // The request's id goes back to the caller, so a report can name the log lines.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    // `req` and `res` go through the logger's serializers (core/log.ts: no query string).
    req.log.info({ req, res: reply, responseTime: ms }, `${req.method} ${requestForLog(req).url} ${reply.statusCode} ${ms} ms`);
  });
});
