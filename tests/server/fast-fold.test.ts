// A fast-fold pool through the real server (docs/fast-fold.md): house bots fill a 6-max pool and
// play many hands at tables the pool opens; every player posts big blinds at the rate the table
// size says, each hand is settled with its own PHH, and closing the pool cashes everyone out with
// the ledger whole. A player over a socket folds and is at another table at once (before the hand
// they folded ends), and never receives another player's unshown cards.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parsePhh } from '../../src/poker';
import { rows } from '../../src/server/db/client';
import type { ServerMessage, TableView } from '../../src/shared/protocol';
import { setupApp } from './helpers/app';
import { waitFor } from './helpers/tournament';
import { listenForSockets } from './helpers/ws';

const ctx = setupApp({ live: { fastBots: true, botDelayMs: 20, botIterations: 10, poolTickMs: 50, poolBetweenHands: 0, poolShortHandedAfterMs: 300 } });
const sockets = listenForSockets(ctx);

const POOL = { name: 'Rush', variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6, rakePercent: 5, rakeCap: 300 };

async function newPool(name: string): Promise<number> {
  const admin = await ctx.admin();
  const res = await ctx.call({ method: 'POST', url: '/api/v1/admin/pool', as: admin, payload: { ...POOL, name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().poolId as number;
}

const poolHands = (poolId: number) =>
  rows<{ id: number; table_id: number; status: string; phh: string | null }>(
    ctx.services.db,
    sql`SELECT id, table_id, status, phh FROM hands WHERE table_id IN (SELECT id FROM poker_tables WHERE pool_id = ${poolId}) ORDER BY id`,
  );

async function closeAndEmpty(poolId: number): Promise<void> {
  const admin = await ctx.admin();
  const closed = await ctx.call({ method: 'POST', url: `/api/v1/admin/pool/${poolId}/close`, as: admin });
  expect(closed.statusCode, closed.body).toBe(200);
  await waitFor(async () => (await rows(ctx.services.db, sql`SELECT 1 FROM fast_fold_players WHERE pool_id = ${poolId}`)).length === 0, 30_000);
  // Nothing left in the pool's accounts (players' pool accounts, the tables' pots).
  const left = await rows<{ total: number }>(
    ctx.services.db,
    sql`SELECT coalesce(sum(balance), 0)::bigint AS total FROM accounts WHERE table_id IN (SELECT id FROM poker_tables WHERE pool_id = ${poolId})`,
  );
  expect(Number(left[0].total)).toBe(0);
  // Its tables are closed once it is empty (no open table is left behind in any list).
  await waitFor(
    async () => (await rows(ctx.services.db, sql`SELECT 1 FROM poker_tables WHERE pool_id = ${poolId} AND status <> 'closed'`)).length === 0,
    30_000,
  );
}

/** Big blinds posted and hands dealt per player, read off each hand's PHH. */
/**
 * Per player, read off each hand's PHH in the order the hands were dealt: hands dealt, big blinds
 * posted, and the most hands dealt in a row without posting one (before the first, after the last).
 */
function blindsPosted(phhs: string[]): Map<string, { hands: number; bigBlinds: number; longest: number; run: number }> {
  const by = new Map<string, { hands: number; bigBlinds: number; longest: number; run: number }>();
  for (const text of phhs) {
    const players = JSON.parse(/^players = (\[.*\])$/m.exec(text)![1]) as string[];
    const blinds = JSON.parse(/^blinds_or_straddles = (\[.*\])$/m.exec(text)![1]) as number[];
    players.forEach((p, i) => {
      const e = by.get(p) ?? { hands: 0, bigBlinds: 0, longest: 0, run: 0 };
      e.hands++;
      if (blinds[i] === POOL.bigBlind) {
        e.bigBlinds++;
        e.run = 0;
      } else e.longest = Math.max(e.longest, ++e.run);
      by.set(p, e);
    });
  }
  return by;
}

describe('fast-fold pool', () => {
  it('twelve bots in a 6-max pool: many hands over several tables, blinds never skipped, each hand its PHH, everyone cashed out whole', async () => {
    const poolId = await newPool('Rush bots');
    const admin = await ctx.admin();
    const bots = await ctx.call({ method: 'POST', url: `/api/v1/admin/pool/${poolId}/bots`, as: admin, payload: { count: 12 } });
    expect(bots.statusCode, bots.body).toBe(200);
    expect(bots.json().players).toBe(12);
    const lobby = (await ctx.call({ method: 'GET', url: '/api/v1/user/pool?variant=NT' })).json();
    expect(lobby.items.find((p: { poolId: number }) => p.poolId === poolId)?.players).toBe(12);
    // The cash lobby lists none of the pool's tables.
    const cash = (await ctx.call({ method: 'GET', url: '/api/v1/user/table?perPage=100' })).json();
    const tableIds = async () => (await rows<{ id: number }>(ctx.services.db, sql`SELECT id FROM poker_tables WHERE pool_id = ${poolId}`)).map((r) => r.id);
    // Until 60 hands, or until the house bots have busted each other down to one player.
    const members = async () => (await rows(ctx.services.db, sql`SELECT 1 FROM fast_fold_players WHERE pool_id = ${poolId}`)).length;
    await waitFor(async () => (await poolHands(poolId)).filter((h) => h.status === 'settled').length >= 60 || (await members()) < 2, 90_000).catch(
      async (e) => {
        const hs = await poolHands(poolId);
        const d = ctx.app.live.pools.director(poolId);
        const members = [...(d?.members.values() ?? [])].map((m) => [m.userId, m.tableId, [...m.hands.keys()], m.stack, m.away, m.leaving]);
        const tables = (d?.actors() ?? []).map((a) => [a.config.tableId, a.seatedUserIds(), a.handRunning()]);
        throw new Error(
          `${(e as Error).message}: ${hs.length} hands, ${JSON.stringify(hs.slice(-5).map((h) => [h.id, h.table_id, h.status]))}; waiting ${d?.waiting()}, members ${JSON.stringify(members)}, tables ${JSON.stringify(tables)}`,
        );
      },
    );
    expect(cash.items.map((t: { tableId: number }) => t.tableId).filter((id: number) => id > 0)).not.toContain((await tableIds())[0]);
    expect((await tableIds()).length).toBeGreaterThanOrEqual(2);
    await closeAndEmpty(poolId);

    const hands = await poolHands(poolId);
    expect(hands.length).toBeGreaterThanOrEqual(25);
    expect(
      hands.every((h) => h.status === 'settled'),
      JSON.stringify(hands.filter((h) => h.status !== 'settled')),
    ).toBe(true);
    for (const h of hands) expect(parsePhh(h.phh!).ok, `hand ${h.id}`).toBe(true);
    // Two tables or more ran at once: some hand started before the previous one at another table ended.
    expect(new Set(hands.map((h) => h.table_id)).size).toBeGreaterThanOrEqual(2);
    // Blinds never skipped: the most owed posts the big blind, so everyone posts about one hand in
    // the table's size, and nobody plays many hands without posting.
    const posted = blindsPosted(hands.map((h) => h.phh!));
    expect(posted.size).toBe(12);
    // A bot that lost its stack left the pool early; everyone who played on posts at the table size's rate.
    // Nobody is dealt many hands in a row without posting the big blind: at most twice the table size.
    for (const [name, e] of posted) expect(e.longest, `${name}: ${JSON.stringify(e)}`).toBeLessThanOrEqual(2 * POOL.maxPlayers);
    console.info(
      'fast-fold: big blinds/hands (longest run without one) per player',
      JSON.stringify([...posted].map(([, e]) => `${e.bigBlinds}/${e.hands} (${e.longest})`)),
    );
  }, 120_000);

  it('a player who folds is dealt at another table at once and never sees a card not theirs', async () => {
    const poolId = await newPool('Rush people');
    const admin = await ctx.admin();
    await ctx.call({ method: 'POST', url: `/api/v1/admin/pool/${poolId}/bots`, as: admin, payload: { count: 11 } });
    const player = await ctx.player({ balance: 50_000 });
    const s = await sockets.signedIn(player);
    const join = await ctx.call({ method: 'POST', url: `/api/v1/user/pool/${poolId}/join`, as: player, payload: { buyIn: 5_000 } });
    expect(join.statusCode, join.body).toBe(200);
    const again = await ctx.call({ method: 'POST', url: `/api/v1/user/pool/${poolId}/join`, as: player, payload: { buyIn: 5_000 } });
    expect(again.statusCode).toBe(200);
    const bad = await ctx.call({ method: 'POST', url: `/api/v1/user/pool/${poolId}/join`, as: player, payload: { buyIn: -1 } });
    expect(bad.statusCode).toBe(400);
    // A pool that does not exist is a 404, not "moving to another server".
    for (const action of ['join', 'leave'])
      expect((await ctx.call({ method: 'POST', url: `/api/v1/user/pool/99999/${action}`, as: player, payload: { buyIn: 5_000 } })).statusCode, action).toBe(
        404,
      );

    const seated = (m: ServerMessage): m is Extract<ServerMessage, { action: 'POOL_SEATED' }> =>
      m.type === 'GAME' && m.action === 'POOL_SEATED' && m.poolId === poolId && m.tableId !== null;
    const moves: Array<{ from: number; to: number; endedBefore: boolean }> = [];
    let table = (await s.next<Extract<ServerMessage, { action: 'POOL_SEATED' }>>(seated, 20_000)).tableId!;
    const endedAt = (tableId: number) =>
      s.frames.some((m) => m.type === 'GAME' && m.action === 'TABLE_EVENT' && m.tableId === tableId && m.event.kind === 'HAND_ENDED');
    // Frames of earlier rounds are set aside (a table may come round again, with the player at another seat).
    const seen: ServerMessage[] = [];
    const stuck = (e: unknown) => {
      const d = ctx.app.live.pools.director(poolId);
      const m = d?.members.get(player.userId);
      throw new Error(`${(e as Error).message}; member ${JSON.stringify({ ...m, hands: [...(m?.hands ?? [])] })}, waiting ${d?.waiting()}`);
    };
    for (let round = 0; round < 4; round++) {
      seen.push(...s.frames.splice(0));
      s.send({ type: 'GAME', action: 'SUBSCRIBE', tableId: table, requestId: `sub${round}` });
      const view = await s.next<Extract<ServerMessage, { action: 'TABLE_STATE' }>>(
        (m) => m.type === 'GAME' && m.action === 'TABLE_STATE' && m.tableId === table && m.state.seats.some((x) => x?.userId === player.userId),
      );
      const mine = view.state.seats.find((x) => x?.userId === player.userId)!.seat;
      // On each turn: fold (with nothing to call the engine refuses a fold: check and fold later).
      let next: Extract<ServerMessage, { action: 'POOL_SEATED' }> | null = null;
      // The turn may have come before the subscription: then the table's state says so.
      let turnNow = view.state.hand?.toAct === mine;
      for (let step = 0; !next; step++) {
        const m = turnNow
          ? ({ type: 'GAME', action: 'TABLE_EVENT', tableId: table, event: { kind: 'TURN', seat: mine } } as ServerMessage)
          : await s
              .next(
                (x) =>
                  seated(x) || (x.type === 'GAME' && x.action === 'TABLE_EVENT' && x.tableId === table && x.event.kind === 'TURN' && x.event.seat === mine),
                20_000,
              )
              .catch(stuck);
        turnNow = false;
        if (seated(m)) next = m;
        else {
          s.send({ type: 'GAME', action: 'FOLD', tableId: table, requestId: `fold${round}.${step}` });
          const answer = await s.next((x) => (x.type === 'ACK' || x.type === 'ERROR') && x.requestId === `fold${round}.${step}`);
          if (answer.type === 'ERROR') s.send({ type: 'GAME', action: 'CHECK', tableId: table, requestId: `check${round}.${step}` });
        }
      }
      // The hand they folded may still be on: its end has not reached them yet.
      moves.push({ from: table, to: next.tableId!, endedBefore: endedAt(table) });
      s.send({ type: 'GAME', action: 'UNSUBSCRIBE', tableId: table, requestId: `unsub${round}` });
      table = next.tableId!;
    }
    // Moved on while the hand they folded was still on: always to another table. (A hand that
    // ended before the action reached them, a walk in the big blind, may deal them where they were.)
    const atOnce = moves.filter((m) => !m.endedBefore);
    expect(atOnce.length, JSON.stringify(moves)).toBeGreaterThan(0);
    for (const m of atOnce) expect(m.to, JSON.stringify(moves)).not.toBe(m.from);

    // Secrecy: in every view the player got, the only hole cards of others are those shown at showdown.
    const shown = new Set<string>();
    const received = seen.concat(s.frames);
    for (const m of received) if (m.type === 'GAME' && m.action === 'TABLE_EVENT' && m.event.kind === 'SHOWED') shown.add(JSON.stringify(m.event.cards));
    for (const m of received) {
      if (m.type !== 'GAME' || (m.action !== 'TABLE_STATE' && m.action !== 'TABLE_EVENT')) continue;
      const seats =
        m.action === 'TABLE_STATE'
          ? (m.state as TableView).seats
          : Object.values((m.patch as { seats?: Record<string, TableView['seats'][number]> }).seats ?? {});
      for (const seat of seats)
        if (seat && seat.userId !== player.userId && seat.cards) expect(shown.has(JSON.stringify(seat.cards)), JSON.stringify(seat)).toBe(true);
    }

    const leave = await ctx.call({ method: 'POST', url: `/api/v1/user/pool/${poolId}/leave`, as: player });
    expect(leave.statusCode, leave.body).toBe(200);
    await waitFor(async () => !(await ctx.call({ method: 'GET', url: `/api/v1/user/pool/${poolId}/seat`, as: player })).json().inPool, 20_000);
    await closeAndEmpty(poolId);
  }, 120_000);

  it('a player who excludes themselves is taken out of the pool with their chips, and cannot join again', async () => {
    const poolId = await newPool('Rush excluded');
    const player = await ctx.player({ balance: 20_000 });
    const available = async () => (await ctx.services.ledger.balances(ctx.services.db, player.userId)).available;
    const join = () => ctx.call({ method: 'POST', url: `/api/v1/user/pool/${poolId}/join`, as: player, payload: { buyIn: 5_000 } });
    expect((await join()).statusCode).toBe(200);
    expect(await available()).toBe(15_000);
    const excluded = await ctx.call({
      method: 'POST',
      url: '/api/v1/user/safer-play/exclusion',
      as: player,
      payload: { kind: 'COOL_OFF', days: 1, confirm: true },
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    await waitFor(async () => !(await ctx.call({ method: 'GET', url: `/api/v1/user/pool/${poolId}/seat`, as: player })).json().inPool, 20_000);
    await waitFor(async () => (await available()) === 20_000, 20_000);
    const again = await join();
    expect([again.statusCode, again.json().error?.code]).toEqual([403, 'SELF_EXCLUDED']);
    await closeAndEmpty(poolId);
  }, 60_000);

  it('a player the clock folded is away: not dealt in until they say they are back (no money moves)', async () => {
    const poolId = await newPool('Rush away');
    const admin = await ctx.admin();
    await ctx.call({ method: 'POST', url: `/api/v1/admin/pool/${poolId}/bots`, as: admin, payload: { count: 5 } });
    const player = await ctx.player({ balance: 20_000 });
    const s = await sockets.signedIn(player);
    const seatNow = async () => (await ctx.call({ method: 'GET', url: `/api/v1/user/pool/${poolId}/seat`, as: player })).json();
    expect((await ctx.call({ method: 'POST', url: `/api/v1/user/pool/${poolId}/join`, as: player, payload: { buyIn: 5_000 } })).statusCode).toBe(200);
    expect((await seatNow()).away).toBe(false);
    const seated = (m: ServerMessage) => m.type === 'GAME' && m.action === 'POOL_SEATED' && m.poolId === poolId && m.tableId !== null;
    await s.next(seated, 20_000);
    // The clock's fold: what the director hears from the table when the player's time runs out.
    const director = ctx.app.live.pools.director(poolId)!;
    const member = director.members.get(player.userId)!;
    const table = member.tableId!;
    director.folded(table, player.userId, member.stack, true);
    // ... and the table's side of it: the seat folds when the action reaches it.
    s.send({ type: 'GAME', action: 'FAST_FOLD', tableId: table, requestId: 'ff' });
    expect(await seatNow()).toMatchObject({ inPool: true, tableId: null, away: true });
    const available = (await ctx.services.ledger.balances(ctx.services.db, player.userId)).available;
    // Bots play on without them.
    s.frames.splice(0);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(s.frames.some(seated)).toBe(false);
    const back = await ctx.call({ method: 'POST', url: `/api/v1/user/pool/${poolId}/back`, as: player });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().away).toBe(false);
    await s.next(seated, 20_000);
    expect((await ctx.services.ledger.balances(ctx.services.db, player.userId)).available).toBe(available);
    // Only a member comes back; a pool that does not exist is a 404.
    const stranger = await ctx.player({ balance: 1_000 });
    expect((await ctx.call({ method: 'POST', url: `/api/v1/user/pool/${poolId}/back`, as: stranger })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'POST', url: `/api/v1/user/pool/99999/back`, as: player })).statusCode).toBe(404);
    await closeAndEmpty(poolId);
  }, 90_000);

  // Last: it stops this app's pools.
  it('a deploy lets the hands in play finish: nothing voided, the leases given up', async () => {
    const poolId = await newPool('Rush deploy');
    const admin = await ctx.admin();
    await ctx.call({ method: 'POST', url: `/api/v1/admin/pool/${poolId}/bots`, as: admin, payload: { count: 12 } });
    await waitFor(async () => {
      const hands = await poolHands(poolId);
      return hands.filter((h) => h.status === 'settled').length >= 5 && hands.some((h) => h.status === 'running');
    }, 60_000);
    await ctx.app.live.pools.drain();
    const hands = await poolHands(poolId);
    expect(
      hands.filter((h) => h.status !== 'settled'),
      'every hand in play settled',
    ).toEqual([]);
    const leases = await rows<{ expired: boolean }>(
      ctx.services.db,
      sql`SELECT expires_at < now() AS expired FROM table_leases WHERE table_id IN (SELECT id FROM poker_tables WHERE pool_id = ${poolId})`,
    );
    expect(leases.length).toBeGreaterThan(0);
    expect(leases.every((l) => l.expired)).toBe(true);
    // The players are still in the pool, their chips in their pool accounts, for the next instance.
    expect((await rows(ctx.services.db, sql`SELECT 1 FROM fast_fold_players WHERE pool_id = ${poolId}`)).length).toBeGreaterThan(0);
  }, 120_000);
});
