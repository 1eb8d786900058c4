// A fast-fold pool across two instances of one room (one database, one Redis; docs/fast-fold.md,
// "Several instances"): its director runs on one of them, and a player whose requests and socket
// are on the other one joins, is dealt (POOL_SEATED reaches their socket there), folds and is
// dealt again, leaves, and gets their pool account back. The owner's errors come back as they are.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/server/db/client';
import type { ServerMessage } from '../../src/shared/protocol';
import { errCode, type TestUser } from './helpers/app';
import { twoInstances } from './helpers/two-instances';
import { waitFor } from './helpers/tournament';
import { connect, signIn, socketUrl } from './helpers/ws';

const live = { fastBots: true, botDelayMs: 20, botIterations: 10, leaseTickMs: 200, poolTickMs: 50, poolBetweenHands: 0, poolShortHandedAfterMs: 300 };
const POOL = { variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6, rakePercent: 5, rakeCap: 300 };

const { ctx, open, second } = twoInstances(live);

const callAt = (app: FastifyInstance, { as, ...rest }: InjectOptions & { as?: TestUser }) =>
  app.inject({ ...rest, headers: as ? { authorization: `Bearer ${as.token}` } : {} } as InjectOptions);

/** A new pool, and the instance running its director (the owner) and the other one. */
async function newPool(name: string): Promise<{ poolId: number; owner: FastifyInstance; other: FastifyInstance }> {
  const res = await ctx.call({ method: 'POST', url: '/api/v1/admin/pool', as: await ctx.admin(), payload: { ...POOL, name } });
  expect(res.statusCode, res.body).toBe(201);
  const poolId = res.json().poolId as number;
  const owners = () => [ctx.app, second()].filter((app) => app.live.pools.director(poolId) !== undefined);
  await waitFor(() => owners().length === 1, 10_000);
  const owner = owners()[0];
  return { poolId, owner, other: owner === second() ? ctx.app : second() };
}

const seated = (poolId: number) => (m: ServerMessage) => m.type === 'GAME' && m.action === 'POOL_SEATED' && m.poolId === poolId && m.tableId !== null;

