// The actor's glue over the engine: rake plus jackpot share, showdown preferences.
import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/poker';
import { applyMove, isComplete, seatToAct, startHand, type HandRun } from '../../../src/server/tables/hand';
import type { TableConfig } from '../../../src/server/tables/types';

const config: TableConfig = {
  tableId: 1,
  name: 't',
  variant: 'texas',
  smallBlind: 50,
  bigBlind: 100,
  minBuyIn: 1000,
  maxBuyIn: 10_000,
  maxPlayers: 6,
  actionTime: 20,
  rakePercent: 5,
  rakeCap: 300,
  jackpotPercent: 1,
  status: 'OPEN',
};

function deck(holes: string[], board: string): number[] {
  const cards: number[] = [];
  for (let r = 0; r < 2; r++) for (const h of holes) cards.push(parseCard(h.slice(r * 2, r * 2 + 2)));
  const b = board.match(/../g)!.map(parseCard);
  const spare = [...Array(52).keys()].filter((c) => !cards.includes(c) && !b.includes(c));
  return [...cards, spare.pop()!, b[0], b[1], b[2], spare.pop()!, b[3], spare.pop()!, b[4], ...spare];
}

function play(holes: string[], board: string, showLosers?: Set<number>, cfg = config): HandRun {
  const seats = holes.map((_, i) => i);
  const r = startHand(
    cfg,
    {
      handId: 1,
      handNumber: 1,
      seed: '00',
      seedHash: '00',
      deck: deck(holes, board),
      lineup: { button: seats.length - 1, order: seats, smallBlindSeat: 0, bigBlindSeat: 1, deadPosts: [] },
      seats,
      userIds: seats.map((s) => s + 10),
      startStacks: seats.map(() => 5000),
    },
    [],
  );
  if (!r.ok) throw new Error(r.error.message);
  r.run.showLosers = showLosers;
  while (!isComplete(r.run)) {
    const seat = seatToAct(r.run)!;
    if (!applyMove(cfg, r.run, seat, { kind: 'CALL' }).ok) expect(applyMove(cfg, r.run, seat, { kind: 'CHECK' }).ok).toBe(true);
  }
  return r.run;
}

describe('hand glue', () => {
  it('takes the rake and the jackpot share from a raked pot and records both', () => {
    const run = play(['AsAd', 'KsKd', '2c3c'], 'Ah7d8c9sJd');
    // Pot 300: rake 5% = 15, jackpot 1% = 3; winner gets the rest.
    expect(run.cuts).toEqual([{ rake: 15, jackpot: 3 }]);
    expect(run.state.stacks).toEqual([5000 - 100 + 300 - 18, 4900, 4900]);
  });

  it('no flop, no drop', () => {
    const seats = [0, 1];
    const r = startHand(
      config,
      {
        handId: 1,
        handNumber: 1,
        seed: '00',
        seedHash: '00',
        deck: deck(['AsAd', 'KsKd'], 'Ah7d8c9sJd'),
        lineup: { button: 1, order: seats, smallBlindSeat: 1, bigBlindSeat: 0, deadPosts: [] },
        seats,
        userIds: [10, 11],
        startStacks: [5000, 5000],
      },
      [],
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(applyMove(config, r.run, seatToAct(r.run)!, { kind: 'FOLD' }).ok).toBe(true);
    expect(r.run.cuts.every((c) => c.rake === 0 && c.jackpot === 0)).toBe(true);
  });

  it('mucks losing hands by default and shows them for players who turned auto-muck off', () => {
    // Seat 0 acts last on the river among the callers; seat 2 holds the loser either way.
    const muck = play(['AsAd', 'KsKd', '2c3c'], 'Ah7d8c9sJd');
    const show = play(['AsAd', 'KsKd', '2c3c'], 'Ah7d8c9sJd', new Set([1, 2]));
    const shownCount = (r: HandRun) => r.state.shown.filter(Boolean).length;
    expect(shownCount(show)).toBe(3);
    expect(shownCount(muck)).toBeLessThan(3);
  });
});
