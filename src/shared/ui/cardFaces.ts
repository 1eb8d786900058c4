// How a card code ('As', 'Td') is drawn: rank label, suit symbol and colour (two- or four-colour deck).
import { RANKS, rankOf, SUITS, suitOf, tryParseCard } from '../../poker/cards';

export type SuitChar = 'c' | 'd' | 'h' | 's';

export const SUIT_SYMBOL: Record<SuitChar, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };

const TWO_COLOUR: Record<SuitChar, string> = { c: '#1b1b1b', d: '#c62828', h: '#c62828', s: '#1b1b1b' };
/** The usual online four-colour deck: clubs green, diamonds blue. */
const FOUR_COLOUR: Record<SuitChar, string> = { c: '#1b7a32', d: '#1554b8', h: '#c62828', s: '#1b1b1b' };

export interface CardFace {
  rank: string;
  suit: SuitChar;
  symbol: string;
  colour: string;
  /** 'A♠', for screen readers and tests. */
  label: string;
}

/** The face of a card code (case-insensitive); null for '??' and anything else not a card. */
export function cardFace(code: string, fourColour = false): CardFace | null {
  const card = tryParseCard(code);
  if (card === null) return null;
  const r = RANKS[rankOf(card)];
  const s = SUITS[suitOf(card)] as SuitChar;
  const rank = r === 'T' ? '10' : r;
  return { rank, suit: s, symbol: SUIT_SYMBOL[s], colour: (fourColour ? FOUR_COLOUR : TWO_COLOUR)[s], label: `${rank}${SUIT_SYMBOL[s]}` };
}
