// The cash-table core's hand: rake plus jackpot share, no flop no drop, showdown preferences.
import { describe, expect, it } from 'vitest';
import { applyAction, seatToAct, startHand, type HandRun } from '../../../src/poker/table';
import { tableConfig } from '../../support/table-body';
import { playDown, riggedDeck } from '../../support/rigged-hand';

const config = tableConfig({ tableId: 1, name: 't', minBuyIn: 1000, rakeCap: 300 });
const play = (holes: string[], board: string, showLosers?: Set<number>) => playDown(config, holes, board, showLosers);

describe('a hand at a cash table', () => {
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
        deck: riggedDeck(['AsAd', 'KsKd'], 'Ah7d8c9sJd'),
        lineup: { button: 1, order: seats, smallBlindSeat: 1, bigBlindSeat: 0, deadPosts: [] },
        seats,
        userIds: [10, 11],
        startStacks: [5000, 5000],
      },
      [],
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(applyAction(config, r.run, { seat: seatToAct(r.run)!, userId: 11 }, { kind: 'fold' }).ok).toBe(true);
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
