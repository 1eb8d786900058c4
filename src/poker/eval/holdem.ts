// Hold'em (and any best-five-of-n) evaluation. The fixed-arity functions are the hot path:
// integer cards in, one strength out, no allocation, no validation (callers inside the engine
// pass cards they dealt). evaluateHoldem validates and throws RangeError on misuse; its checks
// have no allocation and no data-dependent branch, and for seven cards they are fused with the
// evaluation (wasm7.ts, or the JS path below; docs/engine.md has the figures).
//
// Flush test: each card adds 1 to a 4-bit counter for its suit; counters start at 3, so a
// suit with 5 or more cards sets bit 3 of its nibble (at most 7 + 3 = 10, no carry).
// With at most 7 cards only one suit can hold five, and a flush then beats anything the
// ranks alone could make (no room left for quads or a full house).

import { addCards, HIGH_HALF as HALF, setSize } from './cardset';
import { CARD_KEY, CARD_KEY5, LOW_BITS as BITS, LOW_MASK as MASK, TABLES } from './tables';
import { buildStrength7, type Strength7 } from './wasm7';

// Module-level aliases: one context load per use instead of an import-binding check.
const LOW_BITS = BITS;
const LOW_MASK = MASK;
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
export function evaluateHoldem7(a: number, b: number, c: number, d: number, e: number, f: number, g: number): number {
  const suits = SUIT_START + SUIT[a] + SUIT[b] + SUIT[c] + SUIT[d] + SUIT[e] + SUIT[f] + SUIT[g];
  if ((suits & FLUSH_BITS) !== 0) return flush7(suits, a, b, c, d, e, f, g);
  const k = KEY[a] + KEY[b] + KEY[c] + KEY[d] + KEY[e] + KEY[f] + KEY[g];
  return NF7[LOW7[k & LOW_MASK] + HIGH_INDEX[k >>> LOW_BITS]];
}

// The validating 7-card path: evaluateHoldem checks that it got seven int32 values, then one
// 7-card function checks that they are seven distinct cards 0..51 and evaluates them, returning 0
// otherwise (then the loop check below finds the exact error). That function is WebAssembly
// (wasm7.ts) where it compiles, else makeStrength7Js's; both are built on the first 7-card call.
// evaluateHoldem is then made around it as a constant (makeEvaluateHoldem), so that a caller's
// compiled loop inlines evaluateHoldem and calls the function directly: read from a variable,
// the call was about 5% slower (a load and a test per call, and V8 cannot fold the callee).

/**
 * True when all seven are numbers that are int32 values (range and duplicates are the 7-card
 * function's job). For the int elements of a number[] or typed array the compiler drops the tests.
 */
const ints7 = (a: number, b: number, c: number, d: number, e: number, f: number, g: number): boolean =>
  typeof a === 'number' &&
  (a | 0) === a &&
  typeof b === 'number' &&
  (b | 0) === b &&
  typeof c === 'number' &&
  (c | 0) === c &&
  typeof d === 'number' &&
  (d | 0) === d &&
  typeof e === 'number' &&
  (e | 0) === e &&
  typeof f === 'number' &&
  (f | 0) === f &&
  typeof g === 'number' &&
  (g | 0) === g;

/** A plain array of doubles (PACKED_DOUBLE_ELEMENTS): its loads skip the typed-array checks. */
const toDoubles = (t: Float64Array): number[] => {
  const out = Array.from({ length: t.length }, () => 0.5);
  for (let i = 0; i < t.length; i++) out[i] = t[i];
  return out;
};

/**
 * The 7-card function in JS, for where WebAssembly is refused (a browser page whose CSP lacks
 * 'wasm-unsafe-eval'): the same contract as wasm7.ts's. The card set (cardset.ts) of seven cards
 * gives four 13-bit suit masks; per mask, SUIT_MASK holds its card count, best flush and rank key
 * in one double (tables.ts), and the four add up to the hand's. A repeat carries in the set sum
 * and 52..63 add nothing, so the count falls below 7; bits past 2^52 (only from repeats) are
 * masked off, which can only lower it further. The two tables are plain double arrays (in this
 * process every typed-array load also tests "buffer detached?", docs/engine.md).
 */
