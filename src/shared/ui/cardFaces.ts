// How a card code ('As', 'Td') is drawn: rank label, suit symbol and colour (two- or four-colour deck).

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

export function cardFace(code: string, fourColour = false): CardFace | null {
  if (typeof code !== 'string' || code.length !== 2) return null;
  const r = code[0].toUpperCase();
  const s = code[1].toLowerCase() as SuitChar;
  if (!'23456789TJQKA'.includes(r) || !(s in SUIT_SYMBOL)) return null;
  const rank = r === 'T' ? '10' : r;
  return { rank, suit: s, symbol: SUIT_SYMBOL[s], colour: (fourColour ? FOUR_COLOUR : TWO_COLOUR)[s], label: `${rank}${SUIT_SYMBOL[s]}` };
}
