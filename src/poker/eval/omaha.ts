// Omaha: the best hand using exactly two hole cards and exactly three board cards.
//
// Rather than evaluating up to 15 x 10 five-card hands in full, split the work:
// - Ranks: the five-card rank key is additive, so the key of a five-card hand is pairKey +
//   tripleKey. Sum the keys of every hole pair and every board triple once, then each
//   combination costs one addition and one load from the direct five-card table (RANK5).
// - Flush: possible only in a suit with at least two hole cards and three board cards (tested
//   with suit counters as in hold'em); only then are the suited combinations looked up in the
//   flush table. The rank-only value of a suited combination is a straight or high card, never
//   more than its flush value, so taking the maximum of both parts is exact.

import { addCards, setSize } from './cardset';
import { showValue } from './holdem';
import { CARD_KEY5, TABLES } from './tables';

const FLUSH = TABLES.flush;
const RANK5 = TABLES.rank5;
const CARD_KEY = CARD_KEY5;

// Scratch space (module-level so a call allocates nothing; evaluation is synchronous).
const pairKeys = new Int32Array(15);
const tripleKeys = new Int32Array(10);
const holeBits = new Int32Array(6);
const boardBits = new Int32Array(5);

/**
 * Validates both hands: sizes, card ints, no card twice across hole and board. Throws RangeError
 * with the first problem: the hole count, the board count, then the cards in order (hole first).
 */
function assertOmahaInput(hole: ArrayLike<number>, board: ArrayLike<number>): void {
  const nh = hole == null ? hole : hole.length;
  const nb = board == null ? board : board.length;
  if (!(typeof nh === 'number' && nh >= 4 && nh <= 6 && (nh | 0) === nh))
    throw new RangeError(`evaluateOmaha: expected 4 to 6 hole cards, got ${showValue(nh)}`);
  if (!(typeof nb === 'number' && nb >= 3 && nb <= 5 && (nb | 0) === nb))
    throw new RangeError(`evaluateOmaha: expected 3 to 5 board cards, got ${showValue(nb)}`);
  // The 52-card set as two 26-bit ints.
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < nh + nb; i++) {
    const c = i < nh ? hole[i] : board[i - nh];
    if (!(typeof c === 'number' && c >= 0 && c <= 51 && (c | 0) === c)) throw new RangeError(`evaluateOmaha: not a card: ${showValue(c)}`);
    if (c < 26) {
      if (lo & (1 << c)) throw new RangeError(`evaluateOmaha: duplicate card ${c}`);
      lo |= 1 << c;
    } else {
      if (hi & (1 << (c - 26))) throw new RangeError(`evaluateOmaha: duplicate card ${c}`);
      hi |= 1 << (c - 26);
    }
  }
}

/**
 * Strength of the best Omaha hand: exactly two of the 4 to 6 hole cards with exactly three of
 * the 3 to 5 board cards. Same scale as evaluateHoldem. Throws RangeError on bad input.
 * The check is one pass over both hands into their card set (cardset.ts), no allocation.
 */
export function evaluateOmaha(hole: ArrayLike<number>, board: ArrayLike<number>): number {
  if (hole != null && board != null) {
    const nh = hole.length;
    const nb = board.length;
    if (nh >= 4 && nh <= 6 && nb >= 3 && nb <= 5 && setSize(addCards(board, nb, addCards(hole, nh, 0))) === nh + nb) return evaluateOmahaUnchecked(hole, board);
  }
  assertOmahaInput(hole, board); // throws: the check above accepts exactly what it accepts
  return evaluateOmahaUnchecked(hole, board);
}

/** Rank-only strength of the five-card hand with this additive key. */
const rank5 = (key: number): number => RANK5[key];

/** Best rank-only strength of one board triple with each of the six hole pairs. */
function tripleWithPairs(t: number, p01: number, p02: number, p03: number, p12: number, p13: number, p23: number): number {
  let best = rank5(t + p01);
  let v = rank5(t + p02);
  if (v > best) best = v;
  v = rank5(t + p03);
  if (v > best) best = v;
  v = rank5(t + p12);
  if (v > best) best = v;
  v = rank5(t + p13);
  if (v > best) best = v;
  v = rank5(t + p23);
  return v > best ? v : best;
}

/** evaluateOmaha without validation, for callers that dealt the cards themselves. */
export function evaluateOmahaUnchecked(hole: ArrayLike<number>, board: ArrayLike<number>): number {
  const nh = hole.length;
  const nb = board.length;
  if (nh === 4 && nb === 5) return omaha45(hole, board);
  return omahaAny(hole, board, nh, nb);
}

/**
 * The showdown case of four-card Omaha (4 hole cards, full board), unrolled: the 6 pair keys and
 * 10 triple keys live in registers rather than scratch arrays.
 */
