// Whole tournaments with bots (sit&go heads-up, 6 and 9, a 200-entrant MTT) and scripted hands
// through the state API: same-hand knock-outs, hand-for-hand, errors, resuming from JSON.
import { describe, expect, it } from 'vitest';
import {
  HEADS_UP_SNG,
  TURBO_SNG,
  beginHand,
  chipsInPlay,
  createTournament,
  handFinished,
  playerCount,
  runTournament,
  seatOf,
  setClock,
  start,
  type InitialDraw,
  type PayoutTable,
  type TournamentEvent,
  type TournamentState,
  type TournamentStructure,
} from '../../../src/poker/tournament/index';
import { prng as rng } from '../../support/prng';

function runAndCheck(structure: TournamentStructure, players: number, seed: number) {
  const total = players * structure.startingStack;
  const pool = players * 1000 + 7; // an odd pool: remainders must land somewhere
  let conserved = true;
  let balanced = true;
  let seatedOnce = true;
  const r = runTournament({
    structure,
    players,
    prizePool: pool,
    deckRandom: rng(seed),
    botRandom: rng(seed + 1000),
    onHand: (s) => {
      if (chipsInPlay(s) !== total) conserved = false;
      const ids = s.tables.flatMap((t) => t.seats.filter((p) => p !== null));
      if (new Set(ids).size !== ids.length || ids.length !== s.playersLeft) seatedOnce = false;
    },
    onRound: (s) => {
      if (s.handForHand) return;
      const sizes = s.tables.map(playerCount);
      if (s.phase === 'running' && Math.max(...sizes) - Math.min(...sizes) > 1) balanced = false;
    },
  });
  expect(conserved).toBe(true);
  expect(balanced).toBe(true);
  expect(seatedOnce).toBe(true);
  expect(r.state.phase).toBe('finished');
  expect(r.results.length).toBe(players);
  expect(r.results.map((f) => f.place)).toEqual(Array.from({ length: players }, (_, i) => i + 1));
  expect(new Set(r.results.map((f) => f.playerId)).size).toBe(players);
  expect(r.results.reduce((a, f) => a + f.prize, 0)).toBe(pool);
  const winner = r.state.entries.find((e) => e.place === 1)!;
  expect(winner.chips).toBe(total);
  expect(r.events.at(-1)).toMatchObject({ type: 'tournament-finished', winner: winner.id });
  return r;
}

describe('whole tournaments with bots', () => {
  it('heads-up sit&go', () => {
    const r = runAndCheck(HEADS_UP_SNG, 2, 1);
    expect(r.tablesAtStart).toBe(1);
  });

  it('6-max sit&go', () => {
    runAndCheck({ ...TURBO_SNG, tableSize: 6 }, 6, 2);
  });

  it('9-player sit&go, several seeds', () => {
    for (const seed of [3, 4, 5]) runAndCheck(TURBO_SNG, 9, seed);
  });

  it('200-entrant MTT: tables break down to a final table, levels rise', () => {
    const r = runAndCheck(TURBO_SNG, 200, 6);
    expect(r.tablesAtStart).toBe(23);
    const types = new Set(r.events.map((e) => e.type));
    for (const t of ['player-moved', 'table-broken', 'final-table', 'level-started']) expect(types.has(t as TournamentEvent['type'])).toBe(true);
    expect(r.state.clockEntry).toBeGreaterThan(3);
    expect(r.events.filter((e) => e.type === 'table-broken').length).toBe(22);
  });

  it('hand-for-hand on the bubble in a 60-entrant 6-max MTT (8 paid)', () => {
    const r = runAndCheck({ ...TURBO_SNG, tableSize: 6 }, 60, 7);
    const types = r.events.map((e) => e.type);
    expect(types).toContain('hand-for-hand-started');
    expect(types.indexOf('hand-for-hand-ended')).toBeGreaterThan(types.indexOf('hand-for-hand-started'));
  });
});

