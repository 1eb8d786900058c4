// The short-deck strength scale (short-deck.ts evaluates): short-deck hand classes numbered by
// sorting (category in short-deck order, tie-break ranks), as strength.ts does for the full deck.
// Apart from the evaluator so that the apps can word a hand without building its tables.

/** Lowest short-deck rank index (rank 4 = '6'). */
export const SHORT_DECK_MIN_RANK = 4;

/** Category numbers in short-deck order: a flush (6) beats a full house (5). */
export const SHORT_DECK_CATEGORIES = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'full-house',
  'flush',
  'four-of-a-kind',
  'straight-flush',
] as const;

export type ShortDeckCategory = (typeof SHORT_DECK_CATEGORIES)[number];

const B5 = 13 ** 5;

/** Top rank of a short-deck straight (five distinct ranks, descending), or -1. A-6-7-8-9 is nine high (7). */
function straightTop(desc: readonly number[]): number {
  if (desc[0] - desc[4] === 4) return desc[0];
  if (desc[0] === 12 && desc[1] === 7 && desc[4] === SHORT_DECK_MIN_RANK) return 7;
  return -1;
}

/** category * 13^5 + tie-break ranks, for five short-deck ranks (any order); -1 if not a hand of the 36-card deck. */
export function shortDeckClassCode(ranks: readonly number[], flush: boolean): number {
  const counts = new Array<number>(13).fill(0);
  for (const r of ranks) {
    if (r < SHORT_DECK_MIN_RANK) return -1;
    counts[r]++;
  }
  const groups: number[] = [];
  for (let c = 4; c >= 1; c--) for (let r = 12; r >= 0; r--) if (counts[r] === c) groups.push(r);
  let category: number;
  let tie = groups;
  if (groups.length === 5) {
    const top = straightTop(groups);
    if (top >= 0) {
      category = flush ? 8 : 4;
      tie = [top];
    } else category = flush ? 6 : 0;
  } else if (flush || counts[groups[0]] === 5) return -1;
  else if (groups.length === 4) category = 1;
  else if (groups.length === 3) category = counts[groups[0]] === 3 ? 3 : 2;
  else category = counts[groups[0]] === 4 ? 7 : 5;
  let code = 0;
  for (let i = 0; i < 5; i++) code = code * 13 + (i < tie.length ? tie[i] : 0);
  return category * B5 + code;
}

interface ShortDeckScale {
  /** Class code per strength - 1, ascending. */
  codes: number[];
  byCode: Map<number, number>;
  /** First strength of each category (index 9 = count + 1). */
  categoryStart: number[];
}

let scale: ShortDeckScale | null = null;

function build(): ShortDeckScale {
  const set = new Set<number>();
  const R = 13;
  for (let a = SHORT_DECK_MIN_RANK; a < R; a++)
    for (let b = a; b < R; b++)
      for (let c = b; c < R; c++)
        for (let d = c; d < R; d++)
          for (let e = d; e < R; e++) {
            const plain = shortDeckClassCode([a, b, c, d, e], false);
            if (plain >= 0) set.add(plain);
            if (a < b && b < c && c < d && d < e) set.add(shortDeckClassCode([a, b, c, d, e], true));
          }
  const codes = [...set].sort((x, y) => x - y);
  const byCode = new Map(codes.map((c, i) => [c, i + 1]));
  const categoryStart = new Array<number>(10).fill(codes.length + 1);
  for (let i = codes.length - 1; i >= 0; i--) categoryStart[Math.floor(codes[i] / B5)] = i + 1;
  for (let c = 8; c >= 0; c--) categoryStart[c] = Math.min(categoryStart[c], categoryStart[c + 1]);
  return { codes, byCode, categoryStart };
}

/** The scale, built on first use. */
export function shortDeckScale(): ShortDeckScale {
  return (scale ??= build());
}

/** Short-deck strength of five ranks (ascending or not) and whether they are suited; 0 if no hand of the 36-card deck. */
export function shortDeckStrengthOf(ranks: readonly number[], flush: boolean): number {
  const code = shortDeckClassCode(ranks, flush);
  return code < 0 ? 0 : shortDeckScale().byCode.get(code)!;
}

/** Number of short-deck hand classes: the strength of a royal flush. */
export function shortDeckStrengthCount(): number {
  return shortDeckScale().codes.length;
}

/** Category (short-deck order) of a short-deck strength. Throws RangeError otherwise. */
export function shortDeckCategory(strength: number): ShortDeckCategory {
  const tb = shortDeckScale();
  if (!Number.isInteger(strength) || strength < 1 || strength > tb.codes.length) throw new RangeError(`Not a short-deck strength: ${strength}`);
  let c = 8;
  while (tb.categoryStart[c] > strength) c--;
  return SHORT_DECK_CATEGORIES[c];
}

/** The ranks that decide ties, most significant first (as strengthRanks); A-6-7-8-9 gives [7]. */
export function shortDeckRanks(strength: number): number[] {
  const category = SHORT_DECK_CATEGORIES.indexOf(shortDeckCategory(strength));
  let code = shortDeckScale().codes[strength - 1] % B5;
  const digits: number[] = [];
  for (let i = 0; i < 5; i++) {
    digits.unshift(code % 13);
    code = Math.floor(code / 13);
  }
  return digits.slice(0, [5, 4, 3, 3, 1, 2, 5, 2, 1][category]);
}
