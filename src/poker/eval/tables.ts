// Lookup tables, computed at module load (no committed blobs; the bench times the build).
//
// Non-flush hands depend only on the multiset of ranks. Each card adds a per-rank key and the
// sum identifies the rank counts: ranks 2..7 use keys 1,5,24,112,521,2247 (every multiset of
// at most 7 of them, at most four of a rank, has its own sum, max 10551 < 2^14) in the low 14
// bits, ranks 8..A use 1,5,24,112,521,2247,9244 (max 43717) above them, so the sum stays a small
// positive int. The two halves are then ranked densely:
//   strength = NOFLUSH_n[LOW_BASE_n[low] + HIGH_INDEX[high]]
// where HIGH_INDEX numbers the high-rank multisets of each size and LOW_BASE_n places each
// low-rank multiset's block, so NOFLUSH_n holds exactly one entry per n-rank multiset
// (6175, 18395 and 49205 for 5, 6 and 7 cards). This is the additive-key perfect hash of
// phevaluator/SKPokerEval, with an index that needs two small loads instead of a per-rank loop.
//
// Five cards exactly (Omaha's pair + triple, and evaluateHoldem5) use a second key set,
// FIVE_KEYS, the greedy keys for which every 5-card rank multiset has its own sum (max 360918):
// RANK5 is indexed by that sum directly, one load instead of three. It is too sparse to be
// worth it for 7 cards (7.8M entries, 15 MB: the misses cost more than the loads saved).
//
// Flush hands: FLUSH is indexed by the 13-bit rank mask of the flush suit and holds the best
// flush or straight flush among those ranks (masks of 5 to 7 bits).
//
// The card set (what the validating entry points use, see cardset.ts): SET_BIT[card] is
// 2^(13 * suit + rank), so a sum of distinct cards is the hand's 52-bit set, exactly, in a double,
// with one 13-bit rank mask per suit. Per such mask, SUIT_MASK holds one double, info * 2^30 + key:
// info is the best flush in it (bits 0..12, 0 under five cards) and its number of cards, capped
// at 7 (bits 13..15); key (< 2^28) is the sum of its ranks' RANK_KEYS. The four suits' entries add
// up exactly (below 2^53), to the hand's info sum and rank key: one load per suit, not two.

import { classCode, strengthOfCode } from './strength';

const LOW_RANKS = 6;
const HIGH_RANKS = 7;
/** Greedy keys: each next key is the smallest keeping all sums of <= 7 cards distinct. */
const HALF_KEYS: readonly number[] = [1, 5, 24, 112, 521, 2247, 9244];
export const LOW_BITS = 14;
export const LOW_MASK = (1 << LOW_BITS) - 1;
const LOW_SPACE = 4 * HALF_KEYS[5] + 3 * HALF_KEYS[4] + 1; // 10551 + 1
const HIGH_SPACE = 4 * HALF_KEYS[6] + 3 * HALF_KEYS[5] + 1; // 43717 + 1

/** Additive rank key per rank 0..12. */
export const RANK_KEYS: readonly number[] = Array.from({ length: 13 }, (_, r) => (r < LOW_RANKS ? HALF_KEYS[r] : HALF_KEYS[r - LOW_RANKS] * (1 << LOW_BITS)));

/** Rank key per card int. */
export const CARD_KEY = new Int32Array(52);
/** 1 << rank per card int. */
export const CARD_BIT = new Int32Array(52);
for (let c = 0; c < 52; c++) {
  CARD_KEY[c] = RANK_KEYS[c >> 2];
  CARD_BIT[c] = 1 << (c >> 2);
}

/** Greedy keys: each next key is the smallest keeping all sums of exactly 5 cards distinct. */
export const FIVE_KEYS: readonly number[] = [0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415];
/** Five-card rank key per card int. */
export const CARD_KEY5 = new Int32Array(52);
for (let c = 0; c < 52; c++) CARD_KEY5[c] = FIVE_KEYS[c >> 2];

export interface RankTable {
  /** Block start per low half (only meaningful for low halves of at most n cards). */
  lowBase: Uint16Array;
  /** Strength per n-rank multiset. */
  values: Uint16Array;
}

