// A simple bot for simulations: random legal actions weighted towards check, call and fold,
// with occasional raises and all-ins, and push-or-fold when short (so rising blinds matter).
import type { LegalActions } from '../engine/legal';
import type { RandomInt } from '../fair/shuffle';

export interface BotView {
  readonly legal: LegalActions;
  /** Chips behind, and already bet this round. */
  readonly stack: number;
  readonly bet: number;
  /** Chips in the middle, this round's bets included. */
  readonly pot: number;
  readonly bigBlind: number;
  /** 0 preflop .. 3 river. */
  readonly street: number;
}

/** 'call' checks when there is nothing to call. Raise amounts are raise-to street totals. */
export type BotDecision = { readonly kind: 'fold' } | { readonly kind: 'call' } | { readonly kind: 'raise'; readonly to: number };

export type BotPolicy = (view: BotView, random: RandomInt) => BotDecision;

const CALL: BotDecision = { kind: 'call' };
const FOLD: BotDecision = { kind: 'fold' };

/** Per mille: r is uniform in 0..999. */
export const simpleBot: BotPolicy = (v, random) => {
  const { legal } = v;
  const r = random(1000);
  const allIn: BotDecision = legal.raise ? { kind: 'raise', to: legal.raise.maxTo } : CALL;
  const sized = (): BotDecision => {
    if (!legal.raise) return CALL;
    const { minTo, maxTo } = legal.raise;
    const span = Math.max(0, Math.min(maxTo, minTo + v.pot) - minTo);
    return { kind: 'raise', to: minTo + random(span + 1) };
  };
  const price = legal.canCall ? legal.callAmount / (v.pot + legal.callAmount) : 0;
  // Short stack (ten big blinds or less): push or fold.
  if ((v.stack + v.bet) / v.bigBlind <= 10) {
    if (r < 250) return allIn;
    if (!legal.canCall) return CALL;
    return r < 550 - 300 * price ? CALL : FOLD;
  }
  if (legal.canCall) {
    if (r < 3) return allIn;
    if (r < 60) return sized();
    return r < 350 + 640 * price ? FOLD : CALL;
  }
  if (r < 2) return allIn;
  if (r < 150) return sized();
  return CALL;
};
