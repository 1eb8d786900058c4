// Card text for logs and hand histories. Kept here (not in cards.ts) because the engine also
// needs the unknown card "??" that real hand histories contain.
import { UNKNOWN_CARD, type CardInt } from './types';

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';

const CARD_TEXT: readonly string[] = Array.from({ length: 52 }, (_, c) => RANKS[c >> 2] + SUITS[c & 3]);

export function cardText(c: CardInt): string {
  if (c === UNKNOWN_CARD) return '??';
  return c >= 0 && c < 52 ? CARD_TEXT[c] : RANKS[c >> 2] + SUITS[c & 3];
}

export function cardsText(cards: readonly CardInt[]): string {
  let s = '';
  for (let k = 0; k < cards.length; k++) s += cardText(cards[k]);
  return s;
}

/** Parses "AsKd", "????" (unknown cards) or "" into card ints; null when malformed. */
export function parseCardsText(text: string): CardInt[] | null {
  if (text.length % 2 !== 0) return null;
  const out: CardInt[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const r = text[i];
    const s = text[i + 1];
    if (r === '?' && s === '?') {
      out.push(UNKNOWN_CARD);
      continue;
    }
    const ri = RANKS.indexOf(r.toUpperCase());
    const si = SUITS.indexOf(s.toLowerCase());
    if (ri < 0 || si < 0) return null;
    out.push(ri * 4 + si);
  }
  return out;
}
