// Live-table calls over HTTP: kick and simulation for administrators, own hands for players.
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../errors';
import { myHand, myHands } from '../../services/hand-history';
import { defineRoute } from '../define';

export async function liveRoutes(app: FastifyInstance) {
  const { registry } = app.live;
  const actorOf = (tableId: number) => {
    const actor = registry.get(tableId);
    if (!actor) throw notFound('Table');
    return actor;
  };
  const orFail = (r: { ok: true } | { ok: false; error: { code: string; message: string } }) => {
    if (!r.ok) throw new AppError(r.error.code === 'NOT_SEATED' ? 404 : 409, r.error.code, r.error.message);
  };

  defineRoute(app, 'kick', async ({ query }) => {
    orFail(await actorOf(query.tableId).kick(query.userId));
    return { ok: true };
  });

  const simulation = (tableId: number) => {
    const actor = actorOf(tableId);
    return { tableId, simulation: actor.isSimulating(), bots: actor.viewFor(null).seats.filter((s) => s?.isBot).length };
  };
  defineRoute(app, 'startSimulation', async ({ query }) => {
    orFail(await actorOf(query.tableId).startSimulation());
    return simulation(query.tableId);
  });
  defineRoute(app, 'stopSimulation', async ({ query }) => {
    orFail(await actorOf(query.tableId).stopSimulation());
    return simulation(query.tableId);
  });

  defineRoute(app, 'myHands', async ({ query, user }) => myHands(app.services.db, user.userId, query));
  defineRoute(app, 'myHand', async ({ params, user }) => {
    const hand = await myHand(app.services.db, user.userId, params.handId);
    if (!hand) throw notFound('Hand');
    return hand;
  });
}
