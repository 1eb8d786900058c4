// The detectors: pure functions from the running sums to scored alerts with their evidence. The
// job and the bench call the same ones. Thresholds and why: docs/integrity.md.
import { SIGNAL_KINDS } from '../../shared/api/integrity';
import type { Activity, PairCounters, PlayerCounters } from './counters';

export const SIGNALS = SIGNAL_KINDS;
export type SignalKind = (typeof SIGNALS)[number];

export interface Evidence {
  /** What was measured. */
  figures: Record<string, number>;
  /** What it is compared with (the expected value or the bar). */
  expected: Record<string, number>;
  /** Hands to replay. */
  hands: number[];
  /** Short machine words for the reasons (translated by the back office). */
  reasons: string[];
  /** What is shared (linked accounts): `device …`, `bank …`, `ip …`. */
  shared?: string[];
}

export interface Signal {
  kind: SignalKind;
  /** Stable per subject: `chip_dumping:12:40`, `bot:7`. */
  key: string;
  userIds: number[];
  /** 0..100; an alert is raised at FLAG_SCORE. */
  score: number;
  evidence: Evidence;
}

export const FLAG_SCORE = 50;
const cap = (x: number) => Math.max(0, Math.min(100, Math.round(x)));
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** What a pair's detectors need of each player overall and of the room. */
export interface PairContext {
  handsOf(userId: number): number;
  /** The player's flops seen, and those with a bet or raise of theirs; the same of heads-up flops. */
  flopsOf(userId: number): { flops: number; aggr: number; huFlops: number; huAggr: number };
  /** The player's squeeze spots (facing another's raise with a third player in) and raises in them. */
  squeezeOf(userId: number): { spots: number; raises: number };
  /** The player's net (cash chips, or tournament big blinds) and opponents dealt in with them (see PlayerCounters.opponents). */
  edgeOf(userId: number, tournament: boolean): { net: number; opponents: number };
  totalHands: number;
}

/**
 * The flow a pair's skill explains, per hand together (from a to b): each one's edge on the field,
 * their net per opponent dealt in with them, the pair's own hands and flow left out. A strong
 * player wins from everyone; a dumper's receiver wins from one account only. Shrunk towards no
 * edge by EDGE_PRIOR opponents, so that a short record cannot explain a flow away.
 */
export function skillFlow(a: number, b: number, c: PairCounters, ctx: PairContext, tournament: boolean): number {
  const together = tournament ? c.tTogether : c.together - c.tTogether;
  const pairNet = tournament ? c.tAToB - c.tBToA : c.aToB - c.bToA;
  const edge = (u: number, net: number) => {
    const e = ctx.edgeOf(u, tournament);
    return net === 0 && e.opponents === 0 ? 0 : (e.net - net) / (Math.max(0, e.opponents - together) + EDGE_PRIOR);
  };
  return edge(b, pairNet) - edge(a, -pairNet);
}
const EDGE_PRIOR = 10_000;

/** z of a pair's net flow beyond what their skill explains: (net - skill) / sqrt(sum of squares of each hand's net). */
function flowZ(aToB: number, bToA: number, flowSq: number, skill: number) {
  const net = aToB - bToA;
  // Skill only explains a flow away, never adds to it.
  const beyond = Math.sign(net) * Math.max(0, Math.abs(net) - Math.max(0, Math.sign(net) * skill));
  const z = flowSq > 0 ? Math.abs(beyond) / Math.sqrt(flowSq) : 0;
  return { net, z, oneWay: Math.abs(net) / Math.max(1e-9, aToB + bToA) };
}

