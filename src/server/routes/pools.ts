// Fast-fold pools (docs/fast-fold.md): the lobby's list, joining and leaving (players), and
// create / close / house bots (administrators). Thin handlers over pools/service.ts and the live
// room's pools (pools/room.ts), reached from any instance through pools/router.ts.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from './define';

export async function poolRoutes(app: FastifyInstance) {
  const { pools, maintenance } = app.services;
  const live = () => app.live.poolRouter;
  const seat = async (poolId: number, userId: number) => {
    const inPool = await pools.isMember(poolId, userId);
    const at = inPool ? await live().tableOf(poolId, userId) : { tableId: null, away: false };
    return { poolId, inPool, ...at };
  };

  defineRoute(app, 'pools', async ({ query }) => pools.list({ ...query, status: query.status ?? 'open' }));
  defineRoute(app, 'poolSeat', async ({ params, user }) => seat(params.poolId, user.userId));
  defineRoute(app, 'joinPool', async ({ params, body, user }) => {
    await maintenance.assertOpen('play', user.role);
    await app.playGate.mayJoinPool(user.userId, body.buyIn);
    const profile = await app.services.users.me(user.userId);
    await live().join(params.poolId, { userId: user.userId, username: user.username, avatar: profile?.avatar ?? null }, body.buyIn);
    return seat(params.poolId, user.userId);
  });
  // Back after being away (the clock folded them): no money moves, so the gate asks for none.
  defineRoute(app, 'poolBack', async ({ params, user }) => {
    await maintenance.assertOpen('play', user.role);
    await app.playGate.mayJoinPool(user.userId, 0);
    await live().back(params.poolId, user.userId);
    return seat(params.poolId, user.userId);
  });
  defineRoute(app, 'leavePool', async ({ params, user }) => {
    await pools.get(params.poolId);
    await live().leave(params.poolId, user.userId);
    return seat(params.poolId, user.userId);
  });

  defineRoute(app, 'adminPools', async ({ query }) => pools.list(query));
  defineRoute(app, 'createPool', async ({ actor, body }) => {
    const pool = await pools.create(actor, body);
    await app.live.pools.tickNow();
    return pool;
  });
  defineRoute(app, 'closePool', async ({ actor, params }) => {
    await pools.get(params.poolId);
    await live().close(params.poolId);
    await pools.audited(actor, params.poolId, 'pool.close');
    return pools.get(params.poolId);
  });
  defineRoute(app, 'addPoolBots', async ({ actor, params, body }) => {
    await pools.get(params.poolId);
    await live().addBots(params.poolId, body.count);
    await pools.audited(actor, params.poolId, 'pool.bots');
    return pools.get(params.poolId);
  });
}