// Scripted hands: a 12-player 6-max tournament paying 6 places, with a fixed draw.
const PAYOUTS: PayoutTable = [
  { maxEntrants: 11, percents: [10000] },
  { maxEntrants: 100, percents: [3000, 2000, 1500, 1300, 1200, 1000] },
];
const SLOW: TournamentStructure = {
  name: 'slow',
  startingStack: 1000,
  tableSize: 6,
  levels: [{ level: 1, smallBlind: 5, bigBlind: 10, ante: 0, durationSec: 3600 }],
};
const IDS = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
const DRAW: InitialDraw = {
  tables: [
    { id: 1, seats: IDS.slice(0, 6), button: 0, handsDealt: 0 },
    { id: 2, seats: IDS.slice(6), button: 0, handsDealt: 0 },
  ],
};

function started(): TournamentState {
  const c = createTournament({ structure: SLOW, payouts: PAYOUTS, prizePool: 10001, players: IDS });
  if (!c.ok) throw new Error(c.error.message);
  const s = start(c.state, DRAW);
  if (!s.ok) throw new Error(s.error.message);
  return s.state;
}

function deal(state: TournamentState, tableId: number) {
  const b = beginHand(state, tableId);
  if (!b.ok) throw new Error(b.error.message);
  return b;
}
/** Ends the table's hand: `bust` lose everything to `to`, other stacks unchanged. */
function finishHand(state: TournamentState, tableId: number, bust: readonly string[], to: string) {
  const hand = state.tables.find((t) => t.id === tableId)!.hand!;
  const after = hand.startingStacks.slice();
  hand.playerIds.forEach((id, k) => {
    if (bust.includes(id)) {
      after[hand.playerIds.indexOf(to)] += after[k];
      after[k] = 0;
    }
  });
  const r = handFinished(state, tableId, { stacksAfter: after, startingStacks: hand.startingStacks });
  if (!r.ok) throw new Error(r.error.message);
  return r;
}
function playBust(state: TournamentState, bust: readonly string[], to: string) {
  const tableId = seatOf(state, bust[0])!.tableId;
  return finishHand(deal(state, tableId).state, tableId, bust, to);
}