/** One-way money between two players beyond what the swings of their hands and their skill explain. */
export function chipDumping(a: number, b: number, c: PairCounters, ctx: PairContext): Signal | null {
  const together = c.together - c.tTogether;
  if (together < 20 || c.flowSq <= 0) return null;
  const skill = together * skillFlow(a, b, c, ctx, false);
  const { net, z, oneWay } = flowZ(c.aToB, c.bToA, c.flowSq, skill);
  const [from, to] = net > 0 ? [a, b] : [b, a];
  const folds = net > 0 ? c.strongFoldAB - c.tStrongFoldAB : c.strongFoldBA - c.tStrongFoldBA;
  // z of the net flow: past 4 luck and edge rarely reach among thousands of pairs (the bench);
  // strong hands folded to the receiver and an all one-way flow add to it.
  const score = cap((z - 3) * 15 + (oneWay > 0.9 ? 5 : 0) + Math.min(20, folds * 2));
  return {
    kind: 'chip_dumping',
    key: `chip_dumping:${Math.min(a, b)}:${Math.max(a, b)}`,
    userIds: [from, to],
    score,
    evidence: {
      figures: {
        net: Math.round(Math.abs(net)),
        skillExplained: Math.round(Math.max(0, Math.sign(net) * skill)),
        z: round(z),
        oneWayShare: round(oneWay),
        handsTogether: together,
        strongFoldsToReceiver: folds,
      },
      expected: { net: 0, zBar: 4 },
      hands: c.handIds,
      reasons: [...(z >= 4 ? ['one_way_flow'] : []), ...(folds >= 3 ? ['strong_folds'] : [])],
    },
  };
}

/** The same flow on tournament chips, in big blinds (a stack passed to a partner, who cashes it as a prize). */
export function tournamentDumping(a: number, b: number, c: PairCounters, ctx: PairContext): Signal | null {
  if (c.tTogether < 20 || c.tFlowSq <= 0) return null;
  const skill = c.tTogether * skillFlow(a, b, c, ctx, true);
  const { net, z, oneWay } = flowZ(c.tAToB, c.tBToA, c.tFlowSq, skill);
  const [from, to] = net > 0 ? [a, b] : [b, a];
  const folds = net > 0 ? c.tStrongFoldAB : c.tStrongFoldBA;
  // The cash detector's bars: tournament hands swing as cash hands do once counted in big blinds.
  const score = cap((z - 3) * 15 + (oneWay > 0.9 ? 5 : 0) + Math.min(20, folds * 2));
  return {
    kind: 'tournament_dumping',
    key: `tournament_dumping:${Math.min(a, b)}:${Math.max(a, b)}`,
    userIds: [from, to],
    score,
    evidence: {
      figures: {
        netBb: round(Math.abs(net), 1),
        skillExplainedBb: round(Math.max(0, Math.sign(net) * skill), 1),
        z: round(z),
        oneWayShare: round(oneWay),
        handsTogether: c.tTogether,
        strongFoldsToReceiver: folds,
      },
      expected: { netBb: 0, zBar: 4 },
      hands: c.handIds,
      reasons: [...(z >= 4 ? ['one_way_flow'] : []), ...(folds >= 3 ? ['strong_folds'] : [])],
    },
  };
}

/** Signed root of the binomial deviance: a z that keeps its meaning for rare events (few expected). */
export function binomialZ(k: number, n: number, expected: number): number {
  if (n <= 0 || expected <= 0 || expected >= n) return 0;
  const term = (x: number, e: number) => (x > 0 ? x * Math.log(x / e) : 0);
  const dev = 2 * (term(k, expected) + term(n - k, n - expected));
  return Math.sign(k - expected) * Math.sqrt(Math.max(0, dev));
}

/**
 * A pair who re-raise each other's raises with a third player caught between them far more often
 * than each re-raises anyone else's raise in the same spot (the whipsaw).
 */