function omaha45(hole: ArrayLike<number>, board: ArrayLike<number>): number {
  const h0 = hole[0],
    h1 = hole[1],
    h2 = hole[2],
    h3 = hole[3];
  const b0 = board[0],
    b1 = board[1],
    b2 = board[2],
    b3 = board[3],
    b4 = board[4];
  const k0 = CARD_KEY[h0],
    k1 = CARD_KEY[h1],
    k2 = CARD_KEY[h2],
    k3 = CARD_KEY[h3];
  const p01 = k0 + k1,
    p02 = k0 + k2,
    p03 = k0 + k3,
    p12 = k1 + k2,
    p13 = k1 + k3,
    p23 = k2 + k3;
  const c0 = CARD_KEY[b0],
    c1 = CARD_KEY[b1],
    c2 = CARD_KEY[b2],
    c3 = CARD_KEY[b3],
    c4 = CARD_KEY[b4];
  const c01 = c0 + c1,
    c23 = c2 + c3;
  let best = tripleWithPairs(c01 + c2, p01, p02, p03, p12, p13, p23);
  let v = tripleWithPairs(c01 + c3, p01, p02, p03, p12, p13, p23);
  if (v > best) best = v;
  v = tripleWithPairs(c01 + c4, p01, p02, p03, p12, p13, p23);
  if (v > best) best = v;
  v = tripleWithPairs(c0 + c23, p01, p02, p03, p12, p13, p23);
  if (v > best) best = v;
  v = tripleWithPairs(c0 + c2 + c4, p01, p02, p03, p12, p13, p23);
  if (v > best) best = v;
  v = tripleWithPairs(c0 + c3 + c4, p01, p02, p03, p12, p13, p23);
  if (v > best) best = v;
  v = tripleWithPairs(c1 + c23, p01, p02, p03, p12, p13, p23);
  if (v > best) best = v;
  v = tripleWithPairs(c1 + c2 + c4, p01, p02, p03, p12, p13, p23);
  if (v > best) best = v;
  v = tripleWithPairs(c1 + c3 + c4, p01, p02, p03, p12, p13, p23);
  if (v > best) best = v;
  v = tripleWithPairs(c23 + c4, p01, p02, p03, p12, p13, p23);
  if (v > best) best = v;

  const holeSuits = 0x6666 + (1 << ((h0 & 3) << 2)) + (1 << ((h1 & 3) << 2)) + (1 << ((h2 & 3) << 2)) + (1 << ((h3 & 3) << 2));
  const boardSuits = 0x5555 + (1 << ((b0 & 3) << 2)) + (1 << ((b1 & 3) << 2)) + (1 << ((b2 & 3) << 2)) + (1 << ((b3 & 3) << 2)) + (1 << ((b4 & 3) << 2));
  const flushNibbles = holeSuits & boardSuits & 0x8888;
  if (flushNibbles !== 0) {
    const f = bestFlush(hole, board, 4, 5, (31 - Math.clz32(flushNibbles)) >> 2);
    if (f > best) best = f;
  }
  return best;
}

function omahaAny(hole: ArrayLike<number>, board: ArrayLike<number>, nh: number, nb: number): number {
  let holeSuits = 0x6666; // nibble reaches 8 with two cards of a suit
  let np = 0;
  for (let i = 0; i < nh; i++) {
    const ci = hole[i];
    holeSuits += 1 << ((ci & 3) << 2);
    const ki = CARD_KEY[ci];
    for (let j = i + 1; j < nh; j++) pairKeys[np++] = ki + CARD_KEY[hole[j]];
  }
  let boardSuits = 0x5555; // nibble reaches 8 with three cards of a suit
  let nt = 0;
  for (let i = 0; i < nb; i++) {
    const ci = board[i];
    boardSuits += 1 << ((ci & 3) << 2);
    for (let j = i + 1; j < nb; j++) {
      const kij = CARD_KEY[ci] + CARD_KEY[board[j]];
      for (let k = j + 1; k < nb; k++) tripleKeys[nt++] = kij + CARD_KEY[board[k]];
    }
  }

  let best = 0;
  for (let t = 0; t < nt; t++) {
    const tk = tripleKeys[t];
    for (let p = 0; p < np; p++) {
      const v = RANK5[tk + pairKeys[p]];
      if (v > best) best = v;
    }
  }

  const flushNibbles = holeSuits & boardSuits & 0x8888;
  if (flushNibbles !== 0) {
    const f = bestFlush(hole, board, nh, nb, (31 - Math.clz32(flushNibbles)) >> 2);
    if (f > best) best = f;
  }
  return best;
}

/**
 * Best flush in suit s from two suited hole cards and three suited board cards (the caller
 * checked both counts). A board of at most five cards has at most one suit with three cards.
 */
function bestFlush(hole: ArrayLike<number>, board: ArrayLike<number>, nh: number, nb: number, s: number): number {
  let best = 0;
  let nhs = 0;
  for (let i = 0; i < nh; i++) if ((hole[i] & 3) === s) holeBits[nhs++] = 1 << (hole[i] >> 2);
  let nbs = 0;
  for (let i = 0; i < nb; i++) if ((board[i] & 3) === s) boardBits[nbs++] = 1 << (board[i] >> 2);
  for (let i = 0; i < nbs; i++)
    for (let j = i + 1; j < nbs; j++)
      for (let k = j + 1; k < nbs; k++) {
        const triple = boardBits[i] | boardBits[j] | boardBits[k];
        for (let x = 0; x < nhs; x++)
          for (let y = x + 1; y < nhs; y++) {
            const v = FLUSH[triple | holeBits[x] | holeBits[y]];
            if (v > best) best = v;
          }
      }
  return best;
}
