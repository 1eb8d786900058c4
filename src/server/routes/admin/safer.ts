// Safer play in the back office (docs/admin.md): identity checks to review (images shown to staff
// only), a player's limits and exclusions, and an exclusion recorded at a player's request (never
// shorter than one in force: the service refuses).
import type { FastifyInstance } from 'fastify';
import { audit } from '../../core/audit';
import { notFound } from '../../core/errors';
import { exclusionHistory } from '../../accounts/safer-play/exclusions';
import { defineRoute } from '../define';

export async function adminSaferRoutes(app: FastifyInstance) {
  const { safer, db } = app.services;
  const adminView = async (userId: number) => {
    const profile = await safer.adminProfile(userId);
    return { ...(await safer.view(userId)), ...profile, exclusions: await exclusionHistory(db, userId) };
  };

  defineRoute(app, 'adminIdentityChecks', async ({ query }) => safer.identity.list(query));
  defineRoute(app, 'adminIdentityCheck', async ({ params }) => safer.identity.get(params.checkId));
  defineRoute(app, 'reviewIdentityCheck', async ({ actor, query, body }) => safer.identity.review(actor, query.id, body));
  defineRoute(app, 'adminSaferPlay', async ({ query }) => {
    if (!(await app.services.userAdmin.exists(query.userId))) throw notFound('User');
    return adminView(query.userId);
  });
  defineRoute(app, 'adminExclude', async ({ actor, query, body }) => {
    if (!(await app.services.userAdmin.exists(query.userId))) throw notFound('User');
    await db.transaction(async (tx) => {
      await safer.exclude(query.userId, body, actor.userId, tx);
      await audit(tx, actor, { action: 'user.exclusion', objectType: 'user', objectId: query.userId, userId: query.userId, after: { ...body } });
    });
    await app.playGate.leaveAllPlay(query.userId);
    return adminView(query.userId);
  });
}
