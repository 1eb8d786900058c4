// Betting rules without a showdown: blinds, the big blind's option, heads-up order, min raises,
// short all-ins, pot-limit maxima, errors that leave the state untouched.
import { describe, expect, it } from 'vitest';
import { checkOrCall, completeBetOrRaiseTo, createHand, dealHole, fold, legalActions, settle, type HandConfig, type HandState } from '../../src/poker/index';
import { ok } from '../support/engine';

/** A hand with every hole card dealt as unknown (betting does not need them). */
function start(c: HandConfig): HandState {
  let s = ok(createHand(c));
  const hole = c.variant === 'PO' ? 4 : 2;
  for (let i = 0; i < c.startingStacks.length; i++) s = ok(dealHole(s, i, new Array(hole).fill(-1)));
  return s;
}

const nt = (stacks: number[], blinds: number[], extra: Partial<HandConfig> = {}): HandConfig => ({
  variant: 'NT',
  startingStacks: stacks,
  blindsOrStraddles: blinds,
  minBet: blinds[1],
  ...extra,
});

describe('blinds and order', () => {
  it('three-handed: p3 (button) acts first preflop, p1 first after the flop', () => {
    const s = start(nt([100, 100, 100], [1, 2, 0]));
    expect(s.bets).toEqual([1, 2, 0]);
    expect(legalActions(s)!.player).toBe(2);
  });

  it('heads-up: the button (p2) posts the small blind and acts first preflop; p1 acts first after', () => {
    let s = start(nt([100, 100], [1, 2]));
    expect(s.bets).toEqual([2, 1]);
    expect(legalActions(s)).toMatchObject({ player: 1, callAmount: 1, canFold: true });
    s = ok(checkOrCall(s, 1));
    // The big blind's option: he may check or raise.
    expect(legalActions(s)).toMatchObject({ player: 0, canCheck: true, canFold: false, raise: { minTo: 4, maxTo: 100 } });
    s = ok(checkOrCall(s, 0));
    expect(s.phase).toBe('dealing');
  });

  it("the big blind's option when everyone limps", () => {
    let s = start(nt([100, 100, 100, 100], [1, 2, 0, 0]));
    s = ok(checkOrCall(s, 2));
    s = ok(checkOrCall(s, 3));
    s = ok(checkOrCall(s, 0));
    expect(s.phase).toBe('betting');
    expect(legalActions(s)).toMatchObject({ player: 1, canCheck: true, raise: { minTo: 4 } });
    s = ok(completeBetOrRaiseTo(s, 6, 1));
    expect(legalActions(s)).toMatchObject({ player: 2, callAmount: 4, raise: { minTo: 10 } });
  });

  it('a straddle is the opening bet: the player after it acts first and the straddler has the option', () => {
    let s = start(nt([100, 100, 100, 100], [1, 2, 4, 0]));
    // pokerkit's convention (the conformance oracle): the minimum increment stays min_bet.
    expect(legalActions(s)).toMatchObject({ player: 3, callAmount: 4, raise: { minTo: 6 } });
    for (const p of [3, 0, 1]) s = ok(checkOrCall(s, p));
    expect(legalActions(s)).toMatchObject({ player: 2, canCheck: true });
  });
});

describe('raises', () => {
  it('minimum raise is the largest increment of the round, at least the big blind', () => {
    let s = start(nt([1000, 1000, 1000], [5, 10, 0]));
    expect(legalActions(s)!.raise!.minTo).toBe(20);
    s = ok(completeBetOrRaiseTo(s, 50, 2)); // +40
    expect(legalActions(s)!.raise!.minTo).toBe(90);
    const low = completeBetOrRaiseTo(s, 89, 0);
    expect(low.ok).toBe(false);
    if (!low.ok) expect(low.error.code).toBe('BELOW_MIN_RAISE');
    const high = completeBetOrRaiseTo(s, 1001, 0);
    expect(!high.ok && high.error.code).toBe('ABOVE_MAX_RAISE');
  });

  it('a short all-in raise does not reopen the betting for a player who already acted', () => {
    // p3 raises to 100, p1 calls, p2 goes all-in for 150 (a raise of 50 < 90): p3 may only call or fold.
    let s = start(nt([1000, 150, 1000], [5, 10, 0]));
    s = ok(completeBetOrRaiseTo(s, 100, 2));
    s = ok(checkOrCall(s, 0));
    s = ok(completeBetOrRaiseTo(s, 150, 1));
    const l = legalActions(s)!;
    expect(l).toMatchObject({ player: 2, callAmount: 50, raise: null });
    const r = completeBetOrRaiseTo(s, 300, 2);
    expect(!r.ok && r.error.code).toBe('RAISE_NOT_REOPENED');
  });

  it('short all-ins that add up to a full raise reopen the betting', () => {
    // p3 raises to 100 (+90), p4 calls; p1 all-in 150 (+50, short); p2 all-in 200 (+50): +100 in all.
    let s = start(nt([150, 200, 1000, 1000], [5, 10, 0, 0]));
    s = ok(completeBetOrRaiseTo(s, 100, 2));
    s = ok(checkOrCall(s, 3));
    s = ok(completeBetOrRaiseTo(s, 150, 0));
    const onlyCall = ok(checkOrCall(s, 1));
    expect(legalActions(onlyCall)).toMatchObject({ player: 2, callAmount: 50, raise: null });
    s = ok(completeBetOrRaiseTo(s, 200, 1));
    expect(legalActions(s)).toMatchObject({ player: 2, callAmount: 100, raise: { minTo: 290, maxTo: 1000 } }); // largest increment so far: 90
  });

  it('pot-limit maximum: 2 x current bet - own bet + pot', () => {
    let s = start({ variant: 'PO', startingStacks: [1000, 1000, 1000], blindsOrStraddles: [5, 10, 0], minBet: 10 });
    // p3 facing 10 with 15 in the pot: 2*10 - 0 + 15 = 35.
    expect(legalActions(s)!.raise).toMatchObject({ minTo: 20, maxTo: 35 });
    s = ok(completeBetOrRaiseTo(s, 35, 2));
    // p1: 2*35 - 5 + 50 = 115.
    expect(legalActions(s)!.raise).toMatchObject({ minTo: 60, maxTo: 115 });
  });
});

describe('errors', () => {
  it('illegal moves are returned, never thrown, and leave the input untouched', () => {
    const s = start(nt([100, 100, 100], [1, 2, 0]));
    const snapshot = JSON.stringify(s);
    const wrong = fold(s, 0);
    expect(!wrong.ok && wrong.error.code).toBe('NOT_YOUR_TURN');
    const r = ok(checkOrCall(s, 2));
    expect(r).not.toBe(s);
    expect(JSON.stringify(s)).toBe(snapshot);
    const bb = ok(checkOrCall(ok(checkOrCall(s, 2)), 0));
    expect(!fold(bb, 1).ok && (fold(bb, 1) as { error: { code: string } }).error.code).toBe('CANNOT_FOLD');
  });

  it('everyone folds: the uncalled bet comes back and the last player takes the blinds', () => {
    let s = start(nt([100, 100, 100], [1, 2, 0]));
    s = ok(completeBetOrRaiseTo(s, 10, 2));
    s = ok(fold(s, 0));
    s = ok(fold(s, 1));
    expect(s.phase).toBe('settlement');
    expect(s.returned).toEqual([0, 0, 8]);
    const done = ok(settle(s));
    expect(done.stacks).toEqual([99, 98, 103]);
    expect(done.phase).toBe('complete');
  });
});
