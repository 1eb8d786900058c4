// Cards are small integers so the evaluator can index flat tables with them:
// card = rank * 4 + suit, rank 0..12 = 2..A, suit 0..3 = c,d,h,s. '2c' = 0, 'As' = 51.

export type Card = number;

/** Rank characters, index = rank. */
export const RANKS = '23456789TJQKA';
/** Suit characters, index = suit. */
export const SUITS = 'cdhs';

/** How hand histories write a card nobody was shown. Not a Card: callers map it themselves. */
export const UNKNOWN_CARD_TEXT = '??';
/** A regular-expression source matching one card's text ('As', 'Td'), for scanning PHH text. */
export const CARD_TEXT_PATTERN = `[${RANKS}][${SUITS}]`;

export const RANK_COUNT = 13;
export const SUIT_COUNT = 4;
export const DECK_SIZE = 52;

export const rankOf = (card: Card): number => card >> 2;
export const suitOf = (card: Card): number => card & 3;
export const makeCard = (rank: number, suit: number): Card => rank * 4 + suit;

export function isCard(value: unknown): value is Card {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;
}

/** 'As' -> 51, case-insensitive ('ah', 'TD'); null for anything else. The one card parser. */
export function tryParseCard(text: string): Card | null {
  if (typeof text !== 'string' || text.length !== 2) return null;
  const rank = RANKS.indexOf(text[0].toUpperCase());
  const suit = SUITS.indexOf(text[1].toLowerCase());
  return rank < 0 || suit < 0 ? null : rank * 4 + suit;
}

/** 'As' -> 51, like tryParseCard, but throws RangeError on anything that is not a card. */
export function parseCard(text: string): Card {
  const card = tryParseCard(text);
  if (card === null) throw new RangeError(`Not a card: "${text}"`);
  return card;
}

// Built once: the engine writes card text for every deal.
const CARD_NAMES: readonly string[] = Array.from({ length: DECK_SIZE }, (_, c) => RANKS[c >> 2] + SUITS[c & 3]);

/** 51 -> 'As'. Throws RangeError for anything that is not an integer 0..51. */
export function cardToString(card: Card): string {
  if (!isCard(card)) throw new RangeError(`Not a card: ${card}`);
  return CARD_NAMES[card];
}

/** 'AsKd' or 'As Kd' or 'As,Kd' -> [51, 46]. Empty string -> []. */
export function parseCards(text: string): Card[] {
  const compact = text.replace(/[\s,]+/g, '');
  if (compact.length % 2 !== 0) throw new RangeError(`Not a list of cards: "${text}"`);
  const out: Card[] = [];
  for (let i = 0; i < compact.length; i += 2) out.push(parseCard(compact.slice(i, i + 2)));
  return out;
}

/** [51, 46] -> 'AsKd' (separator optional, e.g. ' '). */
export function cardsToString(cards: ArrayLike<Card>, separator = ''): string {
  const parts: string[] = [];
  for (let i = 0; i < cards.length; i++) parts.push(cardToString(cards[i]));
  return parts.join(separator);
}

/** The 52 cards in ascending order: 2c 2d 2h 2s 3c ... As. */
export function fullDeck(): Card[] {
  const deck: Card[] = new Array(DECK_SIZE);
  for (let i = 0; i < DECK_SIZE; i++) deck[i] = i;
  return deck;
}
