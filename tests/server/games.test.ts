// Every game at the tables (issue 29): a table of each of the engine's games, with the options
// spread among them (ante, straddle under the gun and on the button, run it twice, bomb pots),
// dealt by house bots. Each settled hand's PHH names its game and replays through the engine to its
// own finishing stacks; bomb pots happen when due; the ledger sums to zero and the pots are empty.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compareFinishingStacks, GAME_CODES, parsePhh, replayHand, type GameCode } from '../../src/poker';
import type { CreateTableBody } from '../../src/shared/api/admin';
import { tableBody } from '../support/table-body';
import { setupApp } from './helpers/app';

const ctx = setupApp({ live: { fastBots: true, betweenHands: 0, botIterations: 4 } });
const HANDS_EACH = 3;

const OPTIONS: Record<GameCode, Partial<CreateTableBody>> = {
  NT: { straddle: 'utg', ante: 10 },
  PT: { straddle: 'button' },
  FT: { ante: 10 },
  NS: { ante: 50 },
  PO: { runItTwice: true },
  PO5: { runItTwice: true, bombPotEvery: 2 },
  PO6: { bombPotEvery: 2 },
  'PO/8': { runItTwice: true },
  'FO/8': {},
  'PO5/8': { bombPotEvery: 3 },
  'FO5/8': { runItTwice: true },
};

describe('a table of every game', () => {
  it(`deals, settles and records ${HANDS_EACH} hands of each of the 11 games`, async () => {
    const admin = await ctx.admin();
    const tables = new Map<number, GameCode>();
    for (const variant of GAME_CODES) {
      const body = tableBody(`Game ${variant}`, { variant, ...OPTIONS[variant] });
      const res = await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ variant, ante: body.ante ?? 0, straddle: body.straddle ?? 'off', runItTwice: body.runItTwice ?? false });
      tables.set(res.json().tableId as number, variant);
      expect((await ctx.call({ method: 'PUT', url: `/api/v1/admin/table/simulate?tableId=${res.json().tableId}`, as: admin })).statusCode).toBe(200);
    }
    const fewest = async () => {
      const r = await ctx.services.db.execute(
        sql`SELECT t.id, (SELECT count(*) FROM hands h WHERE h.table_id = t.id AND h.status = 'settled')::int AS n FROM poker_tables t WHERE t.name LIKE 'Game %'`,
      );
      return Math.min(...(r.rows as Array<{ n: number }>).map((x) => Number(x.n)));
    };
    for (let i = 0; i < 900 && (await fewest()) < HANDS_EACH; i++) await new Promise((r) => setTimeout(r, 100));
    for (const actor of ctx.app.live.registry.all()) await actor.handle({ kind: 'simulation', on: false });
    expect(await fewest()).toBeGreaterThanOrEqual(HANDS_EACH);

    const hands = (await ctx.services.db.execute(sql`SELECT id, table_id, hand_number, phh FROM hands WHERE status = 'settled' ORDER BY id`)).rows as Array<{
      id: number;
      table_id: number;
      hand_number: number;
      phh: string;
    }>;
    const bombs = new Set<GameCode>();
    const straddled = new Set<GameCode>();
    for (const h of hands) {
      const game = tables.get(Number(h.table_id))!;
      const parsed = parsePhh(h.phh);
      expect(parsed.ok, `hand ${h.id}`).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.hand.fields.variant, `hand ${h.id}`).toBe(game);
      const every = OPTIONS[game].bombPotEvery ?? 0;
      const bomb = every > 0 && Number(h.hand_number) % every === 0;
      expect(parsed.hand.fields._bomb_pot === true, `bomb pot of hand ${h.id} (${game} #${h.hand_number})`).toBe(bomb);
      if (bomb) bombs.add(game);
      // A bot that chose to straddle posted twice the big blind in the table's straddle seat.
      const posts = parsed.hand.fields.blinds_or_straddles as number[];
      if (posts.length >= 3 && posts.includes(200)) straddled.add(game);
      const replay = replayHand(parsed.hand);
      expect(replay.ok, `hand ${h.id}: ${replay.ok ? '' : replay.error}`).toBe(true);
      if (!replay.ok) continue;
      const cmp = compareFinishingStacks(parsed.hand, replay.state.stacks);
      expect(cmp && typeof cmp === 'object' && cmp.matches, `hand ${h.id} (${game}): ${JSON.stringify(cmp)}`).toBe(true);
    }
    expect([...bombs].sort()).toEqual(['PO5', 'PO5/8', 'PO6']);
    expect([...straddled].sort()).toEqual(['NT', 'PT']);
    // Money: the ledger sums to zero and no chips are left in a hand's pot.
    const sums = (
      await ctx.services.db.execute(sql`SELECT coalesce(sum(balance), 0)::bigint AS total,
        coalesce(sum(balance) FILTER (WHERE kind = 'pot'), 0)::bigint AS pots FROM accounts`)
    ).rows[0] as { total: number; pots: number };
    expect(Number(sums.total)).toBe(0);
    expect(Number(sums.pots)).toBe(0);
  });

  it('refuses more seats than one deck serves, and an unknown game', async () => {
    const admin = await ctx.admin();
    const six = await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Too many', { variant: 'PO6', maxPlayers: 9 }) });
    expect(six.statusCode).toBe(400);
    const bad = await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: { ...tableBody('Bad'), variant: 'stud' } });
    expect(bad.statusCode).toBe(400);
    // The old names are still read.
    const old = await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: { ...tableBody('Old'), variant: 'omaha' } });
    expect(old.json()).toMatchObject({ variant: 'PO' });
  });

  it('filters the lobby by game, limit and option', async () => {
    const admin = await ctx.admin();
    const make = (name: string, over: Partial<CreateTableBody>) =>
      ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody(name, over) });
    await make('Lobby FL', { variant: 'FT' });
    await make('Lobby RIT', { variant: 'PO5', runItTwice: true });
    await make('Lobby NL', { variant: 'NT', bombPotEvery: 5 });
    const names = async (q: string) =>
      ((await ctx.call({ method: 'GET', url: `/api/v1/user/table?${q}&q=Lobby` })).json().items as Array<{ name: string }>).map((t) => t.name).sort();
    expect(await names('variant=PO5')).toEqual(['Lobby RIT']);
    expect(await names('structure=fixed-limit')).toEqual(['Lobby FL']);
    expect(await names('structure=pot-limit')).toEqual(['Lobby RIT']);
    expect(await names('option=runItTwice')).toEqual(['Lobby RIT']);
    expect(await names('option=bombPot')).toEqual(['Lobby NL']);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/table?structure=no-limits' })).statusCode).toBe(400);
  });
});
