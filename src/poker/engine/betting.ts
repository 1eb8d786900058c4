// Player actions in a betting round: fold, check or call, bet or raise to. Each comes as
// verifyX (the error or null), canX (boolean) and x (the step), as in pokerkit.
// The steps verify once and then apply unchecked internals; the queries (callAmount, minRaiseTo,
// maxRaiseTo, legalActions) share the same single-pass helpers.
import { CHECK_OR_CALL_ENTRY, draft, FOLD_ENTRY, done, logAppend, RAISE_PREFIX, rest, wActive, wBets, wStacks } from './draft';
import { afterAction, maxOf } from './flow';
import { streetBet } from './games';
import { potTotal } from './state';
import type { HandState, RuleError, StepResult } from './types';

const err = (code: RuleError['code'], message: string): RuleError => ({ code, message });

/** The player to act, or null when no betting action is pending. */
export function actorIndex(s: HandState): number | null {
  return s.phase === 'betting' && s.actors.length > 0 ? s.actors[0] : null;
}

function verifyTurn(s: HandState, player: number | undefined): RuleError | null {
  if (s.phase === 'betting' && s.actors.length > 0) {
    if (player !== undefined && player !== s.actors[0]) return err('NOT_YOUR_TURN', `it is p${s.actors[0] + 1}'s turn, not p${player + 1}'s`);
    return null;
  }
  if (s.phase === 'complete' || s.phase === 'settlement') return err('HAND_OVER', 'the hand is over');
  return err('NO_ACTION_PENDING', `no betting action is pending (phase ${s.phase})`);
}

// ---- internals: the actor is s.actors[0] and a betting action is pending; top = maxOf(s.bets)

/** Why the actor may not bet or raise, or null when he may. */
export function raiseRightError(s: HandState, i: number, top: number): RuleError | null {
  const cap = s.config.game.maxRaises;
  if (cap !== null && s.raiseCount >= cap) return err('CANNOT_RAISE', `the betting is capped at ${cap} bets and raises: call or fold`);
  // A short all-in raise does not reopen the betting for those who already acted.
  if (s.acted & (1 << i)) return err('RAISE_NOT_REOPENED', 'the betting was not reopened for you: call or fold');
  if (s.stacks[i] <= top - s.bets[i]) return err('CANNOT_RAISE', 'not enough chips to raise: call (all-in) or fold');
  const n = s.config.n;
  for (let j = 0; j < n; j++) {
    if (j !== i && s.active[j] && s.stacks[j] + s.bets[j] > top) return null;
  }
  return err('CANNOT_RAISE', 'nobody left could call a raise');
}

/** May the actor bet or raise (no error object built). */
export function canRaiseUnchecked(s: HandState, i: number, top: number): boolean {
  const cap = s.config.game.maxRaises;
  if (cap !== null && s.raiseCount >= cap) return false;
  if (s.acted & (1 << i)) return false;
  if (s.stacks[i] <= top - s.bets[i]) return false;
  const n = s.config.n;
  for (let j = 0; j < n; j++) {
    if (j !== i && s.active[j] && s.stacks[j] + s.bets[j] > top) return true;
  }
  return false;
}

/** Smallest legal raise-to, when raising is allowed. */
export function minRaiseToUnchecked(s: HandState, i: number, top: number): number {
  const c = s.config;
  // The smallest increment: the largest of the round so far, at least the min bet (fixed limit:
  // the street's bet, small before the turn, big after).
  const amount = Math.max(s.raiseIncrement, c.game.structure === 'fixed-limit' ? streetBet(c, s.street) : c.minBet) + top;
  // Capped by the player's own stack (an all-in below a full raise), as pokerkit 0.7 does.
  return Math.min(s.stacks[i] + s.bets[i], amount);
}

/** Largest legal raise-to, when raising is allowed; `lo` is the minimum raise-to. */
export function maxRaiseToUnchecked(s: HandState, i: number, top: number, lo: number): number {
  const all = s.stacks[i] + s.bets[i];
  const structure = s.config.game.structure;
  if (structure === 'no-limit') return all;
  // Fixed limit: the one amount (pokerkit: max = min).
  if (structure === 'fixed-limit') return lo;
  // Pot-limit: call first, then raise by the pot including that call.
  const pot = 2 * top - s.bets[i] + potTotal(s);
  return Math.min(all, Math.max(lo, pot));
}

// ---- fold

export function verifyFold(s: HandState, player?: number): RuleError | null {
  const e = verifyTurn(s, player);
  if (e) return e;
  const i = s.actors[0];
  // pokerkit: folding when there is nothing to call is refused (check instead).
  if (s.bets[i] >= maxOf(s.bets)) return err('CANNOT_FOLD', 'nothing to call: check instead of folding');
  return null;
}

export const canFold = (s: HandState, player?: number): boolean => verifyFold(s, player) === null;

export function fold(s: HandState, player?: number): StepResult {
  const e = verifyFold(s, player);
  if (e) return { ok: false, error: e };
  const d = draft(s);
  const i = s.actors[0];
  d.actors = rest(s.actors);
  wActive(d)[i] = false;
  d.acted |= 1 << i;
  logAppend(d, FOLD_ENTRY[i]);
  d.events.push({ type: 'action', player: i, action: 'fold', amount: 0, to: d.bets[i], allIn: false });
  afterAction(d);
  return done(d);
}

// ---- check or call

