// A fast-fold pool's deal (src/server/pools/seating.ts, docs/fast-fold.md): seats drawn at random,
// the big blind to the most owed and the small blind to the next, and blinds never skipped when a
// pool keeps dealing whoever waits.
import { describe, expect, it } from 'vitest';
import { afterDeal, drawPoolDeal } from '../../../src/server/pools/seating';
import { prng } from '../../support/prng';

const players = (owed: number[]) => owed.map((sinceBigBlind, i) => ({ userId: 100 + i, sinceBigBlind }));

describe('a pool deal', () => {
  it('seats everyone at a distinct seat, in the engine order, with the most owed on the big blind', () => {
    const rnd = prng(7);
    for (let k = 2; k <= 9; k++) {
      for (let trial = 0; trial < 50; trial++) {
        const owed = Array.from({ length: k }, () => rnd(20));
        const deal = drawPoolDeal(players(owed), 9, rnd);
        const seats = [...deal.seats.values()];
        expect(new Set(seats).size).toBe(k);
        expect(seats.every((s) => s >= 0 && s < 9)).toBe(true);
        const { order, button, bigBlindSeat, smallBlindSeat } = deal.lineup;
        expect([...order].sort((a, b) => a - b)).toEqual([...seats].sort((a, b) => a - b));
        // Clockwise from the button: the order is the seats rotated, the button last.
        expect(order[k - 1]).toBe(button);
        const rotated = [...order].sort((a, b) => a - b);
        const at = rotated.indexOf(order[0]);
        expect(order).toEqual(rotated.slice(at).concat(rotated.slice(0, at)));
        const who = (seat: number) => [...deal.seats].find(([, s]) => s === seat)![0];
        const most = Math.max(...owed);
        expect(owed[who(bigBlindSeat) - 100]).toBe(most);
        const rest = owed.filter((_, i) => 100 + i !== who(bigBlindSeat));
        expect(owed[who(smallBlindSeat) - 100]).toBe(Math.max(...rest));
        if (k === 2) expect([smallBlindSeat, bigBlindSeat]).toEqual([button, order[0]]);
        else expect([smallBlindSeat, bigBlindSeat]).toEqual([order[0], order[1]]);
      }
    }
  });

  it('draws seats at random: every seat of a 6-max table is taken', () => {
    const rnd = prng(11);
    const taken = new Set<number>();
    for (let i = 0; i < 100; i++) for (const s of drawPoolDeal(players([0, 0, 0]), 6, rnd).seats.values()) taken.add(s);
    expect([...taken].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('never lets a player go long without a big blind while the pool deals whoever waits', () => {
    const rnd = prng(3);
    const owed = new Map(players(Array(12).fill(6)).map((p) => [p.userId, p.sinceBigBlind]));
    let queue = [...owed.keys()];
    let longest = 0;
    for (let hand = 0; hand < 2000; hand++) {
      // Six of the waiting players, in queue order; the rest go on waiting.
      const table = queue.slice(0, 6);
      queue = queue.slice(6);
      const deal = drawPoolDeal(
        table.map((userId) => ({ userId, sinceBigBlind: owed.get(userId)! })),
        6,
        rnd,
      );
      for (const userId of table) {
        owed.set(userId, afterDeal(owed.get(userId)!, deal.seats.get(userId) === deal.lineup.bigBlindSeat));
        longest = Math.max(longest, owed.get(userId)!);
      }
      // Folders come back in any order.
      queue = queue.concat(table.sort(() => rnd(3) - 1));
    }
    // One big blind in six hands on average; nobody waits more than twice that.
    expect(longest).toBeLessThanOrEqual(12);
  });

  it('refuses a table it cannot deal', () => {
    expect(() => drawPoolDeal(players([1]), 6, prng(1))).toThrow();
    expect(() => drawPoolDeal(players([1, 1, 1, 1, 1, 1, 1]), 6, prng(1))).toThrow();
  });
});
