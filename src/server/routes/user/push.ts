// Web push for players (issue 33, docs/player.md): the room's VAPID key, and the browser's
// subscription stored or removed. 404 PUSH_DISABLED when the server has no keys.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../define';

export async function userPushRoutes(app: FastifyInstance) {
  const { push } = app.services;
  defineRoute(app, 'pushKey', async () => ({ publicKey: push.publicKey() }));
  defineRoute(app, 'putPushSubscription', async ({ user, body }) => push.subscribe(user.userId, body), { rateLimit: { max: 30, timeWindow: 60_000 } });
  defineRoute(app, 'deletePushSubscription', async ({ user, query }) => {
    await push.unsubscribe(user.userId, query.endpoint);
    return { ok: true as const };
  });
}