describe('scripted hands', () => {
  it('same-hand knock-outs at one table: bigger starting stack higher; equal stacks tie', () => {
    let s = started();
    // p2 wins p3's chips first: p2 2000, p4 1000.
    s = playBust(s, ['p3'], 'p2').state;
    expect(s.entries[2]).toMatchObject({ status: 'busted', place: 12, prize: 0 });
    // One hand knocks out p2 (2000), p4 (1000) and p5 (1000), all to p1.
    const r = playBust(s, ['p2', 'p4', 'p5'], 'p1');
    const busted = r.events.filter((e) => e.type === 'player-busted');
    expect(busted.map((e) => e.type === 'player-busted' && [e.playerId, e.place, e.sharedPlaces ?? null])).toEqual([
      ['p2', 9, null],
      ['p4', 10, [10, 11]],
      ['p5', 11, [10, 11]],
    ]);
  });

  it('hand-for-hand: a finished table waits; knock-outs at both tables are ranked together', () => {
    let s = started();
    // Seven players left: p1 collects; the others keep 1000 except p8, who takes p9's chips.
    s = playBust(s, ['p9'], 'p8').state;
    for (const id of ['p2', 'p3', 'p10', 'p11']) s = playBust(s, [id], seatOf(s, id)!.tableId === seatOf(s, 'p1')!.tableId ? 'p1' : 'p12').state;
    expect(s.playersLeft).toBe(7);
    expect(s.handForHand).toBe(true);
    expect(s.tables.map(playerCount).sort()).toEqual([3, 4]);
    // JSON round trip: the state is plain data.
    s = JSON.parse(JSON.stringify(s)) as TournamentState;
    const [a, b] = s.tables.map((t) => t.id);
    s = deal(s, a).state;
    s = deal(s, b).state;
    // At table a someone with 1000 goes out; at table b p8 (2000) goes out.
    const atA = s.tables.find((t) => t.id === a)!.hand!.playerIds;
    const atB = s.tables.find((t) => t.id === b)!.hand!.playerIds;
    const bigA = atA.includes('p8');
    const victimA = (bigA ? atB : atA).find((id) => !['p1', 'p8', 'p12'].includes(id))!;
    const tableOfVictim = bigA ? b : a;
    const tableOfP8 = bigA ? a : b;
    const winnerAt = (t: number) => s.tables.find((x) => x.id === t)!.hand!.playerIds.find((id) => id === 'p1' || id === 'p12')!;
    const r1 = finishHand(s, tableOfVictim, [victimA], winnerAt(tableOfVictim));
    s = r1.state;
    expect(r1.events.filter((e) => e.type === 'player-busted')).toEqual([]);
    expect(s.entries[s.entryIndex[victimA]]).toMatchObject({ status: 'busted', place: null });
    const wait = beginHand(s, tableOfVictim);
    expect(wait.ok === false && wait.error.code).toBe('HAND_FOR_HAND_WAIT');
    const r2 = finishHand(s, tableOfP8, ['p8'], winnerAt(tableOfP8));
    const busted = r2.events.filter((e) => e.type === 'player-busted');
    // Places 6 (paid 1000 of 10001) and 7: the bigger starting stack (p8, 2000) takes 6th.
    expect(busted.map((e) => e.type === 'player-busted' && [e.playerId, e.place, e.prize])).toEqual([
      ['p8', 6, 1000],
      [victimA, 7, 0],
    ]);
    const types = r2.events.map((e) => e.type);
    expect(types).toContain('hand-for-hand-ended');
    expect(types).toContain('final-table');
    expect(r2.state.handForHand).toBe(false);
    expect(r2.state.tables.length).toBe(1);
  });

  it('returns errors instead of throwing', () => {
    const s = started();
    const b = deal(s, 1);
    const busy = beginHand(b.state, 1);
    expect(busy.ok === false && busy.error.code).toBe('TABLE_BUSY');
    const unknown = beginHand(s, 9);
    expect(unknown.ok === false && unknown.error.code).toBe('UNKNOWN_TABLE');
    const start0 = b.hand.config.startingStacks;
    const cheat = handFinished(b.state, 1, { stacksAfter: start0.map((x, i) => (i === 0 ? x + 1 : x)), startingStacks: start0 });
    expect(cheat.ok === false && cheat.error.code).toBe('BAD_RESULT');
    const noHand = handFinished(s, 2, { stacksAfter: [], startingStacks: [] });
    expect(noHand.ok === false && noHand.error.code).toBe('NO_HAND');
    const again = start(s, rng(1));
    expect(again.ok === false && again.error.code).toBe('WRONG_PHASE');
    const bad = createTournament({ structure: SLOW, prizePool: -1, players: ['a', 'a'] });
    expect(bad.ok === false && bad.error.code).toBe('INVALID_TOURNAMENT');
  });

  it('levels by the clock, and no hands on a break', () => {
    const structure: TournamentStructure = {
      ...SLOW,
      levels: [
        { level: 1, smallBlind: 5, bigBlind: 10, ante: 0, durationSec: 60 },
        { breakSec: 60 },
        { level: 2, smallBlind: 10, bigBlind: 20, ante: 20, bigBlindAnte: true, durationSec: 60 },
      ],
    };
    const c = createTournament({ structure, prizePool: 100, players: IDS });
    if (!c.ok) throw new Error(c.error.message);
    let s = start(c.state, DRAW);
    if (!s.ok) throw new Error();
    const brk = setClock(s.state, 60_000);
    expect(brk.ok && brk.events).toEqual([{ type: 'break-started', entryIndex: 1, breakSec: 60 }]);
    if (!brk.ok) throw new Error();
    const refused = beginHand(brk.state, 1);
    expect(refused.ok === false && refused.error.code).toBe('ON_BREAK');
    s = setClock(brk.state, 120_000);
    expect(s.ok && s.events.map((e) => e.type)).toEqual(['level-started']);
    if (!s.ok) throw new Error();
    const h = deal(s.state, 1).hand;
    expect(h.level.level).toBe(2);
    expect(h.config.blindsOrStraddles.slice(0, 2)).toEqual([10, 20]);
    expect(h.config.antes).toEqual([0, 20, 0, 0, 0, 0]);
    const back = setClock(s.state, 1000);
    expect(back.ok).toBe(false);
  });
});