describe('a fast-fold pool run by another instance', () => {
  it('a player on the instance without the director joins, is dealt, folds and is dealt again, leaves with their chips', async () => {
    const { poolId, owner, other } = await newPool('Rush two rooms');
    expect(other.live.pools.director(poolId)).toBeUndefined();
    const admin = await ctx.admin();
    // House bots added from the other instance too.
    const bots = await callAt(other, { method: 'POST', url: `/api/v1/admin/pool/${poolId}/bots`, as: admin, payload: { count: 5 } });
    expect(bots.statusCode, bots.body).toBe(200);
    expect(bots.json().players).toBe(5);

    const player = await ctx.player({ balance: 20_000 });
    const available = async () => (await ctx.services.ledger.balances(ctx.services.db, player.userId)).available;
    const s = await connect(socketUrl(other));
    open.push(s);
    await signIn(s, player);
    const join = await callAt(other, { method: 'POST', url: `/api/v1/user/pool/${poolId}/join`, as: player, payload: { buyIn: 5_000 } });
    expect(join.statusCode, join.body).toBe(200);
    expect(join.json().inPool).toBe(true);
    expect(await available()).toBe(15_000);
    expect(owner.live.pools.director(poolId)!.members.has(player.userId)).toBe(true);

    // Dealt twice: the first table, then (after folding there) the next one.
    let table = (await s.next<Extract<ServerMessage, { action: 'POOL_SEATED' }>>(seated(poolId), 20_000)).tableId!;
    const tables = [table];
    for (let round = 0; round < 2; round++) {
      s.send({ type: 'GAME', action: 'SUBSCRIBE', tableId: table, requestId: `sub${round}` });
      const sub = await s.next((m) => (m.type === 'ACK' || m.type === 'ERROR') && m.requestId === `sub${round}`);
      expect(sub.type, JSON.stringify(sub)).toBe('ACK');
      // FAST_FOLD crosses to the table's owner: the hand is folded when the action reaches the seat.
      s.send({ type: 'GAME', action: 'FAST_FOLD', tableId: table, requestId: `ff${round}` });
      const ff = await s.next((m) => (m.type === 'ACK' || m.type === 'ERROR') && m.requestId === `ff${round}`);
      // The hand may have ended before the command came (nothing to fold then): the next deal comes all the same.
      expect(ff.type === 'ACK' || (ff.type === 'ERROR' && ff.code !== 'TABLE_MOVED' && ff.code !== 'NOT_FOUND'), JSON.stringify(ff)).toBe(true);
      const next = await s.next<Extract<ServerMessage, { action: 'POOL_SEATED' }>>(seated(poolId), 20_000);
      s.send({ type: 'GAME', action: 'UNSUBSCRIBE', tableId: table, requestId: `unsub${round}` });
      table = next.tableId!;
      tables.push(table);
    }
    // The view of a table reached this socket through the owner: our seat was at the table.
    const views = s.frames.filter((m) => m.type === 'GAME' && m.action === 'TABLE_STATE');
    expect(views.length).toBeGreaterThan(0);
    const seat = await callAt(other, { method: 'GET', url: `/api/v1/user/pool/${poolId}/seat`, as: player });
    expect(seat.json().inPool).toBe(true);

    const leave = await callAt(other, { method: 'POST', url: `/api/v1/user/pool/${poolId}/leave`, as: player });
    expect(leave.statusCode, leave.body).toBe(200);
    await waitFor(
      async () => (await rows(ctx.services.db, sql`SELECT 1 FROM fast_fold_players WHERE pool_id = ${poolId} AND user_id = ${player.userId}`)).length === 0,
      20_000,
    );
    // The pool account went home: nothing of the player's left at the pool's tables, the rest in the wallet.
    const left = await rows<{ total: string }>(
      ctx.services.db,
      sql`SELECT coalesce(sum(balance), 0)::bigint AS total FROM accounts
          WHERE user_id = ${player.userId} AND table_id IN (SELECT id FROM poker_tables WHERE pool_id = ${poolId})`,
    );
    expect(Number(left[0].total)).toBe(0);
    const wallet = await available();
    // Folding every hand it could, the player lost at most the blinds of the hands they were dealt.
    expect(wallet).toBeGreaterThan(20_000 - 5_000);
    expect(wallet).toBeLessThanOrEqual(20_000 + 5_000 * 5);
    const { locked } = await ctx.services.ledger.balances(ctx.services.db, player.userId);
    expect(locked).toBe(0);
    expect((await ctx.services.ledger.checkConservation()).ok).toBe(true);
    console.info('cluster pool: tables', JSON.stringify(tables), 'wallet after', wallet);

    // Closed from the other instance: the director sends everyone home, nothing left in the pool.
    expect((await callAt(other, { method: 'POST', url: `/api/v1/admin/pool/${poolId}/close`, as: admin })).statusCode).toBe(200);
    await waitFor(async () => (await rows(ctx.services.db, sql`SELECT 1 FROM fast_fold_players WHERE pool_id = ${poolId}`)).length === 0, 30_000);
  }, 90_000);

  it("the owner's answers come back from the other instance: unknown pool, buy-in out of range, not a member", async () => {
    const { poolId, owner, other } = await newPool('Rush errors');
    const player = await ctx.player({ balance: 20_000 });
    for (const app of [owner, other])
      for (const action of ['join', 'leave']) {
        const res = await callAt(app, { method: 'POST', url: `/api/v1/user/pool/99999/${action}`, as: player, payload: { buyIn: 5_000 } });
        expect([res.statusCode, errCode(res)], `${action} on ${app === owner ? 'owner' : 'other'}`).toEqual([404, 'NOT_FOUND']);
      }
    const low = await callAt(other, { method: 'POST', url: `/api/v1/user/pool/${poolId}/join`, as: player, payload: { buyIn: 1_000 } });
    expect([low.statusCode, errCode(low)]).toEqual([409, 'BUY_IN_RANGE']);
    expect(low.json().error.message).toBe('Buy-in must be between 2000 and 10000');
    const notIn = await callAt(other, { method: 'POST', url: `/api/v1/user/pool/${poolId}/leave`, as: player });
    expect([notIn.statusCode, errCode(notIn)]).toEqual([404, 'NOT_FOUND']);
    // Nothing moved.
    expect((await ctx.services.ledger.balances(ctx.services.db, player.userId)).available).toBe(20_000);
    expect((await callAt(other, { method: 'POST', url: `/api/v1/admin/pool/${poolId}/close`, as: await ctx.admin() })).statusCode).toBe(200);
  }, 30_000);

  // Last: it stops both instances' pools.
  it('an owner that does not answer is a 503 POOL_UNAVAILABLE; nobody running the pool a 409 TABLE_MOVED', async () => {
    const { poolId, owner, other } = await newPool('Rush gone');
    const player = await ctx.player({ balance: 20_000 });
    const join = (app: FastifyInstance) => callAt(app, { method: 'POST', url: `/api/v1/user/pool/${poolId}/join`, as: player, payload: { buyIn: 5_000 } });
    // The anchor's lease shows an instance that is not there (paused, cut off): nobody answers.
    const anchor = sql`(SELECT anchor_table_id FROM fast_fold_pools WHERE id = ${poolId})`;
    await ctx.services.db.execute(sql`UPDATE table_leases SET owner = 'gone', expires_at = now() + interval '1 hour' WHERE table_id = ${anchor}`);
    const silent = await join(other);
    expect([silent.statusCode, errCode(silent)], silent.body).toEqual([503, 'POOL_UNAVAILABLE']);
    // Nobody holds the lease and no director runs the pool (a takeover under way): try again.
    await Promise.all([owner.live.pools.stop(), other.live.pools.stop()]);
    await ctx.services.db.execute(sql`UPDATE table_leases SET expires_at = now() - interval '1 second' WHERE table_id = ${anchor}`);
    for (const app of [owner, other]) {
      const moved = await join(app);
      expect([moved.statusCode, errCode(moved)], moved.body).toEqual([409, 'TABLE_MOVED']);
    }
    expect((await ctx.services.ledger.balances(ctx.services.db, player.userId)).available).toBe(20_000);
  }, 30_000);
});
