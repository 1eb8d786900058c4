// Serves the built apps from dist/ when present: /admin and /admin/* -> admin.html, any other
// non-API GET -> index.html (client-side routing). API paths always answer JSON 404.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '../errors';
import { global } from './global';

export const spaPlugin = global<{ dir: string | null }>(async (app: FastifyInstance, opts) => {
  const dir = opts.dir && existsSync(path.join(opts.dir, 'index.html')) ? path.resolve(opts.dir) : null;
  const hasAdmin = !!dir && existsSync(path.join(dir, 'admin.html'));
  if (dir) await app.register(fastifyStatic, { root: dir, index: ['index.html'], wildcard: true });

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    if (dir && (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api') {
      if (hasAdmin && (url === '/admin' || url.startsWith('/admin/'))) return reply.type('text/html').sendFile('admin.html');
      return reply.type('text/html').sendFile('index.html');
    }
    throw notFound(`Route ${req.method} ${url}`);
  });
});
