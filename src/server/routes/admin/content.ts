// Administrators: content blocks, settings, dashboard figures and reports; staff: chat moderation.
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../core/errors';
import { defineRoute } from '../define';

export async function adminContentRoutes(app: FastifyInstance) {
  const { blocks, settings, stats, reports, staff } = app.services;

  defineRoute(app, 'blocks', async ({ query }) => blocks.list(query));

  defineRoute(app, 'adminBlock', async ({ params }) => {
    const b = await blocks.get(params.name);
    if (!b) throw notFound('Block');
    return b;
  });

  defineRoute(app, 'createBlock', async ({ body, actor }) => blocks.create(body, undefined, actor));

  defineRoute(app, 'putBlock', async ({ params, body, actor }) => {
    if (body.name !== undefined && body.name !== params.name) throw badRequest('The block name in the body differs from the path');
    return blocks.put(params.name, body.content, actor);
  });

  defineRoute(app, 'deleteBlock', async ({ params, actor }) => {
    await blocks.delete(params.name, actor);
    return { ok: true as const };
  });

  defineRoute(app, 'settings', async () => settings.get());
  defineRoute(app, 'putSettings', async ({ body, actor }) => settings.put(body, undefined, actor));
  defineRoute(app, 'stats', async ({ query }) => stats.get(query.days));
  defineRoute(app, 'reports', async ({ query }) => reports.list(query));

  defineRoute(app, 'adminChat', async ({ query }) => staff.chat(query));
  defineRoute(app, 'hideChatMessage', async ({ actor, query }) => staff.hideChat(actor, query.id));
}
