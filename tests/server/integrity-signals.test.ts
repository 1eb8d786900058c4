// The squeeze and tournament chip dumping signals through the real job (docs/integrity.md):
// settled hand rows as the tables write them (a PHH and a summary, at a cash table and at a
// tournament's table) are read from the job's cursor, counted and scored, and the alerts carry
// their evidence.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { first } from '../../src/server/db/client';
import type { Alert } from '../../src/shared/api/integrity';
import { tableBody } from '../support/table-body';
import { setupApp, type TestUser } from './helpers/app';
import { FAST_LEVELS, sixMaxSng } from './helpers/tournament';

const ctx = setupApp();
const A = '/api/v1/admin/integrity';

interface Seat {
  user: TestUser;
  start: number;
  end: number;
  cards: string[];
}

let handNumber = 0;

/** One settled hand row: the PHH's blinds and actions, the summary's stacks and cards. */
async function settledHand(tableId: number, blinds: [number, number], seats: Seat[], actions: string[]): Promise<number> {
  const phh = `variant = "NT"\nblinds_or_straddles = [${blinds[0]}, ${blinds[1]}${seats.length > 2 ? ', 0' : ''}]\nactions = [\n  ${actions.map((a) => `"${a}"`).join(', ')},\n]`;
  const summary = {
    players: seats.map((s) => ({ userId: s.user.userId, isBot: false, startStack: s.start, endStack: s.end, cards: s.cards, shown: false })),
    board: [],
    decisionMs: actions.map(() => 2000),
  };
  const row = await first<{ id: number }>(
    ctx.services.db,
    sql`INSERT INTO hands (table_id, hand_number, seed_hash, phh, summary, status, ended_at)
        VALUES (${tableId}, ${++handNumber}, 'h', ${phh}, ${JSON.stringify(summary)}::jsonb, 'settled', now()) RETURNING id`,
  );
  return Number(row!.id);
}

async function cashTable(name: string): Promise<number> {
  const res = await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: await ctx.admin(), payload: tableBody(name) });
  return res.json().tableId as number;
}

/** A tournament's table, as its director writes one: a poker_tables row with the tournament's id. */
async function tournamentTable(): Promise<number> {
  const admin = await ctx.admin();
  const t = await ctx.call({ method: 'POST', url: '/api/v1/admin/tournament', as: admin, payload: sixMaxSng('Integrity SNG', FAST_LEVELS) });
  expect(t.statusCode, t.body).toBe(201);
  const template = await cashTable('Template');
  const row = await first<{ id: number }>(
    ctx.services.db,
    sql`INSERT INTO poker_tables (name, variant, small_blind, big_blind, min_buy_in, max_buy_in, max_players, rake_percent, rake_cap, action_time,
          jackpot_percent, status, created_at, simulation, tournament_id, ante, straddle, run_it_twice, bomb_pot_every)
        SELECT 'Integrity SNG 1', variant, small_blind, big_blind, min_buy_in, max_buy_in, max_players, 0, 0, action_time,
          0, status, now(), false, ${t.json().id as number}, ante, straddle, run_it_twice, bomb_pot_every
        FROM poker_tables WHERE id = ${template} RETURNING id`,
  );
  return row!.id;
}

const alertsOf = async (userId: number, kind: string) =>
  (await ctx.call({ method: 'GET', url: `${A}/alert?userId=${userId}&kind=${kind}`, as: await ctx.admin() })).json().items as Alert[];