export function verifyCheckOrCall(s: HandState, player?: number): RuleError | null {
  return verifyTurn(s, player);
}

export const canCheckOrCall = (s: HandState, player?: number): boolean => verifyCheckOrCall(s, player) === null;

/** Chips the actor puts in to check (0) or call; capped by the stack (a call all-in for less). */
export function callAmount(s: HandState): number | null {
  if (s.phase !== 'betting' || s.actors.length === 0) return null;
  const i = s.actors[0];
  return Math.min(s.stacks[i], maxOf(s.bets) - s.bets[i]);
}

export function checkOrCall(s: HandState, player?: number): StepResult {
  const e = verifyTurn(s, player);
  if (e) return { ok: false, error: e };
  const i = s.actors[0];
  const amount = Math.min(s.stacks[i], maxOf(s.bets) - s.bets[i]);
  const d = draft(s);
  d.actors = rest(s.actors);
  let stack = s.stacks[i];
  if (amount > 0) {
    stack = wStacks(d)[i] -= amount;
    wBets(d)[i] += amount;
  }
  d.acted |= 1 << i;
  logAppend(d, CHECK_OR_CALL_ENTRY[i]);
  d.events.push({ type: 'action', player: i, action: amount === 0 ? 'check' : 'call', amount, to: d.bets[i], allIn: stack === 0 });
  afterAction(d);
  return done(d);
}

/** Explicit check: refused when there is something to call. */
export function verifyCheck(s: HandState, player?: number): RuleError | null {
  const e = verifyTurn(s, player);
  if (e) return e;
  const call = callAmount(s)!;
  return call > 0 ? err('CANNOT_CHECK', `there is ${call} to call`) : null;
}

export function check(s: HandState, player?: number): StepResult {
  const e = verifyCheck(s, player);
  return e ? { ok: false, error: e } : checkOrCall(s, player);
}

// ---- complete, bet or raise to

/** Smallest legal bet/raise-to for the actor (all-in below it is allowed: this is then the stack). */
export function minRaiseTo(s: HandState): number | null {
  if (verifyTurn(s, undefined)) return null;
  const i = s.actors[0];
  const top = maxOf(s.bets);
  return canRaiseUnchecked(s, i, top) ? minRaiseToUnchecked(s, i, top) : null;
}

/** Largest legal bet/raise-to: the whole stack in no-limit, the pot in pot-limit. */
export function maxRaiseTo(s: HandState): number | null {
  if (verifyTurn(s, undefined)) return null;
  const i = s.actors[0];
  const top = maxOf(s.bets);
  return canRaiseUnchecked(s, i, top) ? maxRaiseToUnchecked(s, i, top, minRaiseToUnchecked(s, i, top)) : null;
}

export function verifyCompleteBetOrRaiseTo(s: HandState, amount: number, player?: number): RuleError | null {
  const e = verifyTurn(s, player);
  if (e) return e;
  const i = s.actors[0];
  const top = maxOf(s.bets);
  return raiseError(s, i, top, amount);
}

function raiseError(s: HandState, i: number, top: number, amount: number): RuleError | null {
  const e = raiseRightError(s, i, top);
  if (e) return e;
  if (!Number.isSafeInteger(amount)) return err('INVALID_AMOUNT', `amount must be a whole number of chips, not ${amount}`);
  const lo = minRaiseToUnchecked(s, i, top);
  if (amount < lo) return err('BELOW_MIN_RAISE', `raise to at least ${lo}`);
  const hi = maxRaiseToUnchecked(s, i, top, lo);
  if (amount > hi) return err('ABOVE_MAX_RAISE', `raise to at most ${hi}`);
  return null;
}

export const canCompleteBetOrRaiseTo = (s: HandState, amount: number, player?: number): boolean => verifyCompleteBetOrRaiseTo(s, amount, player) === null;

export function completeBetOrRaiseTo(s: HandState, amount: number, player?: number): StepResult {
  const e0 = verifyTurn(s, player);
  if (e0) return { ok: false, error: e0 };
  const i = s.actors[0];
  const top = maxOf(s.bets);
  const e = raiseError(s, i, top, amount);
  if (e) return { ok: false, error: e };
  const d = draft(s);
  const increment = amount - top;
  const stack = (wStacks(d)[i] -= amount - s.bets[i]);
  wBets(d)[i] = amount;
  d.opener = i;
  const allIn = stack === 0;
  // pokerkit 0.7: all-in raises add up; once they reach the largest increment so far the betting
  // reopens for everyone. A raise that is not all-in is always full and reopens it.
  if (allIn) {
    d.allInRaiseSum += increment;
    if (d.allInRaiseSum >= d.raiseIncrement) d.acted = 0;
  } else {
    d.allInRaiseSum = 0;
    d.acted = 0;
  }
  d.acted |= 1 << i;
  if (increment > d.raiseIncrement) d.raiseIncrement = increment;
  d.raiseCount++;
  const n = d.config.n;
  const actors: number[] = [];
  for (let k = 1, j = i + 1 === n ? 0 : i + 1; k < n; k++, j = j + 1 === n ? 0 : j + 1) {
    if (d.active[j] && d.stacks[j] > 0) actors.push(j);
  }
  d.actors = actors;
  logAppend(d, RAISE_PREFIX[i] + amount);
  d.events.push({ type: 'action', player: i, action: top === 0 ? 'bet' : 'raise', amount: amount - s.bets[i], to: amount, allIn });
  afterAction(d);
  return done(d);
}
