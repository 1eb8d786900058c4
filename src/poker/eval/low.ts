// The eight-or-better low (ace-to-five), as pokerkit's EightOrBetterLowHand and
// OmahaEightOrBetterLowHand: five cards of different ranks, eight or lower, the ace low;
// straights and flushes do not count. The lower hand wins, compared from its highest card down.
//
// A low is its set of five ranks as an 8-bit mask (bit 0 = ace, bit 1 = two, ... bit 7 = eight).
// With exactly five bits set, a smaller mask is a better low (the highest card decides first),
// so the strength (higher wins, as everywhere in the evaluator) is the mask's place among the 56
// possible lows: 56 = A-2-3-4-5 (the wheel), 1 = 8-7-6-5-4. 0 = no qualifying low.
//
// Omaha (exactly two hole and three board cards) depends only on which low ranks each side holds:
// one table of 65,536 entries indexed by (hole mask << 8 | board mask), built on first use (~5 ms).
import { assertCards, showValue } from './holdem';
import { LOW_STRENGTH_COUNT, MASK_OF_STRENGTH, STRENGTH_OF_MASK } from './low-scale';

export { LOW_STRENGTH_COUNT, lowRanks } from './low-scale';

/** Low-rank bit per card: ace 1, two 2, ..., eight 128; nine to king 0. */
const LOW_BIT = new Int32Array(52);
for (let c = 0; c < 52; c++) {
  const r = c >> 2;
  LOW_BIT[c] = r === 12 ? 1 : r <= 6 ? 1 << (r + 1) : 0;
}

/** Best low from a mask of available ranks: its five lowest (0 when fewer than five). */
const BEST_OF_MASK = new Uint8Array(256);
for (let m = 0; m < 256; m++) {
  let left = 5;
  let pick = 0;
  for (let b = 0; b < 8 && left > 0; b++) {
    if (m & (1 << b)) {
      pick |= 1 << b;
      left--;
    }
  }
  BEST_OF_MASK[m] = left === 0 ? STRENGTH_OF_MASK[pick] : 0;
}

/** Best eight-or-better low of any five of the cards (no validation); 0 when none qualifies. */
export function evaluateLow8Unchecked(cards: ArrayLike<number>, n = cards.length): number {
  let m = 0;
  for (let i = 0; i < n; i++) m |= LOW_BIT[cards[i]];
  return BEST_OF_MASK[m];
}

/** evaluateLow8Unchecked after checking 5 to 7 distinct cards (RangeError otherwise). */
export function evaluateLow8(cards: ArrayLike<number>): number {
  assertCards(cards, 5, 7, 'evaluateLow8');
  return evaluateLow8Unchecked(cards, cards.length);
}

let omahaTable: Uint8Array | null = null;

/** OMAHA[hole << 8 | board]: the best low from two ranks of `hole` and three others of `board`. */
function buildOmahaLow(): Uint8Array {
  const table = new Uint8Array(1 << 16);
  // Best lows first: each (hole, board) pair keeps the first low it can make.
  for (let s = LOW_STRENGTH_COUNT; s >= 1; s--) {
    const m = MASK_OF_STRENGTH[s];
    const bits: number[] = [];
    for (let b = 0; b < 8; b++) if (m & (1 << b)) bits.push(1 << b);
    for (let i = 0; i < 5; i++)
      for (let j = i + 1; j < 5; j++) {
        const pair = bits[i] | bits[j];
        const triple = m & ~pair;
        // Every hole mask containing the pair, every board mask containing the triple.
        for (let h = pair; h < 256; h = (h + 1) | pair) {
          for (let b = triple; b < 256; b = (b + 1) | triple) if (table[(h << 8) | b] === 0) table[(h << 8) | b] = s;
        }
      }
  }
  return table;
}

/** Best Omaha eight-or-better low: exactly two of the 4 to 6 hole cards, three of the 3 to 5 board cards (no validation). */
export function evaluateOmahaLow8Unchecked(hole: ArrayLike<number>, board: ArrayLike<number>): number {
  const table = (omahaTable ??= buildOmahaLow());
  let h = 0;
  for (let i = 0; i < hole.length; i++) h |= LOW_BIT[hole[i]];
  let b = 0;
  for (let i = 0; i < board.length; i++) b |= LOW_BIT[board[i]];
  return table[(h << 8) | b];
}

/** evaluateOmahaLow8Unchecked after the checks evaluateOmaha makes (RangeError on misuse). */
export function evaluateOmahaLow8(hole: ArrayLike<number>, board: ArrayLike<number>): number {
  const nh = hole == null ? hole : hole.length;
  const nb = board == null ? board : board.length;
  if (!(typeof nh === 'number' && nh >= 4 && nh <= 6)) throw new RangeError(`evaluateOmahaLow8: expected 4 to 6 hole cards, got ${showValue(nh)}`);
  if (!(typeof nb === 'number' && nb >= 3 && nb <= 5)) throw new RangeError(`evaluateOmahaLow8: expected 3 to 5 board cards, got ${showValue(nb)}`);
  assertCards([...Array.from(hole), ...Array.from(board)], nh + nb, nh + nb, 'evaluateOmahaLow8');
  return evaluateOmahaLow8Unchecked(hole, board);
}