export function makeStrength7Js(): Strength7 {
  const SET_BIT: readonly number[] = toDoubles(TABLES.setBit);
  const SUIT_MASK: readonly number[] = toDoubles(TABLES.suitMask);
  const TWO_POW_M30 = 2 ** -30;
  const PLAIN_SEVEN = 7 << 13; // seven flush-free cards: count 7 in the info sum, no flush
  return (a, b, c, d, e, f, g) => {
    if ((a | b | c | d | e | f | g) >>> 6 !== 0) return 0;
    const set = SET_BIT[a] + SET_BIT[b] + (SET_BIT[c] + SET_BIT[d]) + (SET_BIT[e] + SET_BIT[f] + SET_BIT[g]);
    const lo = set | 0;
    const hi = (set * HIGH_HALF) | 0;
    const sum = SUIT_MASK[lo & 0x1fff] + SUIT_MASK[(lo >>> 13) & 0x1fff] + (SUIT_MASK[hi & 0x1fff] + SUIT_MASK[(hi >>> 13) & 0x1fff]);
    const info = (sum * TWO_POW_M30) | 0;
    if (info === PLAIN_SEVEN) {
      const key = sum | 0; // the low 32 bits: just the key, as info * 2^30 starts at bit 43 here
      return NF7[LOW7[key & LOW_MASK] + HIGH_INDEX[key >>> LOW_BITS]];
    }
    // Five of one suit beat anything the ranks make (no room for quads or a full house).
    return info >>> 13 === 7 ? info & 0x1fff : 0;
  };
}

/** The 7-card function in use, and which one it is; built on first use. */
const seven: { strength7: Strength7 | null; path: 'wasm' | 'js' } = { strength7: null, path: 'js' };

function strength7(): Strength7 {
  if (seven.strength7 === null) {
    const wasm = buildStrength7(TABLES);
    seven.path = wasm === null ? 'js' : 'wasm';
    seven.strength7 = wasm ?? makeStrength7Js();
  }
  return seven.strength7;
}

/** Which 7-card function evaluateHoldem uses: 'wasm' (wasm7.ts) or 'js' (makeStrength7Js). Builds it if need be. */
export function holdem7Path(): 'wasm' | 'js' {
  strength7();
  return seven.path;
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
  if (!(typeof n === 'number' && n >= min && n <= max && (n | 0) === n)) throw new RangeError(`${what}: expected ${min} to ${max} cards, got ${showValue(n)}`);
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
 * evaluateHoldem around a given 7-card function (exported for the bench and tests, which time and
 * check the JS one too). Small enough that callers' loops inline it, and the 7-card call with it.
 */
export function makeEvaluateHoldem(sevenCards: Strength7): (cards: ArrayLike<number>) => number {
  const seven7 = sevenCards; // a const: the compiler folds it where it inlines the function below
  return function evaluateHoldem(cards: ArrayLike<number>): number {
    if (cards != null && cards.length === 7) {
      const a = cards[0],
        b = cards[1],
        c = cards[2],
        d = cards[3],
        e = cards[4],
        f = cards[5],
        g = cards[6];
      if (ints7(a, b, c, d, e, f, g)) {
        const strength = seven7(a, b, c, d, e, f, g);
        if (strength !== 0) return strength;
      }
    }
    return evaluateHoldemOther(cards);
  };
}

/** evaluateHoldem until the first call, which builds the 7-card function and puts the real one in its place. */
function evaluateHoldemFirst(cards: ArrayLike<number>): number {
  if (evaluateHoldem === evaluateHoldemFirst) evaluateHoldem = makeEvaluateHoldem(strength7());
  return evaluateHoldem(cards);
}

/**
 * Strength of the best five-card hand among 5, 6 or 7 cards. Higher wins, equal ties; same scale
 * as evaluateOmaha. Throws RangeError on a wrong count, a duplicate or a non-card (or a non-array).
 * (A variable: its first call replaces it with the function makeEvaluateHoldem makes. A reference
 * taken before that keeps working: it calls the current one.)
 */
export let evaluateHoldem: (cards: ArrayLike<number>) => number = evaluateHoldemFirst;

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
