// The strength scale shared by hold'em and Omaha: every distinct five-card hand class gets one
// integer, 1 (7-5-4-3-2 offsuit) .. 7462 (royal flush). Higher wins, equal ties.
// Classes are numbered by sorting (category, ranks that decide ties), so the order is the
// textbook one by construction rather than by a hand-typed table.

export type HandCategory = 'high-card' | 'pair' | 'two-pair' | 'three-of-a-kind' | 'straight' | 'flush' | 'full-house' | 'four-of-a-kind' | 'straight-flush';

/** Category names, index = category number (0 = high card .. 8 = straight flush). */
export const CATEGORIES: readonly HandCategory[] = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
];

/** Number of distinct five-card hand classes; the best possible strength. */
export const STRENGTH_COUNT = 7462;
export const MIN_STRENGTH = 1;
export const MAX_STRENGTH = STRENGTH_COUNT;

const B5 = 13 ** 5;

/**
 * Encodes a five-card hand given as five ranks (0..12, any order) plus whether all five share a
 * suit, as category * 13^5 + tie-break ranks in base 13. Only used to build tables.
 */
export function classCode(r0: number, r1: number, r2: number, r3: number, r4: number, flush: boolean): number {
  const counts = new Array<number>(13).fill(0);
  counts[r0]++;
  counts[r1]++;
  counts[r2]++;
  counts[r3]++;
  counts[r4]++;
  // Distinct ranks ordered by (count desc, rank desc): exactly the order that decides ties.
  const groups: number[] = [];
  for (let c = 4; c >= 1; c--) for (let r = 12; r >= 0; r--) if (counts[r] === c) groups.push(r);
  let category: number;
  let ranks = groups;
  if (groups.length === 5) {
    const top = straightTop(groups);
    if (top >= 0) {
      category = flush ? 8 : 4;
      ranks = [top];
    } else category = flush ? 5 : 0;
  } else if (flush) {
    throw new RangeError('a flush cannot repeat a rank');
  } else if (groups.length === 4) category = 1;
  else if (groups.length === 3) category = counts[groups[0]] === 3 ? 3 : 2;
  else category = counts[groups[0]] === 4 ? 7 : 6;
  let code = 0;
  for (let i = 0; i < 5; i++) code = code * 13 + (i < ranks.length ? ranks[i] : 0);
  return category * B5 + code;
}

/** Top rank of a straight given five distinct ranks in descending order, or -1. The wheel is 5-high. */
function straightTop(desc: number[]): number {
  if (desc[0] - desc[4] === 4) return desc[0];
  if (desc[0] === 12 && desc[1] === 3 && desc[4] === 0) return 3;
  return -1;
}

/** All class codes in ascending order: index + 1 is the strength. */
function enumerateClassCodes(): number[] {
  const codes = new Set<number>();
  for (let a = 0; a < 13; a++)
    for (let b = a; b < 13; b++)
      for (let c = b; c < 13; c++)
        for (let d = c; d < 13; d++)
          for (let e = d; e < 13; e++) {
            if (a === e) continue; // five of a kind
            codes.add(classCode(a, b, c, d, e, false));
            if (a < b && b < c && c < d && d < e) codes.add(classCode(a, b, c, d, e, true));
          }
  return [...codes].sort((x, y) => x - y);
}

// Built on first use, not at import: the apps read hand names (describe.ts) without evaluating,
// and enumerating the 7,462 classes cost a phone's table page ~50 ms of blocking (docs/delivery.md).
let sortedCodes: number[] | null = null;
let strengthByCode: Map<number, number> | null = null;

function codes(): number[] {
  if (sortedCodes) return sortedCodes;
  const all = enumerateClassCodes();
  if (all.length !== STRENGTH_COUNT) throw new Error(`expected 7462 hand classes, got ${all.length}`);
  // The written-out starts below must be what the enumeration gives.
  all.forEach((code, i) => {
    const c = Math.floor(code / B5);
    if (i + 1 < CATEGORY_START[c] || i + 1 >= CATEGORY_START[c + 1]) throw new Error(`CATEGORY_START disagrees at strength ${i + 1}`);
  });
  return (sortedCodes = all);
}

/** Strength of a class code (table building only). */
export function strengthOfCode(code: number): number {
  strengthByCode ??= new Map(codes().map((c, i) => [c, i + 1]));
  const s = strengthByCode.get(code);
  if (s === undefined) throw new RangeError(`unknown class code ${code}`);
  return s;
}

/** First strength of each category, index = category; CATEGORY_START[9] = 7463 (checked against the enumeration). */
export const CATEGORY_START: readonly number[] = [1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453, 7463];

/** Number of tie-break ranks that matter per category. */
const RANKS_PER_CATEGORY = [5, 4, 3, 3, 1, 5, 2, 2, 1];

function assertStrength(strength: number): void {
  if (!Number.isInteger(strength) || strength < MIN_STRENGTH || strength > MAX_STRENGTH) throw new RangeError(`Not a hand strength: ${strength}`);
}

/** Category number 0..8 of a strength. */
export function categoryIndex(strength: number): number {
  assertStrength(strength);
  let c = 8;
  while (CATEGORY_START[c] > strength) c--;
  return c;
}

/** 'two-pair', 'flush', ... for a strength returned by the evaluators. Throws RangeError otherwise. */
export function handCategory(strength: number): HandCategory {
  return CATEGORIES[categoryIndex(strength)];
}

/**
 * The ranks that decide ties, most significant first (ranks 0..12 = 2..A):
 * high card / flush: the five ranks; pair: pair, then three kickers; two pair: high pair, low pair,
 * kicker; three of a kind: trips, two kickers; straight / straight flush: top card (3 = the wheel,
 * five high); full house: trips, pair; four of a kind: quads, kicker.
 */
export function strengthRanks(strength: number): number[] {
  const category = categoryIndex(strength);
  let code = codes()[strength - 1] % B5;
  const digits: number[] = [];
  for (let i = 0; i < 5; i++) {
    digits.unshift(code % 13);
    code = Math.floor(code / 13);
  }
  return digits.slice(0, RANKS_PER_CATEGORY[category]);
}