export interface EvalTables {
  flush: Uint16Array;
  highIndex: Uint16Array;
  noflush5: RankTable;
  noflush6: RankTable;
  noflush7: RankTable;
  /** Rank-only strength of five cards, indexed by their FIVE_KEYS sum. */
  rank5: Uint16Array;
  /** 2^(13 * suit + rank) per card int; 0 for 52..63 (never a card). */
  setBit: Float64Array;
  /** Per 13-bit rank mask of one suit: (min(cards, 7) << 13 | best flush) * 2^30 + sum of its RANK_KEYS. */
  suitMask: Float64Array;
  /** Per 13-bit mask: number of bits set. */
  popcount13: Uint8Array;
}

/** Calls visit(key sum, ranks) for every multiset of the first `ranks` ranks (at most 4 each) of at most 7 cards. */
function forEachHalf(ranks: number, visit: (key: number, list: number[]) => void): void {
  const list: number[] = [];
  const rec = (r: number, key: number): void => {
    if (r === ranks) {
      visit(key, list.slice());
      return;
    }
    const before = list.length;
    for (let c = 0; c <= 4 && before + c <= 7; c++) {
      rec(r + 1, key + c * HALF_KEYS[r]);
      list.push(r);
    }
    list.length = before;
  };
  rec(0, 0);
}

interface Halves {
  highIndex: Uint16Array;
  highCount: number[];
  highs: { key: number; ranks: number[] }[][];
  lows: { key: number; ranks: number[] }[][];
}

/** The low and high rank halves of every multiset, by size, and the dense index of each high half. */
function buildHalves(): Halves {
  const highIndex = new Uint16Array(HIGH_SPACE);
  const highSeen = new Uint8Array(HIGH_SPACE);
  const highCount = new Array<number>(8).fill(0);
  const highs: { key: number; ranks: number[] }[][] = Array.from({ length: 8 }, () => []);
  forEachHalf(HIGH_RANKS, (key, list) => {
    if (highSeen[key]++) throw new Error('rank keys collide');
    highIndex[key] = highCount[list.length]++;
    highs[list.length].push({ key, ranks: list.map((r) => r + LOW_RANKS) });
  });
  const lowSeen = new Uint8Array(LOW_SPACE);
  const lows: { key: number; ranks: number[] }[][] = Array.from({ length: 8 }, () => []);
  forEachHalf(LOW_RANKS, (key, list) => {
    if (lowSeen[key]++) throw new Error('rank keys collide');
    lows[list.length].push({ key, ranks: list });
  });
  return { highIndex, highCount, highs, lows };
}

/**
 * The rank-only tables for five, six and seven cards from a five-card rank function (ranks
 * ascending; 0 = no hand). Six and seven cards take the best five. Short deck builds its own.
 */
export function buildRankTables(five: (r: readonly number[]) => number): {
  highIndex: Uint16Array;
  noflush5: RankTable;
  noflush6: RankTable;
  noflush7: RankTable;
} {
  const { highIndex, highCount, highs, lows } = buildHalves();
  const build = (n: number, previous: RankTable | null): RankTable => {
    const lowBase = new Uint16Array(LOW_SPACE);
    let next = 0;
    for (let j = 0; j <= n; j++) {
      for (const lo of lows[j]) {
        lowBase[lo.key] = next;
        next += highCount[n - j];
      }
    }
    const values = new Uint16Array(next);
    for (let j = 0; j <= n; j++) {
      for (const lo of lows[j]) {
        const base = lowBase[lo.key];
        for (const hi of highs[n - j]) {
          const key = lo.key + hi.key * (1 << LOW_BITS);
          values[base + highIndex[hi.key]] = previous === null ? five(lo.ranks.concat(hi.ranks)) : bestOfFewer(previous, highIndex, key, lo.ranks, hi.ranks);
        }
      }
    }
    return { lowBase, values };
  };
  const noflush5 = build(5, null);
  const noflush6 = build(6, noflush5);
  const noflush7 = build(7, noflush6);
  return { highIndex, noflush5, noflush6, noflush7 };
}

