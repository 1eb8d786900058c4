// Moves as values: applyAction/verifyAction/canAction give the same steps as the named
// operations, and every illegal move comes back as a RuleError value (never a throw) that leaves
// the state as it was.
import { describe, expect, it } from 'vitest';
import {
  ACTION_KINDS,
  applyAction,
  canAction,
  checkOrCall,
  completeBetOrRaiseTo,
  createHand,
  dealBoard,
  dealHole,
  fold,
  verifyAction,
  type Action,
  type HandConfig,
  type HandState,
} from '../../src/poker/index';
import { ok } from '../support/engine';

function start(c: HandConfig): HandState {
  let s = ok(createHand(c));
  for (let i = 0; i < c.startingStacks.length; i++) s = ok(dealHole(s, i, [-1, -1]));
  return s;
}

const three = (): HandState => start({ variant: 'NT', startingStacks: [100, 100, 100], blindsOrStraddles: [1, 2, 0], minBet: 2 });

describe('applyAction', () => {
  it('gives the same states and events as the named operations', () => {
    const s = three();
    expect(applyAction(s, 2, { kind: 'fold' })).toEqual(fold(s, 2));
    expect(applyAction(s, 2, { kind: 'call' })).toEqual(checkOrCall(s, 2));
    expect(applyAction(s, 2, { kind: 'check-or-call' })).toEqual(checkOrCall(s, 2));
    expect(applyAction(s, 2, { kind: 'raise', to: 6 })).toEqual(completeBetOrRaiseTo(s, 6, 2));
    expect(applyAction(s, 2, { kind: 'complete-bet-or-raise-to', to: 6 })).toEqual(completeBetOrRaiseTo(s, 6, 2));
  });

  it('bet and raise are each refused where the other is meant; check and call likewise', () => {
    let s = three();
    expect(verifyAction(s, 2, { kind: 'bet', to: 6 })).toMatchObject({ code: 'CANNOT_BET' });
    expect(verifyAction(s, 2, { kind: 'check' })).toMatchObject({ code: 'CANNOT_CHECK' });
    for (const p of [2, 0]) s = ok(applyAction(s, p, { kind: 'call' }));
    expect(verifyAction(s, 1, { kind: 'call' })).toMatchObject({ code: 'CANNOT_CALL' });
    s = ok(applyAction(s, 1, { kind: 'check' }));
    for (let i = 0; i < 3; i++) s = dealBoardIfDue(s);
    // Flop: nothing bet yet, so p1 bets (a raise is refused).
    expect(verifyAction(s, 0, { kind: 'raise', to: 4 })).toMatchObject({ code: 'CANNOT_RAISE' });
    expect(canAction(s, 0, { kind: 'bet', to: 4 })).toBe(true);
    expect(ok(applyAction(s, 0, { kind: 'bet', to: 4 })).bets).toEqual([4, 0, 0]);
  });

  it('illegal moves are values, not throws, and change nothing', () => {
    const s = three();
    const before = JSON.stringify(s);
    const bad: [number, unknown, string][] = [
      [0, { kind: 'fold' }, 'NOT_YOUR_TURN'],
      [7, { kind: 'fold' }, 'INVALID_PLAYER'],
      [-1, { kind: 'call' }, 'INVALID_PLAYER'],
      [2, { kind: 'raise', to: 3 }, 'BELOW_MIN_RAISE'],
      [2, { kind: 'raise', to: 1000 }, 'ABOVE_MAX_RAISE'],
      [2, { kind: 'raise', to: 4.5 }, 'INVALID_AMOUNT'],
      [2, { kind: 'muck' }, 'WRONG_PHASE'],
      [2, { kind: 'select-runout-count', count: 2 }, 'NO_RUNOUT_CHOICE'],
      [2, { kind: 'post-bring-in' }, 'NOT_IN_GAME'],
      [2, { kind: 'stand-pat-or-discard', cards: [] }, 'NOT_IN_GAME'],
      [2, { kind: 'jump' }, 'INVALID_ACTION'],
      [2, null, 'INVALID_ACTION'],
    ];
    for (const [player, action, code] of bad) {
      const r = applyAction(s, player, action as Action);
      expect(r.ok, JSON.stringify(action)).toBe(false);
      if (!r.ok) expect(r.error.code, JSON.stringify(action)).toBe(code);
      expect(canAction(s, player, action as Action)).toBe(false);
    }
    expect(JSON.stringify(s)).toBe(before);
  });

  it('show and muck at the showdown', () => {
    let s = three();
    for (const p of [2, 0]) s = ok(applyAction(s, p, { kind: 'call' }));
    s = ok(applyAction(s, 1, { kind: 'check' }));
    for (let street = 0; street < 3; street++) {
      s = dealBoardIfDue(s);
      for (const p of [0, 1, 2]) s = ok(applyAction(s, p, { kind: 'check' }));
    }
    expect(s.phase).toBe('showdown');
    expect(s.showdownQueue).toEqual([0, 1, 2]);
    s = ok(applyAction(s, 0, { kind: 'show' }));
    s = ok(applyAction(s, 1, { kind: 'muck' }));
    expect(s.active).toEqual([true, false, true]);
    expect(verifyAction(s, 1, { kind: 'muck' })).not.toBeNull();
  });

  it('lists every kind once', () => {
    expect(new Set(ACTION_KINDS).size).toBe(ACTION_KINDS.length);
    expect(ACTION_KINDS).toContain('select-runout-count');
  });
});

/** Deals the next board street as unknown cards when a dealing is pending. */
function dealBoardIfDue(s: HandState): HandState {
  return s.phase === 'dealing' ? ok(dealBoard(s, new Array<number>(s.boardPending).fill(-1))) : s;
}
