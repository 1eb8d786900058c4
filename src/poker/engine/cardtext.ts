// Card text for logs and hand histories: cards.ts's text, plus the unknown card "??" that real
// hand histories contain (hidden hole cards), which is the engine's UNKNOWN_CARD.
import { cardToString, isCard, tryParseCard, UNKNOWN_CARD_TEXT } from '../cards';
import { UNKNOWN_CARD, type CardInt } from './types';

/** 51 -> 'As'; UNKNOWN_CARD (and anything else that is not a card) -> '??'. Never throws. */
export function cardText(c: CardInt): string {
  return isCard(c) ? cardToString(c) : UNKNOWN_CARD_TEXT;
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
    const pair = text.slice(i, i + 2);
    const card = pair === UNKNOWN_CARD_TEXT ? UNKNOWN_CARD : tryParseCard(pair);
    if (card === null) return null;
    out.push(card);
  }
  return out;
}
