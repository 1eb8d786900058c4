// A tournament across two instances of one room (one database, one Redis): its director runs on
// one of them, and a registered player whose socket is on the other one sees their table (their
// own cards included, nobody else's) and acts there, as at a cash table owned elsewhere.
import { describe, expect, it } from 'vitest';
import { applyTablePatch, type ServerMessage, type TableView } from '../../src/shared/protocol';
import { twoInstances } from './helpers/two-instances';
import { waitFor } from './helpers/tournament';
import { connect, socketUrl } from './helpers/ws';

const U = '/api/v1/user/tournament';
const live = { fastBots: true, botDelayMs: 50, betweenHands: 200, leaseTickMs: 200, tournamentTickMs: 200, tournamentActionTime: 20 };
const LEVELS = { levels: [{ level: 1, smallBlind: 10, bigBlind: 20, ante: 0, durationSec: 600 }] };

const { ctx, open, second } = twoInstances(live);

describe('a tournament table owned by another instance', () => {
  it("the player's socket on the other instance watches their table and acts there", async () => {
    const admin = await ctx.admin();
    const created = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      as: admin,
      payload: { name: 'Two rooms', kind: 'sng', buyIn: 5_000, fee: 0, startingStack: 5_000, tableSize: 2, minEntrants: 2, maxEntrants: 2, structure: LEVELS },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const p = await ctx.player({ balance: 5_000 });
    expect((await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: p })).statusCode).toBe(201);
    const bots = await ctx.call({ method: 'POST', url: `/api/v1/admin/tournament/${id}/bots`, as: admin, payload: { count: 1 } });
    expect(bots.statusCode, bots.body).toBe(200);

    let tableId = 0;
    await waitFor(async () => {
      const d = (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json();
      tableId = d.entries.find((e: { userId: number }) => e.userId === p.userId)?.tableId ?? 0;
      return d.status === 'running' && tableId > 0 && (!!ctx.app.live.registry.get(tableId) || !!second().live.registry.get(tableId));
    }, 15_000);
    // The socket goes to the instance that does not run the director.
    const remote = ctx.app.live.registry.get(tableId) ? second() : ctx.app;
    expect(remote.live.registry.get(tableId)).toBeUndefined();

    const s = await connect(socketUrl(remote));
    open.push(s);
    let n = 0;
    const request = async (m: Record<string, unknown>) => {
      const requestId = `q${++n}`;
      s.send({ ...m, requestId });
      return s.next((f) => (f.type === 'ACK' || f.type === 'ERROR') && f.requestId === requestId, 10_000);
    };
    let view: TableView | null = null;
    s.ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      if (m.type !== 'GAME' || (m.action !== 'TABLE_STATE' && m.action !== 'TABLE_EVENT') || m.tableId !== tableId) return;
      if (m.action === 'TABLE_STATE') view = m.state;
      else if (view) view = applyTablePatch(view, m.patch);
    });
    expect((await request({ type: 'AUTH', token: p.token })).type).toBe('ACK');
    // Routed within a tick of the director's lease (the remote instance learns the owner then).
    await waitFor(async () => (await request({ type: 'GAME', action: 'SUBSCRIBE', tableId })).type === 'ACK', 10_000, 200);
    await waitFor(() => view !== null && view.mySeat !== null, 10_000);
    expect(view!.tournamentId).toBe(id);

    // Our turn comes: the command crosses to the director's instance and is taken.
    await waitFor(() => view!.hand !== null && view!.hand.toAct === view!.mySeat && !!view!.hand.legal, 30_000, 10);
    // Secrecy holds across instances: in the middle of a hand, our two cards and none of the bot's.
    const botSeat = view!.seats.findIndex((x, i) => x !== null && i !== view!.mySeat);
    expect(view!.seats[view!.mySeat!]!.cards).toHaveLength(2);
    expect(view!.seats[botSeat]!.cards).toBeNull();
    const legal = view!.hand!.legal!;
    const answer = await request({ type: 'GAME', action: legal.canCheck ? 'CHECK' : 'CALL', tableId });
    expect(answer.type, JSON.stringify(answer)).toBe('ACK');
  });

  it('directors spread over the instances: each running tournament has one, and no instance holds more than its share', async () => {
    const admin = await ctx.admin();
    const ids: number[] = [];
    for (let k = 0; k < 3; k++) {
      const created = await ctx.call({
        method: 'POST',
        url: '/api/v1/admin/tournament',
        as: admin,
        payload: {
          name: `Spread ${k}`,
          kind: 'sng',
          buyIn: 1_000,
          fee: 0,
          startingStack: 5_000,
          tableSize: 2,
          minEntrants: 2,
          maxEntrants: 2,
          structure: LEVELS,
        },
      });
      const id = created.json().id as number;
      ids.push(id);
      // Two players who never act: the tournament runs for the whole test.
      for (let j = 0; j < 2; j++)
        expect((await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: await ctx.player({ balance: 1_000 }) })).statusCode).toBe(201);
    }
    const running = async () =>
      (await ctx.call({ method: 'GET', url: '/api/v1/user/tournament?status=running&perPage=100' })).json().items.map((t: { id: number }) => t.id) as number[];
    const holders = (id: number) => [ctx.app, second()].filter((app) => app.live.tournaments.director(id) !== undefined).length;
    await waitFor(
      async () => {
        const now = await running();
        return ids.every((id) => now.includes(id)) && now.every((id) => holders(id) === 1);
      },
      15_000,
      100,
    );
    const now = await running();
    const counts = [ctx.app, second()].map((app) => now.filter((id) => app.live.tournaments.director(id) !== undefined).length);
    expect(counts[0] + counts[1]).toBe(now.length);
    expect(Math.max(...counts)).toBeLessThanOrEqual(Math.ceil(now.length / 2));
  });
});
