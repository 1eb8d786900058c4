// A house bot's decision: equity against the field, pot odds, measured aggression, rare bluffs.
// Pure: everything it needs comes in, including the random source.

export interface BotLegal {
  canFold: boolean;
  canCheck: boolean;
  callAmount: number;
  canBet: boolean;
  canRaise: boolean;
  minRaiseTo: number | null;
  maxRaiseTo: number | null;
}

export interface BotSituation {
  legal: BotLegal;
  /** Win share 0..1 against the live opponents. */
  equity: number;
  /** Chips in the middle, including every bet of this round. */
  pot: number;
  /** The bot's own bet this round (raise-to amounts are street totals). */
  ownBet: number;
  stack: number;
  bigBlind: number;
  opponents: number;
  preflop: boolean;
  /** Uniform float in [0, 1). */
  random: () => number;
}

export type BotDecision = { action: 'FOLD' } | { action: 'CHECK' } | { action: 'CALL' } | { action: 'BET' | 'RAISE'; amount: number };

export function decide(s: BotSituation): BotDecision {
  const { legal, equity, random } = s;
  const toCall = legal.canCheck ? 0 : legal.callAmount;
  const potOdds = toCall > 0 ? toCall / (s.pot + toCall) : 0;
  // Multiway pots need more to continue: equity is already against the field, but be honest about variance.
  const strong = equity > 0.72 - 0.03 * Math.min(3, s.opponents - 1);
  const good = equity > 0.5 - 0.04 * Math.min(3, s.opponents - 1);
  const canAggress = (legal.canBet || legal.canRaise) && legal.minRaiseTo !== null && legal.maxRaiseTo !== null;

  const sized = (fraction: number): BotDecision => {
    const min = legal.minRaiseTo as number;
    const max = legal.maxRaiseTo as number;
    // Raise-to = call first, then add a fraction of the pot after the call.
    const target = s.ownBet + toCall + Math.round(fraction * (s.pot + toCall));
    const rounded = Math.max(min, Math.min(max, Math.round(target / s.bigBlind) * s.bigBlind || target));
    return { action: legal.canBet ? 'BET' : 'RAISE', amount: Math.max(min, Math.min(max, rounded)) };
  };
  const passive = (): BotDecision => (legal.canCheck ? { action: 'CHECK' } : { action: 'FOLD' });

  if (strong && canAggress && random() < 0.8) return sized(random() < 0.3 ? 1 : 0.66);
  if (good && canAggress && toCall === 0 && random() < 0.55) return sized(0.5);
  if (good && canAggress && toCall > 0 && random() < 0.2) return sized(0.75);
  if (toCall === 0) {
    // A rare bluff when checked to keeps the bots from being transparent.
    if (canAggress && !s.preflop && random() < 0.07) return sized(0.5);
    return { action: 'CHECK' };
  }
  // Calling: equity must beat the price, with a little slack for implied odds preflop.
  const slack = s.preflop ? 0.06 : 0.02;
  if (equity + slack >= potOdds) return { action: 'CALL' };
  if (s.preflop && toCall <= s.bigBlind && random() < 0.3) return { action: 'CALL' };
  return passive();
}
