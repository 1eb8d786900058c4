// What the player to act may do, in one query, for the UI and the bots.
import { canRaiseUnchecked, maxRaiseToUnchecked, minRaiseToUnchecked } from './betting';
import { maxOf } from './flow';
import type { BettingStructure, HandState } from './types';

export interface LegalActions {
  readonly player: number;
  readonly canFold: boolean;
  /** Nothing to call: checking is the passive option. */
  readonly canCheck: boolean;
  /** Something to call: `callAmount` chips (capped by the stack). */
  readonly canCall: boolean;
  readonly callAmount: number;
  /** The call puts the player all-in (possibly for less than the bet). */
  readonly callIsAllIn: boolean;
  /** Bet (nothing to call) or raise; null when not allowed. Amounts are raise-TO street totals. */
  readonly raise: {
    readonly kind: 'bet' | 'raise';
    readonly minTo: number;
    readonly maxTo: number;
    /** Only an all-in is possible (the stack does not reach a full raise). */
    readonly allInOnly: boolean;
  } | null;
  /** The game's betting structure: no-limit (maxTo is the stack), pot-limit (the pot), fixed-limit (minTo = maxTo). */
  readonly structure: BettingStructure;
  /** Bets and raises still allowed this round (fixed limit caps them); null = no cap. */
  readonly raisesLeft: number | null;
}

export function legalActions(s: HandState): LegalActions | null {
  if (s.phase !== 'betting' || s.actors.length === 0) return null;
  const i = s.actors[0];
  const top = maxOf(s.bets);
  const own = s.bets[i];
  const stack = s.stacks[i];
  const call = Math.min(stack, top - own);
  let raise: LegalActions['raise'] = null;
  if (canRaiseUnchecked(s, i, top)) {
    const lo = minRaiseToUnchecked(s, i, top);
    const hi = maxRaiseToUnchecked(s, i, top, lo);
    const all = stack + own;
    raise = { kind: top === 0 ? 'bet' : 'raise', minTo: lo, maxTo: hi, allInOnly: lo === all && hi === all };
  }
  return {
    player: i,
    // Folding is refused when there is nothing to call (check instead).
    canFold: own < top,
    canCheck: call === 0,
    canCall: call > 0,
    callAmount: call,
    callIsAllIn: call > 0 && call === stack,
    raise,
    structure: s.config.game.structure,
    raisesLeft: s.config.game.maxRaises === null ? null : Math.max(0, s.config.game.maxRaises - s.raiseCount),
  };
}
