// Bet sizing from the server's `legal` block. The server is the judge; this keeps the bar from
// ever offering an amount it would refuse.
import type { HandView, LegalView, TableView } from '../../../shared/protocol/table-view';

export type Preset = 'half' | 'threeQuarters' | 'pot' | 'allIn';
export const PRESETS: Preset[] = ['half', 'threeQuarters', 'pot', 'allIn'];
const FRACTION: Record<Exclude<Preset, 'allIn'>, number> = { half: 0.5, threeQuarters: 0.75, pot: 1 };

export interface RaiseRange {
  kind: 'BET' | 'RAISE';
  min: number;
  max: number;
  /** The only bet/raise left is all-in (stack below a full min-raise). */
  allInOnly: boolean;
}

/** Null when the player can neither bet nor raise. */
export function raiseRange(legal: LegalView | null | undefined): RaiseRange | null {
  if (!legal || (!legal.canBet && !legal.canRaise)) return null;
  if (legal.minRaiseTo === null || legal.maxRaiseTo === null) return null;
  const max = legal.maxRaiseTo;
  const min = Math.min(legal.minRaiseTo, max);
  return { kind: legal.canBet ? 'BET' : 'RAISE', min, max, allInOnly: min >= max };
}

/** Integer, inside [min, max]; NaN and blanks fall back to the minimum. */
export function clampAmount(value: number, range: RaiseRange): number {
  if (!Number.isFinite(value)) return range.min;
  return Math.min(range.max, Math.max(range.min, Math.floor(value)));
}

export interface PotContext {
  /** Chips collected in pots plus every bet on the table this street (the viewer's included). */
  potTotal: number;
  /** What the viewer has already put in on this street. */
  myBet: number;
  callAmount: number;
}

export function potContext(view: TableView, hand: HandView, legal: LegalView): PotContext {
  const collected = hand.pots.reduce((a, p) => a + p.amount, 0);
  const bets = view.seats.reduce((a, s) => a + (s?.bet ?? 0), 0);
  const myBet = view.mySeat !== null ? (view.seats[view.mySeat]?.bet ?? 0) : 0;
  return { potTotal: collected + bets, myBet, callAmount: legal.callAmount };
}

/**
 * The raise-to amount of a preset: call first, then add the fraction of the pot that call makes
 * (the usual "pot-sized raise"), clamped to the legal range.
 */
export function presetAmount(preset: Preset, ctx: PotContext, range: RaiseRange): number {
  if (preset === 'allIn') return range.max;
  const afterCall = ctx.potTotal + ctx.callAmount;
  const to = ctx.myBet + ctx.callAmount + Math.round(afterCall * FRACTION[preset]);
  return clampAmount(to, range);
}

/** One arrow-key step: a big blind (ten with Shift), never below min nor above max. */
export function stepAmount(value: number, direction: 1 | -1, bigBlind: number, range: RaiseRange, big = false): number {
  const step = Math.max(1, bigBlind) * (big ? 10 : 1);
  return clampAmount(value + direction * step, range);
}
