// Administrators: content blocks, settings, dashboard figures.
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../errors';
import { defineRoute } from '../define';

export async function adminContentRoutes(app: FastifyInstance) {
  const { blocks, settings, stats } = app.services;

  defineRoute(app, 'blocks', async ({ query }) => blocks.list(query));

  defineRoute(app, 'adminBlock', async ({ params }) => {
    const b = await blocks.get(params.name);
    if (!b) throw notFound('Block');
    return b;
  });

  defineRoute(app, 'createBlock', async ({ body }) => blocks.create(body));

  defineRoute(app, 'putBlock', async ({ params, body }) => {
    if (body.name !== undefined && body.name !== params.name) throw badRequest('The block name in the body differs from the path');
    return blocks.put(params.name, body.content);
  });

  defineRoute(app, 'deleteBlock', async ({ params }) => {
    await blocks.delete(params.name);
    return { ok: true as const };
  });

  defineRoute(app, 'settings', async () => settings.get());
  defineRoute(app, 'putSettings', async ({ body }) => settings.put(body));
  defineRoute(app, 'stats', async ({ query }) => stats.get(query.days));
}
