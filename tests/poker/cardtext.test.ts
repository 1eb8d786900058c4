import { describe, expect, it } from 'vitest';
import { cardText, cardsText, parseCardsText } from '../../src/poker/engine/cardtext';
import { UNKNOWN_CARD } from '../../src/poker/engine/types';
import { cardToString, parseCard } from '../../src/poker/cards';

describe('engine card text', () => {
  it('writes the same text as cards.ts for every card, and ?? for the unknown card', () => {
    for (let c = 0; c < 52; c++) expect(cardText(c)).toBe(cardToString(c));
    expect(cardText(UNKNOWN_CARD)).toBe('??');
    expect(cardsText([51, UNKNOWN_CARD, 0])).toBe('As??2c');
    expect(cardsText([])).toBe('');
  });

  it('never throws on a value that is not a card', () => {
    for (const bad of [52, -2, 1.5, NaN]) expect(cardText(bad)).toBe('??');
  });

  it('parses hand-history card runs, unknown cards included, case-insensitively', () => {
    expect(parseCardsText('AsKd')).toEqual([parseCard('As'), parseCard('Kd')]);
    expect(parseCardsText('????')).toEqual([UNKNOWN_CARD, UNKNOWN_CARD]);
    expect(parseCardsText('as??TD')).toEqual([51, UNKNOWN_CARD, parseCard('Td')]);
    expect(parseCardsText('')).toEqual([]);
  });

  it('answers null for malformed text instead of throwing', () => {
    for (const bad of ['A', 'AsK', '?s', 'A?', '1c', 'Ax', 'As Kd', '10h']) expect(parseCardsText(bad)).toBeNull();
  });

  it('round-trips through its own text', () => {
    const cards = [0, 13, UNKNOWN_CARD, 38, 51];
    expect(parseCardsText(cardsText(cards))).toEqual(cards);
  });
});