describe('the integrity job on recorded hands', () => {
  it('finds a pair re-raising each other around a third player, with the spots and hands as evidence', async () => {
    const tableId = await cashTable('Squeeze');
    const [a, b, c] = [await ctx.player(), await ctx.player(), await ctx.player()];
    const ids: number[] = [];
    // The third player (p3) calls the big blind; one of the pair raises, the other re-raises with
    // the third still in, the third folds and the first raiser gives way. Roles alternate.
    for (let i = 0; i < 40; i++) {
      const [opener, squeezer] = i % 2 === 0 ? [a, b] : [b, a];
      ids.push(
        await settledHand(
          tableId,
          [50, 100],
          [
            { user: opener, start: 10_000, end: 9_700, cards: ['7c', '2d'] },
            { user: squeezer, start: 10_000, end: 10_400, cards: ['8s', '3h'] },
            { user: c, start: 10_000, end: 9_900, cards: ['Ah', '9h'] },
          ],
          ['p3 cc', 'p1 cbr 300', 'p2 cbr 900', 'p3 f', 'p1 f'],
        ),
      );
    }
    expect(await ctx.services.integrity.job.catchUp()).toBeGreaterThanOrEqual(40);

    const [alert] = await alertsOf(a.userId, 'squeeze');
    expect(alert.users.map((u) => u.userId).sort((x, y) => x - y)).toEqual([a.userId, b.userId].sort((x, y) => x - y));
    expect(alert.score).toBeGreaterThanOrEqual(50);
    expect(alert.evidence.reasons).toEqual(['whipsaw']);
    expect(alert.evidence.figures).toMatchObject({ squeezeSpots: 40, reraises: 40, reraiseBetween: 1, thirdPlayerFolded: 40 });
    expect(alert.evidence.figures.z).toBeGreaterThanOrEqual(5);
    // Neither re-raised anyone else: the expected rate is the prior's half.
    expect(alert.evidence.expected.reraiseBetween).toBe(0.5);
    expect(alert.evidence.hands.length).toBeGreaterThan(0);
    expect(ids).toEqual(expect.arrayContaining(alert.evidence.hands));
    // The third player, who only ever folded to the re-raise, is in no squeeze alert.
    expect(await alertsOf(c.userId, 'squeeze')).toEqual([]);
  });

  it('finds tournament chips passed to a partner in big blinds of the level, counting tournament hands only', async () => {
    const tTable = await tournamentTable();
    const cash = await cashTable('Cash together');
    const [d, r] = [await ctx.player(), await ctx.player()];
    // A few cash hands together, even: they count for neither the tournament flow nor its hands.
    for (let i = 0; i < 6; i++) {
      const [x, y] = i % 2 === 0 ? [d, r] : [r, d];
      await settledHand(
        cash,
        [50, 100],
        [
          { user: x, start: 5_000, end: 4_900, cards: ['7c', '2d'] },
          { user: y, start: 5_000, end: 5_100, cards: ['8s', '3h'] },
        ],
        ['p1 cc', 'p2 cbr 300', 'p1 f'],
      );
    }
    // The dumper raises to 10 big blinds at the 200 level and folds queens to the partner's re-raise.
    for (let i = 0; i < 36; i++)
      await settledHand(
        tTable,
        [100, 200],
        [
          { user: d, start: 20_000, end: 18_000, cards: ['Qs', 'Qd'] },
          { user: r, start: 20_000, end: 22_000, cards: ['9c', '4d'] },
        ],
        ['p1 cbr 2000', 'p2 cbr 6000', 'p1 f'],
      );
    await ctx.services.integrity.job.catchUp();

    const [alert] = await alertsOf(d.userId, 'tournament_dumping');
    expect(alert.users.map((u) => u.userId)).toEqual([d.userId, r.userId]);
    expect(alert.score).toBeGreaterThanOrEqual(50);
    expect(alert.evidence.figures).toMatchObject({ netBb: 360, handsTogether: 36, strongFoldsToReceiver: 36, oneWayShare: 1, skillExplainedBb: 0 });
    expect(alert.evidence.figures.z).toBeGreaterThanOrEqual(4);
    expect(alert.evidence.reasons).toEqual(['one_way_flow', 'strong_folds']);
    expect(alert.evidence.expected).toEqual({ netBb: 0, zBar: 4 });
    // The cash hands together are no chip dump (even, and too few).
    expect(await alertsOf(d.userId, 'chip_dumping')).toEqual([]);
  });
});