export function squeeze(a: number, b: number, c: PairCounters, ctx: PairContext): Signal | null {
  const n = c.sqzSpotsAB + c.sqzSpotsBA;
  if (n < 20) return null;
  // Each one's own rate in squeeze spots, the pair's own spots left out.
  const rate = (u: number, spots: number, raises: number) => {
    const all = ctx.squeezeOf(u);
    return (all.raises - raises + 1) / (all.spots - spots + 2);
  };
  const pb = rate(b, c.sqzSpotsAB, c.sqzRaisesAB);
  const pa = rate(a, c.sqzSpotsBA, c.sqzRaisesBA);
  const k = c.sqzRaisesAB + c.sqzRaisesBA;
  const expected = c.sqzSpotsAB * pb + c.sqzSpotsBA * pa;
  const z = binomialZ(k, n, expected);
  const score = cap((z - 3) * 15 + (c.sqzOut >= 5 ? 5 : 0));
  return {
    kind: 'squeeze',
    key: `squeeze:${Math.min(a, b)}:${Math.max(a, b)}`,
    userIds: [a, b],
    score,
    evidence: {
      figures: { reraiseBetween: round(k / n), z: round(z), squeezeSpots: n, reraises: k, thirdPlayerFolded: c.sqzOut },
      expected: { reraiseBetween: round(expected / n), zBar: 5 },
      hands: c.sqzHandIds,
      reasons: z >= 5 ? ['whipsaw'] : [],
    },
  };
}

/**
 * Aggression between a pair on their flops against what each one's own rate on flops without the
 * other predicts, as a deviance z (binomialZ: a handful of flops together cannot reach the bar by a
 * normal z's tails); positive when they bet into each other less.
 */
function aggressionZ(n: number, k: number, own: [number, number, number, number]): { z: number; observed: number; expected: number } {
  const [flopsA, aggrA, flopsB, aggrB] = own;
  const rate = (flops: number, aggr: number) => (aggr + 1) / (flops + 2);
  const expected = 1 - (1 - rate(flopsA, aggrA)) * (1 - rate(flopsB, aggrB));
  return { z: -binomialZ(k, n, expected * n), observed: n ? k / n : 0, expected };
}

/**
 * A pair that bets into each other far less than each bets into everyone, on all the flops they
 * see together or on those they see heads-up (where soft play checks it down), and folds strong
 * hands to each other.
 */
export function softPlay(a: number, b: number, c: PairCounters, ctx: PairContext): Signal | null {
  if (c.bothFlop < 20) return null;
  const [fa, fb] = [ctx.flopsOf(a), ctx.flopsOf(b)];
  // Each one's own rate on the flops without the other (as the squeeze's); pair rows counted before
  // the per-player bets were kept (no bets, yet a bet between them) keep the pair's flops in.
  const out = c.bothFlopBetA + c.bothFlopBetB > 0 || c.bothFlopAggr === 0 ? 1 : 0;
  const all = aggressionZ(c.bothFlop, c.bothFlopAggr, [
    fa.flops - out * c.bothFlop,
    fa.aggr - out * c.bothFlopBetA,
    fb.flops - out * c.bothFlop,
    fb.aggr - out * c.bothFlopBetB,
  ]);
  // Heads-up: two looks at one record, so the heads-up z must clear the bar by itself on enough flops.
  const hu =
    c.huFlop >= 20
      ? aggressionZ(c.huFlop, c.huFlopAggr, [fa.huFlops - c.huFlop, fa.huAggr - c.huFlopBetA, fb.huFlops - c.huFlop, fb.huAggr - c.huFlopBetB])
      : null;
  const z = Math.max(all.z, hu?.z ?? 0);
  const folds = c.strongFoldAB + c.strongFoldBA;
  const score = cap((z - 1.5) * 16 + Math.min(30, folds * 5));
  return {
    kind: 'soft_play',
    key: `soft_play:${Math.min(a, b)}:${Math.max(a, b)}`,
    userIds: [a, b],
    score,
    evidence: {
      figures: {
        aggressionBetween: round(all.observed),
        z: round(z),
        flopsTogether: c.bothFlop,
        headsUpFlops: c.huFlop,
        headsUpAggression: round(hu?.observed ?? 0),
        strongFoldsToEachOther: folds,
      },
      expected: { aggressionBetween: round(all.expected), headsUpAggression: round(hu?.expected ?? 0), zBar: 4 },
      hands: c.handIds,
      reasons: [...(z >= 4 ? ['rarely_bet_each_other'] : []), ...(folds >= 3 ? ['strong_folds'] : [])],
    },
  };
}

