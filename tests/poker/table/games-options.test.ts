// The table's options through the cash-table core (issue 29): the straddle only from a player who
// chose it, in the table's straddle seat; the ante from everyone; every Nth hand a bomb pot; run it
// twice as a turn of the players still in; short deck's 36 cards first in the committed deck.
import { describe, expect, it } from 'vitest';
import { actorOf, applyAction, gameDeck, runoutAsked, seatToAct, startHand, type TableRules } from '../../../src/poker/table';
import { deckFromSeed } from '../../../src/poker';
import { tableConfig } from '../../support/table-body';

const seats = [0, 1, 2, 3];
const start = (rules: TableRules, handNumber = 1, straddlers?: Set<number>) => {
  const r = startHand(
    rules,
    {
      handId: 1,
      handNumber,
      seed: '00',
      seedHash: '00',
      deck: deckFromSeed('11'.repeat(32)),
      lineup: { button: 3, order: seats, smallBlindSeat: 0, bigBlindSeat: 1, deadPosts: [] },
      seats,
      userIds: [10, 11, 12, 13],
      startStacks: [5000, 5000, 5000, 5000],
    },
    [],
    undefined,
    straddlers,
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.run;
};

describe('table options in the core', () => {
  it('posts the straddle only for a player who chose it, in the straddle seat', () => {
    const utg = tableConfig({ straddle: 'utg' });
    expect(start(utg, 1, new Set([2])).state.bets).toEqual([50, 100, 200, 0]);
    expect(start(utg, 1, new Set([3])).state.bets).toEqual([50, 100, 0, 0]);
    const button = tableConfig({ straddle: 'button' });
    expect(start(button, 1, new Set([3])).state.bets).toEqual([50, 100, 0, 200]);
    // Without a choice list (a tool building a hand), the table's straddle is posted.
    expect(start(utg).state.bets).toEqual([50, 100, 200, 0]);
  });

  it("takes everyone's ante, and deals a bomb pot every Nth hand from the flop", () => {
    const rules = tableConfig({ ante: 10, bombPotEvery: 3 });
    const plain = start(rules, 2);
    expect(plain.state.stacks).toEqual([4940, 4890, 4990, 4990]);
    expect(plain.state.config.bombPot).toBe(false);
    const bomb = start(rules, 3);
    expect(bomb.state.config.bombPot).toBe(true);
    expect(bomb.state.board).toHaveLength(3);
    expect(bomb.state.stacks).toEqual([4800, 4800, 4800, 4800]);
  });

  it('asks each player still in to run it twice, on their turn, then deals two boards', () => {
    const rules = tableConfig({ variant: 'NT', runItTwice: true });
    const run = start(rules);
    // Everyone all-in preflop.
    for (let guard = 0; guard < 12 && run.state.phase === 'betting'; guard++) {
      const seat = seatToAct(run)!;
      const user = { seat, userId: 10 + seat };
      const raise = applyAction(rules, run, user, { kind: 'complete-bet-or-raise-to', to: 5000 });
      if (!raise.ok) expect(applyAction(rules, run, user, { kind: 'call' }).ok).toBe(true);
    }
    expect(runoutAsked(run)).toBe(true);
    let asked = 0;
    while (runoutAsked(run)) {
      const seat = seatToAct(run)!;
      expect(actorOf(run.state)).toBe(run.seats.indexOf(seat));
      expect(applyAction(rules, run, { seat, userId: 10 + seat }, { kind: 'select-runout-count', count: 2 }).ok).toBe(true);
      asked++;
    }
    expect(asked).toBe(4);
    expect(run.state.phase).toBe('complete');
    expect(run.state.extraBoards).toHaveLength(1);
    expect(run.state.stacks.reduce((a, b) => a + b, 0) + run.cuts.reduce((a, c) => a + c.rake + c.jackpot, 0)).toBe(20_000);
  });

  it("puts short deck's 36 cards first, in their shuffled order", () => {
    const deck = deckFromSeed('22'.repeat(32));
    const short = gameDeck('NS', deck);
    expect(short).toHaveLength(52);
    expect(short.slice(0, 36)).toEqual(deck.filter((c) => c >= 16));
    expect(gameDeck('NT', deck)).toBe(deck);
  });
});
