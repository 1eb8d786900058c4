// The running sums the job keeps (stored as JSON per player and stake, per player, per pair):
// plain counters, so that a batch of hands adds to them and every figure is a ratio of sums.

/** One player at one game and stake. */
export interface PlayerCounters {
  hands: number;
  vpip: number;
  pfr: number;
  threeBetOpp: number;
  threeBet: number;
  /** Bets and raises, and calls (checks are neither): aggression = bets / calls. */
  bets: number;
  calls: number;
  sawFlop: number;
  /** Postflop hands with at least one bet or raise of the player's. */
  flopAggr: number;
  wtsd: number;
  wsd: number;
  /** Chips won or lost, and the same in big blinds. */
  net: number;
  netBb: number;
  /** All-in hands before the river: their expected and actual results (chips). */
  allinN: number;
  allinEv: number;
  allinActual: number;
  /** Decision times: all, and those facing a bet (a harder decision). */
  dN: number;
  dSum: number;
  dSumSq: number;
  dFacingN: number;
  dFacingSum: number;
  /** Folds of a strong hand facing a bet (preflop QQ+/AK, postflop two pair or better). */
  strongFolds: number;
  /** Facing another's bet or raise with a third player still in (a squeeze spot), and raises there. */
  sqzSpots: number;
  sqzRaises: number;
  /** Flops seen heads-up (only two players saw it), and those with a bet or raise of the player's. */
  huFlops: number;
  huFlopAggr: number;
  /** Other players dealt in with the player, summed over hands: net / opponents is the player's edge on the field. */
  opponents: number;
}

export const emptyPlayer = (): PlayerCounters => ({
  hands: 0,
  vpip: 0,
  pfr: 0,
  threeBetOpp: 0,
  threeBet: 0,
  bets: 0,
  calls: 0,
  sawFlop: 0,
  flopAggr: 0,
  wtsd: 0,
  wsd: 0,
  net: 0,
  netBb: 0,
  allinN: 0,
  allinEv: 0,
  allinActual: 0,
  dN: 0,
  dSum: 0,
  dSumSq: 0,
  dFacingN: 0,
  dFacingSum: 0,
  strongFolds: 0,
  sqzSpots: 0,
  sqzRaises: 0,
  huFlops: 0,
  huFlopAggr: 0,
  opponents: 0,
});

/** One player over everything: play time, tables at once, the hands' count for traffic. */
export interface Activity {
  hands: number;
  firstAt: number;
  lastAt: number;
  sessionStart: number;
  /** Longest stretch without a break of BREAK_MS, and time played in all. */
  longestMs: number;
  playedMs: number;
  /** Table id -> the last hand there (ms), pruned to the window. */
  tables: Record<string, number>;
  maxTables: number;
}

export const emptyActivity = (): Activity => ({ hands: 0, firstAt: 0, lastAt: 0, sessionStart: 0, longestMs: 0, playedMs: 0, tables: {}, maxTables: 0 });

/** Two players (a < b by id); money from cash hands, tournament chips apart. */
export interface PairCounters {
  /** Hands dealt together, and of those the tournament hands. */
  together: number;
  tTogether: number;
  /** Chips that went from a to b and from b to a, and the sum of squares of each hand's net flow. */
  aToB: number;
  bToA: number;
  flowSq: number;
  /** Hands with only the two of them dealt. */
  headsUp: number;
  /** Both saw the flop; and of those, a bet or raise between them afterwards. */
  bothFlop: number;
  bothFlopAggr: number;
  /** Of the flops both saw, those where a (and b) bet or raised at all: left out of each one's own rate. */
  bothFlopBetA: number;
  bothFlopBetB: number;
  /** The same on heads-up flops between them (where soft play checks it down), and a bet between them there. */
  huFlop: number;
  huFlopAggr: number;
  huFlopBetA: number;
  huFlopBetB: number;
  /** A strong hand folded to the other's bet (all hands; those of tournaments also below). */
  strongFoldAB: number;
  strongFoldBA: number;
  /** The latest hands that feed the evidence (most telling first kept). */
  handIds: number[];
  /** Tournament chips between them, in big blinds (flows as aToB, bToA, flowSq), and the strong folds of tournament hands. */
  tAToB: number;
  tBToA: number;
  tFlowSq: number;
  tStrongFoldAB: number;
  tStrongFoldBA: number;
  /** Squeeze spots where a raised and b was to act (AB), and b raised again; the same the other way. */
  sqzSpotsAB: number;
  sqzRaisesAB: number;
  sqzSpotsBA: number;
  sqzRaisesBA: number;
  /** Re-raises between them after which a third player folded. */
  sqzOut: number;
  /** The latest hands with a re-raise between them over a third player. */
  sqzHandIds: number[];
}

export const emptyPair = (): PairCounters => ({
  together: 0,
  tTogether: 0,
  aToB: 0,
  bToA: 0,
  flowSq: 0,
  headsUp: 0,
  bothFlop: 0,
  bothFlopAggr: 0,
  bothFlopBetA: 0,
  bothFlopBetB: 0,
  huFlop: 0,
  huFlopAggr: 0,
  huFlopBetA: 0,
  huFlopBetB: 0,
  strongFoldAB: 0,
  strongFoldBA: 0,
  handIds: [],
  tAToB: 0,
  tBToA: 0,
  tFlowSq: 0,
  tStrongFoldAB: 0,
  tStrongFoldBA: 0,
  sqzSpotsAB: 0,
  sqzRaisesAB: 0,
  sqzSpotsBA: 0,
  sqzRaisesBA: 0,
  sqzOut: 0,
  sqzHandIds: [],
});

/** Adds b's numbers to a (same keys). */
export function addCounters<T extends object>(a: T, b: T): T {
  const out = { ...a } as Record<string, unknown>;
  for (const [k, v] of Object.entries(b)) if (typeof v === 'number') out[k] = ((out[k] as number) ?? 0) + v;
  return out as T;
}

export const pairKey = (x: number, y: number) => (x < y ? `${x}:${y}` : `${y}:${x}`);
