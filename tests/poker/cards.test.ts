import { describe, expect, it } from 'vitest';
import {
  CARD_TEXT_PATTERN,
  cardToString,
  cardsToString,
  fullDeck,
  isCard,
  makeCard,
  parseCard,
  parseCards,
  rankOf,
  RANKS,
  suitOf,
  SUITS,
  tryParseCard,
  UNKNOWN_CARD_TEXT,
} from '../../src/poker/cards';

describe('cards', () => {
  it('encodes rank * 4 + suit with 2c = 0 and As = 51', () => {
    expect(parseCard('2c')).toBe(0);
    expect(parseCard('2d')).toBe(1);
    expect(parseCard('3c')).toBe(4);
    expect(parseCard('Td')).toBe(8 * 4 + 1);
    expect(parseCard('As')).toBe(51);
    expect(rankOf(parseCard('Kh'))).toBe(11);
    expect(suitOf(parseCard('Kh'))).toBe(2);
    expect(makeCard(12, 3)).toBe(51);
  });

  it('round-trips every card', () => {
    for (let c = 0; c < 52; c++) {
      const s = cardToString(c);
      expect(s).toBe(RANKS[c >> 2] + SUITS[c & 3]);
      expect(parseCard(s)).toBe(c);
    }
  });

  it('accepts lower-case ranks', () => {
    expect(parseCard('as')).toBe(51);
    expect(parseCard('tc')).toBe(32);
  });

  it('rejects malformed cards with RangeError', () => {
    for (const bad of ['', 'A', 'Asd', '1c', 'Ax', '??', ' As', '10h']) expect(() => parseCard(bad)).toThrow(RangeError);
    for (const bad of [-1, 52, 1.5, NaN]) {
      expect(() => cardToString(bad)).toThrow(RangeError);
      expect(isCard(bad)).toBe(false);
    }
  });

  it('tryParseCard answers null where parseCard throws', () => {
    expect(tryParseCard('As')).toBe(51);
    expect(tryParseCard('td')).toBe(33);
    for (const bad of ['', 'A', 'Asd', '1c', 'Ax', UNKNOWN_CARD_TEXT, ' As', '10h']) expect(tryParseCard(bad)).toBeNull();
    expect(tryParseCard(51 as unknown as string)).toBeNull();
  });

  it('CARD_TEXT_PATTERN matches exactly the 52 card texts', () => {
    const one = new RegExp(`^${CARD_TEXT_PATTERN}$`);
    for (let c = 0; c < 52; c++) expect(one.test(cardToString(c))).toBe(true);
    for (const bad of ['1c', 'As?', '??', 'Ax', 'as', '10h']) expect(one.test(bad)).toBe(false);
  });

  it('parses concatenated or spaced lists', () => {
    expect(parseCards('AsKd')).toEqual([51, 45]);
    expect(parseCards('As Kd  2c')).toEqual([51, 45, 0]);
    expect(parseCards('As,Kd')).toEqual([51, 45]);
    expect(parseCards('')).toEqual([]);
    expect(() => parseCards('AsK')).toThrow(RangeError);
    expect(cardsToString([51, 45], ' ')).toBe('As Kd');
  });

  it('builds a fresh ordered 52-card deck', () => {
    const deck = fullDeck();
    expect(deck).toHaveLength(52);
    expect(deck).toEqual(Array.from({ length: 52 }, (_, i) => i));
    deck[0] = 99;
    expect(fullDeck()[0]).toBe(0);
  });
});
