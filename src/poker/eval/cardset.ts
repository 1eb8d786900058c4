// Validation for the public entry points (evaluateHoldem, evaluateOmaha): is this a list of
// distinct card ints 0..51? Answered without a Set, an allocation or a branch that depends on
// which cards they are.
//
// The card set: card c adds SET_BIT[c] = 2^(13 * suit + rank) to a double. Distinct cards give a
// sum below 2^52 with exactly one bit per card, and all partial sums are exact (integers below
// 2^53). A repeated card carries into a higher bit, so the sum has fewer bits set than cards were
// added (or reaches 2^52): counting the bits of the sum is the duplicate check. Bits are counted
// per 13-bit suit mask, by table (two float-to-int conversions split the sum into four masks).
// Indices 52..63 add nothing (SET_BIT is 64 long), so they fail the count too.
//
// Seven cards (evaluateHoldem's hot case) go further: the same set, summed in WebAssembly
// (wasm7.ts) or, where that is refused, its four suit masks in holdem.ts's JS function, also
// evaluates the hand, so the check comes almost free.

import { TABLES } from './tables';

const SET_BIT = TABLES.setBit;
const POPCOUNT13 = TABLES.popcount13;

/** 2^52: distinct cards sum to less; a larger sum had a repeated card. */
export const SET_LIMIT = 4503599627370496;
/** 2^-26: scales a set to its high half (suits 2 and 3). */
export const HIGH_HALF = 1 / 67108864;

/**
 * Adds cards[0..n) to the card set `set`; NaN as soon as one of them is not an int 0..51.
 * (Any n; the caller compares setSize with the number of cards it added.)
 */
export function addCards(cards: ArrayLike<number>, n: number, set: number): number {
  for (let i = 0; i < n; i++) {
    const c = cards[i];
    if (typeof c !== 'number' || (c | 0) !== c || c >>> 0 > 51) return NaN;
    set += SET_BIT[c];
  }
  return set;
}

/** Number of distinct cards in a card set built by addCards; -1 for NaN or an impossible sum. */
export function setSize(set: number): number {
  if (!(set < SET_LIMIT)) return -1;
  const lo = set | 0;
  const hi = (set * HIGH_HALF) | 0;
  return POPCOUNT13[lo & 0x1fff] + POPCOUNT13[(lo >>> 13) & 0x1fff] + POPCOUNT13[hi & 0x1fff] + POPCOUNT13[hi >>> 13];
}
