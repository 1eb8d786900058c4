// Tournaments through HTTP and the socket (docs/tournaments.md, Server): a scheduled tournament
// with too few players is cancelled and refunded at its start time; a player who registers is
// seated at the tournament's table and plays there through the socket, as at a cash table.
import { describe, expect, it } from 'vitest';
import { applyTablePatch, type ServerMessage, type TableView } from '../../src/shared/protocol';
import { setupApp } from './helpers/app';
import { FAST_BLINDS, FAST_LEVELS, blindLevels, waitFor } from './helpers/tournament';
import { listenForSockets } from './helpers/ws';

const ctx = setupApp({ live: { fastBots: true, botDelayMs: 20, betweenHands: 50, botIterations: 10, tournamentTickMs: 100, tournamentActionTime: 5 } });
const A = '/api/v1/admin/tournament';
const U = '/api/v1/user/tournament';
// Heads-up against a bot with a player who sits out: big blinds end it in a few hands.
const BIG_BLINDS = { levels: blindLevels([[150, 300, 0], ...FAST_BLINDS.slice(3)]) };
const sockets = listenForSockets(ctx);

const wallet = async (userId: number) => (await ctx.services.ledger.balances(ctx.services.db, userId)).available;

describe('tournaments played on the live tables', () => {
  it('a scheduled tournament with fewer than its minimum is cancelled at its start time, everyone refunded', async () => {
    const startsAt = new Date(Date.now() + 4000).toISOString();
    const res = await ctx.call({
      method: 'POST',
      url: A,
      as: await ctx.admin(),
      payload: {
        name: 'Too few',
        kind: 'mtt',
        buyIn: 10_000,
        fee: 1_000,
        startingStack: 1_500,
        tableSize: 9,
        minEntrants: 3,
        maxEntrants: 50,
        startsAt,
        structure: FAST_LEVELS,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const p = await ctx.player({ balance: 20_000 });
    expect((await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: p })).statusCode).toBe(201);
    expect(await wallet(p.userId)).toBe(9_000);
    await waitFor(async () => (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json().status !== 'registering', 10_000);
    const detail = (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json();
    expect(detail).toMatchObject({ status: 'cancelled', playersLeft: 0 });
    expect(detail.cancelReason).toMatch(/Fewer than 3/);
    expect(await wallet(p.userId)).toBe(20_000);
  });

  it('a registered player is seated at the tournament table and acts through the socket; leaving only sits out', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: A,
      as: await ctx.admin(),
      payload: {
        name: 'Heads-up',
        kind: 'sng',
        buyIn: 5_000,
        fee: 500,
        startingStack: 1_500,
        tableSize: 2,
        minEntrants: 2,
        maxEntrants: 2,
        structure: BIG_BLINDS,
      },
    });
    const id = res.json().id as number;
    const p = await ctx.player({ balance: 5_500 });
    // The avatar chosen before registering is the one the tournament seat shows.
    expect((await ctx.call({ method: 'PATCH', url: '/api/v1/user/me', as: p, payload: { avatar: 'eagle' } })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: p })).statusCode).toBe(201);
    expect(await ctx.app.live.tournaments.addBots(id, 1)).toBe(1);
    let tableId: number | null = null;
    await waitFor(async () => {
      const d = (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json();
      tableId = d.entries.find((e: { userId: number }) => e.userId === p.userId)?.tableId ?? null;
      return d.status === 'running' && tableId !== null;
    }, 10_000);

    const s = await sockets.connect();
    let n = 0;
    const request = async (m: Record<string, unknown>) => {
      const requestId = `q${++n}`;
      s.send({ ...m, requestId });
      return s.next((f) => (f.type === 'ACK' || f.type === 'ERROR') && f.requestId === requestId);
    };
    let view: TableView | null = null;
    s.ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      if (m.type !== 'GAME' || (m.action !== 'TABLE_STATE' && m.action !== 'TABLE_EVENT') || m.tableId !== tableId) return;
      if (m.action === 'TABLE_STATE') view = m.state;
      else if (m.action === 'TABLE_EVENT' && view) view = applyTablePatch(view, m.patch);
    });
    expect((await request({ type: 'AUTH', token: p.token })).type).toBe('ACK');
    expect((await request({ type: 'GAME', action: 'SUBSCRIBE', tableId })).type).toBe('ACK');
    await waitFor(() => view !== null, 5_000);
    const me = () => view!.mySeat;
    expect(me()).not.toBeNull();
    expect(view!.seats[me()!]!.stack).toBeGreaterThan(0);
    expect(view!.seats[me()!]!.avatar).toBe('eagle');
    // No buying in or adding chips at a tournament table.
    expect(await request({ type: 'GAME', action: 'ADD_CHIPS', tableId, amount: 100 })).toMatchObject({ type: 'ERROR', code: 'TABLE_CLOSED' });

    // Our turn comes: we act as anywhere else.
    await waitFor(() => view!.hand !== null && view!.hand.toAct === me() && !!view!.hand.legal, 15_000, 10);
    const legal = view!.hand!.legal!;
    const answer = await request({ type: 'GAME', action: legal.canCheck ? 'CHECK' : 'CALL', tableId });
    expect(answer.type, JSON.stringify(answer)).toBe('ACK');

    // Leaving a tournament table sits the player out: the seat and the chips stay in the tournament.
    expect((await request({ type: 'GAME', action: 'LEAVE', tableId })).type).toBe('ACK');
    const seat = ctx.app.live.registry.get(tableId!)?.seatOf(p.userId);
    // (Unless that hand knocked the player out: then the director has taken the seat away.)
    if (seat) expect(seat.status === 'SITTING_OUT' || seat.sitOutAfterHand || seat.leaving).toBe(true);
    const entry = (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json().entries.find((e: { userId: number }) => e.userId === p.userId);
    expect(['playing', 'busted']).toContain(entry.status);
    // Sitting out, the player still posts and is folded by the clock until the tournament ends.
    await waitFor(
      async () => {
        return (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json().status === 'finished';
      },
      45_000,
      200,
    );
    const done = (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json();
    expect(done.entries.map((e: { place: number }) => e.place).sort()).toEqual([1, 2]);
    const mine = done.entries.find((e: { userId: number }) => e.userId === p.userId);
    expect(await wallet(p.userId)).toBe(mine.prize);
  });
});
