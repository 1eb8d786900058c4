// Hold'em (and any best-five-of-n) evaluation. The fixed-arity functions are the hot path:
// integer cards in, one strength out, no allocation, no validation (callers inside the engine
// pass cards they dealt). evaluateHoldem validates and throws RangeError on misuse; its checks
// have no allocation and no data-dependent branch, and for seven cards they are fused with the
// evaluation (cardset.ts, and the 7-card path below; docs/engine.md has the figures).
//
// Flush test: each card adds 1 to a 4-bit counter for its suit; counters start at 3, so a
// suit with 5 or more cards sets bit 3 of its nibble (at most 7 + 3 = 10, no carry).
// With at most 7 cards only one suit can hold five, and a flush then beats anything the
// ranks alone could make (no room left for quads or a full house).

import { addCards, HIGH_HALF as HALF, SET_LIMIT as LIMIT, setSize } from './cardset';
import { CARD_KEY, CARD_KEY5, LOW_BITS as BITS, LOW_MASK as MASK, TABLES } from './tables';

// Module-level aliases: one context load per use instead of an import-binding check.
const LOW_BITS = BITS;
const LOW_MASK = MASK;
const SET_LIMIT = LIMIT;
const HIGH_HALF = HALF;
const KEY = CARD_KEY;
const FLUSH = TABLES.flush;
const HIGH_INDEX = TABLES.highIndex;
const KEY5 = CARD_KEY5;
const RANK5 = TABLES.rank5;
const LOW6 = TABLES.noflush6.lowBase;
const NF6 = TABLES.noflush6.values;
const LOW7 = TABLES.noflush7.lowBase;
const NF7 = TABLES.noflush7.values;

const SUIT_START = 0x3333;
/** Per card, 1 in its suit's nibble: one load instead of two shifts (measured ~5% faster). */
const SUIT = new Int32Array(52);
for (let c = 0; c < 52; c++) SUIT[c] = 1 << ((c & 3) << 2);
const FLUSH_BITS = 0x8888;

/** Suit (0..3) whose nibble overflowed past 7. */
const flushSuit = (counters: number): number => (31 - Math.clz32(counters & FLUSH_BITS)) >> 2;

/** Rank bit of `card` if it has suit `s`, else 0. */
const bitIf = (card: number, s: number): number => ((card & 3) === s ? 1 << (card >> 2) : 0);

// Flush paths live in their own functions so the common path stays small enough to inline.
function flush6(suits: number, a: number, b: number, c: number, d: number, e: number, f: number): number {
  const s = flushSuit(suits);
  return FLUSH[bitIf(a, s) | bitIf(b, s) | bitIf(c, s) | bitIf(d, s) | bitIf(e, s) | bitIf(f, s)];
}

function flush7(suits: number, a: number, b: number, c: number, d: number, e: number, f: number, g: number): number {
  const s = flushSuit(suits);
  return FLUSH[bitIf(a, s) | bitIf(b, s) | bitIf(c, s) | bitIf(d, s) | bitIf(e, s) | bitIf(f, s) | bitIf(g, s)];
}

/** Strength of exactly five cards (no validation). */
export function evaluateHoldem5(a: number, b: number, c: number, d: number, e: number): number {
  const s = a & 3;
  if (s === (b & 3) && s === (c & 3) && s === (d & 3) && s === (e & 3))
    return FLUSH[(1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2)) | (1 << (d >> 2)) | (1 << (e >> 2))];
  return RANK5[KEY5[a] + KEY5[b] + KEY5[c] + KEY5[d] + KEY5[e]];
}

/** Strength of the best five of six cards (no validation). */
export function evaluateHoldem6(a: number, b: number, c: number, d: number, e: number, f: number): number {
  const suits = SUIT_START + SUIT[a] + SUIT[b] + SUIT[c] + SUIT[d] + SUIT[e] + SUIT[f];
  if ((suits & FLUSH_BITS) !== 0) return flush6(suits, a, b, c, d, e, f);
  const k = KEY[a] + KEY[b] + KEY[c] + KEY[d] + KEY[e] + KEY[f];
  return NF6[LOW6[k & LOW_MASK] + HIGH_INDEX[k >>> LOW_BITS]];
}

/** Strength of the best five of seven cards (no validation). */
export function evaluateHoldem7(
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
  g: number,
): number {
  const suits = SUIT_START + SUIT[a] + SUIT[b] + SUIT[c] + SUIT[d] + SUIT[e] + SUIT[f] + SUIT[g];
  if ((suits & FLUSH_BITS) !== 0) return flush7(suits, a, b, c, d, e, f, g);
  const k = KEY[a] + KEY[b] + KEY[c] + KEY[d] + KEY[e] + KEY[f] + KEY[g];
  return NF7[LOW7[k & LOW_MASK] + HIGH_INDEX[k >>> LOW_BITS]];
}

// The validating 7-card path. It lives here, next to evaluateHoldem, because a call to a function
// of another module costs a check per call even when inlined (about 5% of this path).
// The card set (cardset.ts) of seven cards gives four 13-bit suit masks; per mask, SUIT_INFO holds
// the card count and the best flush in that suit, and SUIT_KEY the rank key of its cards, whose
// sum over the suits is the hand's rank key (tables.ts). One table load per card replaces the two
// of evaluateHoldem7 (suit counter, rank key). The functions are small on purpose: V8 inlines a
// call only while the callee and what it inlines stay under a bytecode budget (about 920 bytes in
// all, 460 per function), and this path is only fast when inlined into the caller's loop.
const SET_BIT = TABLES.setBit;
const SUIT_INFO = TABLES.suitInfo;
const SUIT_KEY = TABLES.suitKey;

