// Live-table calls over HTTP: kick and simulation for administrators, own hands for players.
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../errors';
import { myHand, myHands } from '../../services/hand-history';
import { defineRoute } from '../define';

export async function liveRoutes(app: FastifyInstance) {
  const { directory } = app.live;
  const known = (tableId: number) => {
    if (!directory.exists(tableId)) throw notFound('Table');
    return tableId;
  };
  const orFail = (r: { ok: true } | { ok: false; error: { code: string; message: string } }) => {
    if (!r.ok) throw new AppError(r.error.code === 'NOT_SEATED' ? 404 : 409, r.error.code, r.error.message);
  };

  defineRoute(app, 'kick', async ({ query }) => {
    orFail(await directory.call(known(query.tableId), 'kick', [query.userId]));
    return { ok: true };
  });

  const simulation = async (tableId: number) => ({ tableId, ...(await directory.call(tableId, 'simulation', [])) });
  defineRoute(app, 'startSimulation', async ({ query }) => {
    orFail(await directory.call(known(query.tableId), 'startSimulation', []));
    return simulation(query.tableId);
  });
  defineRoute(app, 'stopSimulation', async ({ query }) => {
    orFail(await directory.call(known(query.tableId), 'stopSimulation', []));
    return simulation(query.tableId);
  });

  defineRoute(app, 'myHands', async ({ query, user }) => myHands(app.services.db, user.userId, query));
  defineRoute(app, 'myHand', async ({ params, user }) => {
    const hand = await myHand(app.services.db, user.userId, params.handId);
    if (!hand) throw notFound('Hand');
    return hand;
  });
}
