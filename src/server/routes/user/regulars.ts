// For the regulars (issue 33, docs/player.md): private notes on opponents, the hand search and its
// download. Web push's routes are in push.ts.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HAND_COUNT_HEADER } from '../../../shared/api/live';
import { HAND_SEARCH_EXPORT_PATH, HandExportQuery } from '../../../shared/api/regulars';
import type { AuthUser } from '../../accounts/users';
import { zodToAppError } from '../../plugins/errors';
import { requireAccess } from '../../plugins/auth';
import { exportSearch, searchMyHands } from '../../tables/hand-search';
import { defineRoute } from '../define';

export async function userRegularsRoutes(app: FastifyInstance) {
  const { notes, db } = app.services;
  defineRoute(app, 'notes', async ({ user }) => ({ items: await notes.list(user.userId) }));
  defineRoute(app, 'putNote', async ({ user, params, body }) => notes.put(user.userId, params.userId, body), { rateLimit: { max: 120, timeWindow: 60_000 } });
  defineRoute(app, 'deleteNote', async ({ user, params }) => {
    await notes.remove(user.userId, params.userId);
    return { ok: true as const };
  });

  defineRoute(app, 'handSearch', async ({ user, query }) => searchMyHands(db, user.userId, query), { rateLimit: { max: 60, timeWindow: 60_000 } });
  // A file, not a contract object: served beside the route table, as /user/hand/export.phhs is.
  app.get(HAND_SEARCH_EXPORT_PATH, { config: { rateLimit: { max: 10, timeWindow: 60_000 } } }, async (req, reply) => {
    await requireAccess(app, req, 'user');
    const parsed = HandExportQuery.safeParse(req.query ?? {});
    if (!parsed.success) throw zodToAppError(parsed.error, 'query');
    const { count, file } = await exportSearch(db, (req.user as AuthUser).userId, parsed.data);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="mongol-poker-hands-${day}.phhs"`)
      .header('cache-control', 'no-store')
      .header(HAND_COUNT_HEADER, String(count))
      .header('access-control-expose-headers', HAND_COUNT_HEADER)
      .send(Readable.from(file));
  });
}