/**
 * True when all seven are numbers that are int32 values in 0..63 (below 52 and distinct is the
 * set's job). For the int elements of a number[] or typed array the compiler drops the per-card
 * tests; the range keeps the table index in bounds.
 */
export function smallInts7(a: number, b: number, c: number, d: number, e: number, f: number, g: number): boolean {
  return (
    typeof a === 'number' && (a | 0) === a && typeof b === 'number' && (b | 0) === b &&
    typeof c === 'number' && (c | 0) === c && typeof d === 'number' && (d | 0) === d &&
    typeof e === 'number' && (e | 0) === e && typeof f === 'number' && (f | 0) === f &&
    typeof g === 'number' && (g | 0) === g && (a | b | c | d | e | f | g) >>> 6 === 0
  );
}

/** The card set of seven ints 0..63 (52..63 add nothing, so they fail the count). */
export function set7(a: number, b: number, c: number, d: number, e: number, f: number, g: number): number {
  return SET_BIT[a] + SET_BIT[b] + (SET_BIT[c] + SET_BIT[d]) + (SET_BIT[e] + SET_BIT[f] + SET_BIT[g]);
}

/**
 * Strength of the best five of seven cards given as their card set, or 0 when the set does not
 * hold seven cards (a repeated card, or one of 52..63).
 */
export function strengthOfSet7(set: number): number {
  if (!(set < SET_LIMIT)) return 0;
  const lo = set | 0;
  const hi = (set * HIGH_HALF) | 0;
  const m0 = lo & 0x1fff;
  const m1 = (lo >>> 13) & 0x1fff;
  const m2 = hi & 0x1fff;
  const m3 = hi >>> 13;
  const info = SUIT_INFO[m0] + SUIT_INFO[m1] + SUIT_INFO[m2] + SUIT_INFO[m3];
  if (info >>> 13 !== 7) return 0;
  // With seven cards, five of one suit beat anything the ranks make (no room for quads or a full house).
  if ((info & 0x1fff) !== 0) return info & 0x1fff;
  const key = SUIT_KEY[m0] + SUIT_KEY[m1] + SUIT_KEY[m2] + SUIT_KEY[m3];
  return NF7[LOW7[key & LOW_MASK] + HIGH_INDEX[key >>> LOW_BITS]];
}

/** How a value that is not a card shows in an error message. */
export const showValue = (v: unknown): string => (typeof v === 'bigint' ? `${v}n` : String(v));

/**
 * Throws RangeError unless `cards` holds between min and max distinct integers 0..51.
 * Evaluator misuse is a programmer error inside the engine, hence a throw, not a result.
 * The first problem wins: the count (also for null, non-objects and objects without a length),
 * then the cards in order, each either "not a card" or a "duplicate card".
 */
export function assertCards(cards: ArrayLike<number>, min: number, max: number, what: string): void {
  const n = cards == null ? cards : cards.length;
  if (!(typeof n === 'number' && n >= min && n <= max && (n | 0) === n))
    throw new RangeError(`${what}: expected ${min} to ${max} cards, got ${showValue(n)}`);
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    const c = cards[i];
    if (!(typeof c === 'number' && c >= 0 && c <= 51 && (c | 0) === c)) throw new RangeError(`${what}: not a card: ${showValue(c)}`);
    if (c < 26) {
      if (lo & (1 << c)) throw new RangeError(`${what}: duplicate card ${c}`);
      lo |= 1 << c;
    } else {
      if (hi & (1 << (c - 26))) throw new RangeError(`${what}: duplicate card ${c}`);
      hi |= 1 << (c - 26);
    }
  }
}

/**
 * Strength of the best five-card hand among 5, 6 or 7 cards. Higher wins, equal ties; same scale
 * as evaluateOmaha. Throws RangeError on a wrong count, a duplicate or a non-card (or a non-array).
 *
 * Kept small so that callers' loops inline it: seven cards are checked and evaluated in one pass
 * over their card set (cardset.ts); anything else goes to evaluateHoldemOther.
 */
export function evaluateHoldem(cards: ArrayLike<number>): number {
  if (cards != null && cards.length === 7) {
    const a = cards[0], b = cards[1], c = cards[2], d = cards[3], e = cards[4], f = cards[5], g = cards[6];
    if (smallInts7(a, b, c, d, e, f, g)) {
      const strength = strengthOfSet7(set7(a, b, c, d, e, f, g));
      if (strength !== 0) return strength;
    }
  }
  return evaluateHoldemOther(cards);
}

/** evaluateHoldem for five or six cards, and the error for anything that is not 5 to 7 cards. */
function evaluateHoldemOther(cards: ArrayLike<number>): number {
  const n = cards == null ? 0 : cards.length;
  if ((n === 5 || n === 6 || n === 7) && setSize(addCards(cards, n, 0)) === n) return evaluateHoldemUnchecked(cards, n);
  assertCards(cards, 5, 7, 'evaluateHoldem'); // throws: the checks above accept exactly what it accepts
  return evaluateHoldemUnchecked(cards, cards.length);
}

function evaluateHoldemUnchecked(cards: ArrayLike<number>, n: number): number {
  if (n === 7) return evaluateHoldem7(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5], cards[6]);
  if (n === 6) return evaluateHoldem6(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5]);
  return evaluateHoldem5(cards[0], cards[1], cards[2], cards[3], cards[4]);
}
