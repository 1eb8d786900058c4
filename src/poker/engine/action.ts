// Moves as values: one Action union for every player move of every game, and one
// applyAction(state, player, action) in the pokerkit style the engine already uses
// (verifyAction returns the error value, canAction a boolean, applyAction the step).
// An illegal action is a returned RuleError, never a throw.
//
// Betting: 'complete-bet-or-raise-to' is pokerkit's one operation (PHH `cbr`); 'bet' and 'raise'
// are the same operation, each refused where the other is meant (a bet is the first chips of a
// round, a raise goes over someone's bet or blind), which is what a table's buttons say.
// 'check-or-call' is PHH `cc`. Amounts are raise-TO totals of the round, as in PHH.
// Stud and draw moves are reserved kinds: every flop game answers them with NOT_IN_GAME.
import { callAmount, checkOrCall, completeBetOrRaiseTo, fold, verifyCheckOrCall, verifyCompleteBetOrRaiseTo, verifyFold } from './betting';
import { legalActions } from './legal';
import { selectRunoutCount, verifyRunoutCountSelection } from './runout';
import { showOrMuckHoleCards, verifyShowOrMuckHoleCards } from './showdown';
import type { CardInt, HandState, RuleError, StepResult } from './types';

export type Action =
  | { readonly kind: 'fold' }
  | { readonly kind: 'check' }
  | { readonly kind: 'call' }
  | { readonly kind: 'check-or-call' }
  | { readonly kind: 'bet'; readonly to: number }
  | { readonly kind: 'raise'; readonly to: number }
  | { readonly kind: 'complete-bet-or-raise-to'; readonly to: number }
  /** At the showdown (or a voluntary show after the hand); `cards` only to reveal unknown cards in a replay. */
  | { readonly kind: 'show'; readonly cards?: readonly CardInt[] }
  | { readonly kind: 'muck' }
  /** Run it twice: how many run-outs this player agrees to (1 declines); see runout.ts. */
  | { readonly kind: 'select-runout-count'; readonly count: number }
  /** Reserved for stud (PHH `pb`): not in any flop game. */
  | { readonly kind: 'post-bring-in' }
  /** Reserved for draw games (PHH `sd`; no cards = stand pat): not in any flop game. */
  | { readonly kind: 'stand-pat-or-discard'; readonly cards?: readonly CardInt[] };

export type ActionKind = Action['kind'];

/** Every kind, for parsers and tests. */
export const ACTION_KINDS: readonly ActionKind[] = [
  'fold',
  'check',
  'call',
  'check-or-call',
  'bet',
  'raise',
  'complete-bet-or-raise-to',
  'show',
  'muck',
  'select-runout-count',
  'post-bring-in',
  'stand-pat-or-discard',
];

const err = (code: RuleError['code'], message: string): RuleError => ({ code, message });

function verifyPlayer(s: HandState, player: number): RuleError | null {
  if (!Number.isInteger(player) || player < 0 || player >= s.config.n) return err('INVALID_PLAYER', `no player ${String(player)}`);
  return null;
}

/** Why `player` may not take `action` now, or null when he may. */
export function verifyAction(s: HandState, player: number, action: Action): RuleError | null {
  const e = verifyPlayer(s, player);
  if (e) return e;
  if (action == null || typeof action !== 'object') return err('INVALID_ACTION', 'an action must be an object with a kind');
  switch (action.kind) {
    case 'fold':
      return verifyFold(s, player);
    case 'check-or-call':
      return verifyCheckOrCall(s, player);
    case 'check':
    case 'call': {
      const e2 = verifyCheckOrCall(s, player);
      if (e2) return e2;
      const call = callAmount(s)!;
      if (action.kind === 'check' && call > 0) return err('CANNOT_CHECK', `there is ${call} to call`);
      if (action.kind === 'call' && call === 0) return err('CANNOT_CALL', 'there is nothing to call: check instead');
      return null;
    }
    case 'bet':
    case 'raise':
    case 'complete-bet-or-raise-to':
      return verifyRaise(s, player, action.kind, action.to);
    case 'show':
      return verifyShowOrMuckHoleCards(s, true, action.cards, player);
    case 'muck':
      return verifyShowOrMuckHoleCards(s, false, undefined, player);
    case 'select-runout-count':
      return verifyRunoutCountSelection(s, player, action.count);
    case 'post-bring-in':
      return err('NOT_IN_GAME', `there is no bring-in in ${s.config.variant}`);
    case 'stand-pat-or-discard':
      return err('NOT_IN_GAME', `there is no draw in ${s.config.variant}`);
    default:
      return err('INVALID_ACTION', `unknown action kind ${JSON.stringify((action as { kind?: unknown }).kind ?? null)}`);
  }
}

function verifyRaise(s: HandState, player: number, kind: 'bet' | 'raise' | 'complete-bet-or-raise-to', to: number): RuleError | null {
  const e = verifyCompleteBetOrRaiseTo(s, to, player);
  if (e || kind === 'complete-bet-or-raise-to') return e;
  const legal = legalActions(s)!;
  if (kind === 'bet' && legal.raise!.kind !== 'bet') return err('CANNOT_BET', 'there is a bet: raise instead');
  if (kind === 'raise' && legal.raise!.kind !== 'raise') return err('CANNOT_RAISE', 'nobody has bet yet: bet instead');
  return null;
}

export const canAction = (s: HandState, player: number, action: Action): boolean => verifyAction(s, player, action) === null;

/** The step `action` takes from `s`, or the RuleError that says why it may not (s is never changed). */
export function applyAction(s: HandState, player: number, action: Action): StepResult {
  const e = verifyAction(s, player, action);
  if (e) return { ok: false, error: e };
  switch (action.kind) {
    case 'fold':
      return fold(s, player);
    case 'check':
    case 'call':
    case 'check-or-call':
      return checkOrCall(s, player);
    case 'bet':
    case 'raise':
    case 'complete-bet-or-raise-to':
      return completeBetOrRaiseTo(s, action.to, player);
    case 'show':
      return showOrMuckHoleCards(s, true, action.cards, player);
    case 'muck':
      return showOrMuckHoleCards(s, false, undefined, player);
    case 'select-runout-count':
      return selectRunoutCount(s, player, action.count);
    default:
      // verifyAction refused every other kind.
      return { ok: false, error: err('INVALID_ACTION', 'unreachable') };
  }
}
