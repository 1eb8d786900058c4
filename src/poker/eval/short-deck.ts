// Short-deck (6+) hold'em hands, ranked as pokerkit's ShortDeckHoldemHand: 36 cards (6 to ace),
// a flush beats a full house, A-6-7-8-9 is the lowest straight (nine high, as the wheel is five
// high in the full deck), three of a kind stays below a straight.
//
// Its own strength scale, 1 (9-8-7-6-A... the weakest high card) .. SHORT_DECK_STRENGTH_COUNT (royal
// flush), built the same way as the full deck's (strength.ts): classes numbered by sorting
// (category in short-deck order, tie-break ranks). The tables are the full deck's layout
// (tables.ts: additive rank keys, a flush table per suit mask) filled with these values, built on
// first use (about 15 ms), so a page that never deals short deck never pays for them.
import { assertCards } from './holdem';
import { SHORT_DECK_MIN_RANK, shortDeckStrengthOf } from './short-deck-scale';
import { buildFlush, buildRankTables, CARD_KEY, LOW_BITS, LOW_MASK, type RankTable } from './tables';

export { SHORT_DECK_CATEGORIES, shortDeckCategory, shortDeckRanks, shortDeckStrengthCount, type ShortDeckCategory } from './short-deck-scale';

interface ShortDeckTables {
  flush: Uint16Array;
  highIndex: Uint16Array;
  noflush5: RankTable;
  noflush6: RankTable;
  noflush7: RankTable;
}

let tables: ShortDeckTables | null = null;

function t(): ShortDeckTables {
  if (tables === null) {
    const rank = buildRankTables((r) => shortDeckStrengthOf(r, false));
    tables = { flush: buildFlush((r) => shortDeckStrengthOf(r, true)), ...rank };
  }
  return tables;
}

/** A flush-suit counter per card (as holdem.ts: counters start at 3, a nibble past 7 is a flush). */
const SUIT = new Int32Array(52);
for (let c = 0; c < 52; c++) SUIT[c] = 1 << ((c & 3) << 2);

const bitIf = (card: number, s: number): number => ((card & 3) === s ? 1 << (card >> 2) : 0);

/** Strength of the best short-deck hand of five to seven cards of the 36-card deck (no validation). */
export function evaluateShortDeckUnchecked(cards: ArrayLike<number>, n = cards.length): number {
  const tb = t();
  let suits = 0x3333;
  let key = 0;
  for (let i = 0; i < n; i++) {
    suits += SUIT[cards[i]];
    key += CARD_KEY[cards[i]];
  }
  if ((suits & 0x8888) !== 0) {
    // Five of a suit: with at most seven cards nothing the ranks make beats it (no quads beside it).
    const s = (31 - Math.clz32(suits & 0x8888)) >> 2;
    let mask = 0;
    for (let i = 0; i < n; i++) mask |= bitIf(cards[i], s);
    return tb.flush[mask];
  }
  const table = n === 7 ? tb.noflush7 : n === 6 ? tb.noflush6 : tb.noflush5;
  return table.values[table.lowBase[key & LOW_MASK] + tb.highIndex[key >>> LOW_BITS]];
}

// The tables in module variables, set on first use: plain loads in the hot function (imports
// aliased as holdem.ts does: one context load instead of an import-binding check).
const KEY = CARD_KEY;
const MASK = LOW_MASK;
const BITS = LOW_BITS;
let FLUSH7: Uint16Array = new Uint16Array(0);
let LOW7: Uint16Array = new Uint16Array(0);
let NF7: Uint16Array = new Uint16Array(0);
let HIGH7: Uint16Array = new Uint16Array(0);

function load(): void {
  const tb = t();
  FLUSH7 = tb.flush;
  LOW7 = tb.noflush7.lowBase;
  NF7 = tb.noflush7.values;
  HIGH7 = tb.highIndex;
}

/** Seven cards as arguments, for the engine's showdown (no validation). */
export function evaluateShortDeck7(a: number, b: number, c: number, d: number, e: number, f: number, g: number): number {
  if (NF7.length === 0) load();
  const suits = 0x3333 + SUIT[a] + SUIT[b] + SUIT[c] + SUIT[d] + SUIT[e] + SUIT[f] + SUIT[g];
  if ((suits & 0x8888) !== 0) {
    const s = (31 - Math.clz32(suits & 0x8888)) >> 2;
    return FLUSH7[bitIf(a, s) | bitIf(b, s) | bitIf(c, s) | bitIf(d, s) | bitIf(e, s) | bitIf(f, s) | bitIf(g, s)];
  }
  const k = KEY[a] + KEY[b] + KEY[c] + KEY[d] + KEY[e] + KEY[f] + KEY[g];
  return NF7[LOW7[k & MASK] + HIGH7[k >>> BITS]];
}

/**
 * Short-deck strength of the best five of 5 to 7 cards; higher wins, equal ties (its own scale:
 * compare only with other short-deck strengths). Throws RangeError on a wrong count, a duplicate,
 * a non-card or a card below a six.
 */
export function evaluateShortDeck(cards: ArrayLike<number>): number {
  assertCards(cards, 5, 7, 'evaluateShortDeck');
  for (let i = 0; i < cards.length; i++) {
    if (cards[i] >> 2 < SHORT_DECK_MIN_RANK) throw new RangeError(`evaluateShortDeck: not a card of the short deck: ${cards[i]}`);
  }
  return evaluateShortDeckUnchecked(cards, cards.length);
}
