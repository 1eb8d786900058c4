// Serves the built apps from dist/ when present: /admin and /admin/* -> admin.html, any other
// page path -> index.html (client-side routing). API paths always answer JSON 404, and so does a
// missing file (a path with an extension, or anything under /assets/): never the app's HTML.
// Delivery (docs/delivery.md): the build writes .br and .gz beside every text file and they are
// sent as the browser accepts them; hashed files under /assets/ are cached for a year
// (immutable), the HTML pages are revalidated at every load (no-cache). Asset requests are not
// logged at info: access logs are for the API.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '../core/errors';
import { global } from './global';

export const ASSET_CACHE = 'public, max-age=31536000, immutable';
export const PAGE_CACHE = 'no-cache';
/** Crawlers may index the player's pages, never the back office or the API. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /admin\nDisallow: /api/\n';

/** By file (a precompressed copy is cached as its original): pages revalidate, hashed assets never change. */
function cacheFor(file: string): string {
  const original = file.replace(/\.(br|gz)$/, '');
  if (original.endsWith('.html')) return PAGE_CACHE;
  return original.includes(`${path.sep}assets${path.sep}`) ? ASSET_CACHE : 'public, max-age=3600';
}

/** A page of the app (client-side route), as opposed to a file that should exist. */
function isPagePath(url: string): boolean {
  if (url.startsWith('/assets/') || url === '/api' || url.startsWith('/api/')) return false;
  const last = url.slice(url.lastIndexOf('/') + 1);
  return !last.includes('.');
}

export const spaPlugin = global<{ dir: string | null }>(async (app: FastifyInstance, opts) => {
  const dir = opts.dir && existsSync(path.join(opts.dir, 'index.html')) ? path.resolve(opts.dir) : null;
  const hasAdmin = !!dir && existsSync(path.join(dir, 'admin.html'));

  app.get('/robots.txt', { logLevel: 'warn' }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );

  if (dir)
    await app.register(fastifyStatic, {
      root: dir,
      index: ['index.html'],
      wildcard: true,
      preCompressed: true,
      // The headers are set here, by file: fastify-static's own max-age would apply to all.
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheFor(file)),
      logLevel: 'warn',
    });

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    if (dir && (req.method === 'GET' || req.method === 'HEAD') && isPagePath(url)) {
      const page = hasAdmin && (url === '/admin' || url.startsWith('/admin/')) ? 'admin.html' : 'index.html';
      return reply.type('text/html').header('cache-control', PAGE_CACHE).sendFile(page);
    }
    throw notFound(`Route ${req.method} ${url}`);
  });
});
