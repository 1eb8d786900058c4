// A live table shrinking from three players to two: seatingOrder / nextButton / blindsFor turn
// the seats into the engine's player order, and heads-up the button posts the small blind and
// acts first before the flop, the big blind first after it.
import { describe, expect, it } from 'vitest';
import {
  blindsFor,
  checkOrCall,
  createHand,
  dealHole,
  dealBoard,
  forcedBets,
  legalActions,
  nextButton,
  seatingOrder,
  type HandState,
} from '../../src/poker/index';
import { ok } from '../support/engine';

/** A hand for the given seats and button, every hole card dealt (unknown). */
function handAt(seats: (string | null)[], button: number, stack = 1000): { s: HandState; players: readonly string[]; seatOrder: readonly number[] } {
  const { players, seatOrder } = seatingOrder({ seats, button });
  let s = ok(createHand({ variant: 'NT', startingStacks: players.map(() => stack), blindsOrStraddles: blindsFor(players.length, 5, 10), minBet: 10 }));
  for (let i = 0; i < players.length; i++) s = ok(dealHole(s, i, [-1, -1]));
  return { s, players, seatOrder };
}

const actor = (s: HandState, players: readonly string[]) => players[legalActions(s)!.player];
const betOf = (s: HandState, players: readonly string[], who: string) => s.bets[players.indexOf(who)];

describe('a table shrinking from three players to two', () => {
  it('three-handed: small blind left of the button, the button acts first preflop, the small blind first after', () => {
    const seats = ['ann', null, 'bo', 'cy', null, null];
    const { s, players, seatOrder } = handAt(seats, 0);
    expect(players).toEqual(['bo', 'cy', 'ann']); // p1 = small blind ... last = button
    expect(seatOrder).toEqual([2, 3, 0]);
    expect(betOf(s, players, 'bo')).toBe(5);
    expect(betOf(s, players, 'cy')).toBe(10);
    expect(betOf(s, players, 'ann')).toBe(0);
    expect(actor(s, players)).toBe('ann');
    let t = ok(checkOrCall(s)); // ann calls
    t = ok(checkOrCall(t)); // bo completes
    t = ok(checkOrCall(t)); // cy checks his option
    t = ok(dealBoard(t, [-1, -1, -1]));
    expect(actor(t, players)).toBe('bo');
  });

  it('after one player leaves: the button posts the small blind and acts first preflop; the big blind acts first after the flop', () => {
    // Hand 1 had the button on seat 0 (ann), bo and cy in the blinds; cy then leaves.
    const seats: (string | null)[] = ['ann', null, 'bo', null, null, null];
    const button = nextButton(seats, 0);
    expect(button).toBe(2); // the button moves on to bo
    const { s, players, seatOrder } = handAt(seats, button);
    expect(players).toEqual(['ann', 'bo']); // PHH order heads-up: [big blind, button]
    expect(seatOrder).toEqual([0, 2]);
    expect(blindsFor(2, 5, 10)).toEqual([5, 10]); // PHH lists [small, big]; the engine swaps heads-up
    expect(betOf(s, players, 'bo')).toBe(5); // the button posts the small blind
    expect(betOf(s, players, 'ann')).toBe(10);
    expect(actor(s, players)).toBe('bo'); // and acts first before the flop
    expect(legalActions(s)).toMatchObject({ callAmount: 5, canFold: true });
    let t = ok(checkOrCall(s)); // bo completes
    expect(actor(t, players)).toBe('ann'); // the big blind's option
    expect(legalActions(t)).toMatchObject({ canCheck: true, canFold: false, raise: { minTo: 20 } });
    t = ok(checkOrCall(t));
    expect(t.phase).toBe('dealing');
    t = ok(dealBoard(t, [-1, -1, -1]));
    expect(actor(t, players)).toBe('ann'); // the big blind acts first after the flop
    t = ok(checkOrCall(t));
    expect(actor(t, players)).toBe('bo');
    t = ok(checkOrCall(t));
    t = ok(dealBoard(t, [-1]));
    expect(actor(t, players)).toBe('ann'); // and on every later street
  });

  it('when the button player himself leaves, the order still starts left of the empty button seat', () => {
    // ann (button, seat 0) leaves after hand 1; the next button is bo's seat.
    const seats: (string | null)[] = [null, null, 'bo', 'cy', null, null];
    const button = nextButton(seats, 0);
    expect(button).toBe(2);
    const { s, players } = handAt(seats, button);
    expect(players).toEqual(['cy', 'bo']);
    expect(betOf(s, players, 'bo')).toBe(5);
    expect(betOf(s, players, 'cy')).toBe(10);
    expect(actor(s, players)).toBe('bo');
    // An empty button seat: seatingOrder still starts left of it.
    expect(seatingOrder({ seats, button: 0 }).players).toEqual(['bo', 'cy']);
  });

  it('heads-up with a short big blind: the button still acts first, and the short all-in blind is respected', () => {
    const seats: (string | null)[] = ['ann', 'bo'];
    const { players, seatOrder } = seatingOrder({ seats, button: 1 });
    expect(players).toEqual(['ann', 'bo']);
    expect(seatOrder).toEqual([0, 1]);
    let s = ok(createHand({ variant: 'NT', startingStacks: [7, 1000], blindsOrStraddles: blindsFor(2, 5, 10), minBet: 10 }));
    s = ok(dealHole(s, 0, [-1, -1]));
    s = ok(dealHole(s, 1, [-1, -1]));
    expect(s.bets).toEqual([7, 5]); // ann is all-in for her 7-chip big blind
    expect(legalActions(s)).toMatchObject({ player: 1, callAmount: 2, raise: null });
  });
});

describe('forcedBets', () => {
  it('straddles, antes and bomb pots as PHH data, and the engine posts them where the table means', () => {
    expect(forcedBets({ players: 6, smallBlind: 1, bigBlind: 2, straddle: { position: 'utg', amount: 4 } })).toEqual({
      antes: [0, 0, 0, 0, 0, 0],
      blindsOrStraddles: [1, 2, 4, 0, 0, 0],
      bombPot: false,
    });
    expect(forcedBets({ players: 4, smallBlind: 1, bigBlind: 2, straddle: { position: 'button', amount: 4 }, ante: { from: 'big-blind', amount: 2 } })).toEqual(
      {
        antes: [0, 2, 0, 0],
        blindsOrStraddles: [1, 2, 0, 4],
        bombPot: false,
      },
    );
    expect(forcedBets({ players: 3, smallBlind: 1, bigBlind: 2, bombPotAnte: 5 })).toEqual({ antes: [5, 5, 5], blindsOrStraddles: [0, 0, 0], bombPot: true });
    // Heads-up: the big blind posts the big-blind ante, the button the button ante; no straddle.
    for (const [from, poster] of [
      ['big-blind', 0],
      ['button', 1],
    ] as const) {
      const bets = forcedBets({ players: 2, smallBlind: 1, bigBlind: 2, straddle: { position: 'utg', amount: 4 }, ante: { from, amount: 2 } });
      expect(bets.blindsOrStraddles).toEqual([1, 2]);
      const s = createHand({ variant: 'NT', startingStacks: [100, 100], minBet: 2, ...bets });
      expect(s.ok && s.state.stacks).toEqual(poster === 0 ? [96, 99] : [98, 97]);
    }
  });
});