/** Two accounts at the same tables far more often than their traffic predicts. */
export function sittingTogether(a: number, b: number, c: PairCounters, ctx: PairContext): Signal | null {
  const ha = ctx.handsOf(a);
  const hb = ctx.handsOf(b);
  if (c.together < 50 || ctx.totalHands <= 0) return null;
  const expected = (ha * hb) / ctx.totalHands;
  const z = (c.together - expected) / Math.sqrt(Math.max(1, expected));
  const ratio = c.together / Math.max(1e-9, expected);
  // Evidence, not a flag by itself: sessions at one table and hours of the day make honest pairs
  // co-occur well above the room-wide rate (the bench), so alone it stays below FLAG_SCORE.
  const score = ratio >= 3 ? Math.min(FLAG_SCORE - 10, cap((z - 4) * 4)) : 0;
  return {
    kind: 'linked_accounts',
    key: `linked_accounts:tables:${Math.min(a, b)}:${Math.max(a, b)}`,
    userIds: [a, b],
    score,
    evidence: {
      figures: { handsTogether: c.together, ratio: round(ratio), z: round(z) },
      expected: { handsTogether: round(expected, 1), ratioBar: 3 },
      hands: c.handIds,
      reasons: ['sit_together'],
    },
  };
}

/** Timing and stamina no person has: regular decision times, unrelated to difficulty, no breaks, many tables. */
export function botLike(userId: number, s: PlayerCounters, a: Activity): Signal | null {
  if (s.dN < 150) return null;
  const mean = s.dSum / s.dN;
  const sd = Math.sqrt(Math.max(0, s.dSumSq / s.dN - mean * mean));
  const cv = mean > 0 ? sd / mean : 0;
  const quietN = s.dN - s.dFacingN;
  const ratio = s.dFacingN > 30 && quietN > 30 && s.dSum > s.dFacingSum ? s.dFacingSum / s.dFacingN / ((s.dSum - s.dFacingSum) / quietN) : 1.5;
  const hours = a.longestMs / 3_600_000;
  const reasons = [
    ...(cv < 0.3 ? ['regular_timing'] : []),
    ...(ratio < 1.1 ? ['timing_unrelated'] : []),
    ...(hours >= 12 ? ['no_breaks'] : []),
    ...(a.maxTables >= 8 ? ['many_tables'] : []),
  ];
  const weight: Record<string, number> = { regular_timing: 55, timing_unrelated: 40, no_breaks: 25, many_tables: 25 };
  const score = cap(reasons.reduce((x, r) => x + weight[r], 0));
  return {
    kind: 'bot',
    key: `bot:${userId}`,
    userIds: [userId],
    score,
    evidence: {
      figures: {
        decisions: s.dN,
        meanMs: Math.round(mean),
        cv: round(cv),
        facingRatio: round(ratio),
        longestSessionHours: round(hours, 1),
        maxTables: a.maxTables,
      },
      expected: { cvBar: 0.3, facingRatioBar: 1.1, longestSessionHoursBar: 12, maxTablesBar: 8 },
      hands: [],
      reasons,
    },
  };
}

/** Every pair signal of one pair (key `a:b`, a < b). */
export function pairSignals(key: string, c: PairCounters, ctx: PairContext): Signal[] {
  const [a, b] = key.split(':').map(Number);
  return [chipDumping(a, b, c, ctx), tournamentDumping(a, b, c, ctx), softPlay(a, b, c, ctx), squeeze(a, b, c, ctx), sittingTogether(a, b, c, ctx)].filter(
    (s): s is Signal => s !== null,
  );
}