/** Best of n ranks = best over dropping one card (each distinct rank once). */
function bestOfFewer(previous: RankTable, highIndex: Uint16Array, key: number, lr: readonly number[], hr: readonly number[]): number {
  const pl = previous.lowBase;
  const pv = previous.values;
  let v = 0;
  for (const ranks of [lr, hr]) {
    for (let i = 0; i < ranks.length; i++) {
      if (i > 0 && ranks[i] === ranks[i - 1]) continue;
      const k = key - RANK_KEYS[ranks[i]];
      const s = pv[pl[k & LOW_MASK] + highIndex[k >>> LOW_BITS]];
      if (s > v) v = s;
    }
  }
  return v;
}

/** The standard five-card rank value (strength scale of strength.ts); 0 for five of a kind. */
const standardFive = (r: readonly number[]): number => (r[0] !== r[4] ? strengthOfCode(classCode(r[0], r[1], r[2], r[3], r[4], false)) : 0);

/** Builds all tables from scratch (exported so the bench can time it). */
export function buildEvalTables(): EvalTables {
  const { highIndex, noflush5, noflush6, noflush7 } = buildRankTables(standardFive);
  const flush = buildFlush();
  return { flush, highIndex, noflush5, noflush6, noflush7, rank5: buildRank5(noflush5, highIndex), ...buildCardSet(flush) };
}

/** The card-set tables (see the header comment). */
function buildCardSet(flush: Uint16Array): Pick<EvalTables, 'setBit' | 'suitMask' | 'popcount13'> {
  const setBit = new Float64Array(64);
  for (let c = 0; c < 52; c++) setBit[c] = 2 ** (13 * (c & 3) + (c >> 2));
  const suitMask = new Float64Array(1 << 13);
  const popcount13 = new Uint8Array(1 << 13);
  for (let m = 0; m < 1 << 13; m++) {
    let n = 0;
    let key = 0;
    for (let r = 0; r < 13; r++) {
      if (m & (1 << r)) {
        n++;
        key += RANK_KEYS[r];
      }
    }
    popcount13[m] = n;
    suitMask[m] = ((Math.min(n, 7) << 13) | flush[m]) * 2 ** 30 + key;
  }
  return { setBit, suitMask, popcount13 };
}

/** RANK5 from the five-card rank table: every 5-card rank multiset under both key sets. */
function buildRank5(noflush5: RankTable, highIndex: Uint16Array): Uint16Array {
  const rank5 = new Uint16Array(4 * FIVE_KEYS[12] + FIVE_KEYS[11] + 1);
  const rec = (r: number, n: number, key5: number, key: number): void => {
    if (n === 5) {
      if (rank5[key5] !== 0) throw new Error('five-card keys collide');
      rank5[key5] = noflush5.values[noflush5.lowBase[key & LOW_MASK] + highIndex[key >>> LOW_BITS]];
      return;
    }
    if (r === 13) return;
    for (let c = 0; c <= 4 && n + c <= 5; c++) rec(r + 1, n + c, key5 + c * FIVE_KEYS[r], key + c * RANK_KEYS[r]);
  };
  rec(0, 0, 0, 0);
  return rank5;
}

/** Best flush or straight flush per 13-bit rank mask of one suit, from a five-card function (ranks ascending). */
export function buildFlush(five: (r: readonly number[]) => number = (b) => strengthOfCode(classCode(b[0], b[1], b[2], b[3], b[4], true))): Uint16Array {
  const flush = new Uint16Array(1 << 13);
  const bits: number[] = [];
  for (let m = 0; m < 1 << 13; m++) {
    bits.length = 0;
    for (let r = 0; r < 13; r++) if (m & (1 << r)) bits.push(r);
    if (bits.length === 5) flush[m] = five(bits);
    else if (bits.length > 5) {
      let v = 0;
      for (const r of bits) v = Math.max(v, flush[m & ~(1 << r)]);
      flush[m] = v;
    }
  }
  return flush;
}

export const TABLES: EvalTables = buildEvalTables();
