import { describe, expect, it } from 'vitest';
import { cardFace } from '../../src/shared/ui/cardFaces';
import { cardToString } from '../../src/poker/cards';

describe('card faces', () => {
  it('draws every card of the deck, with 10 for T', () => {
    for (let c = 0; c < 52; c++) expect(cardFace(cardToString(c))).not.toBeNull();
    expect(cardFace('As')).toEqual({ rank: 'A', suit: 's', symbol: '♠', colour: '#1b1b1b', label: 'A♠' });
    expect(cardFace('Th')).toMatchObject({ rank: '10', suit: 'h', label: '10♥' });
  });

  it('reads codes case-insensitively', () => {
    expect(cardFace('td')).toMatchObject({ rank: '10', suit: 'd' });
    expect(cardFace('aS')).toMatchObject({ rank: 'A', suit: 's' });
  });

  it('colours suits for the two- and four-colour decks', () => {
    expect(cardFace('2d')!.colour).toBe('#c62828');
    expect(cardFace('2d', true)!.colour).toBe('#1554b8');
    expect(cardFace('2c', true)!.colour).toBe('#1b7a32');
  });

  it('has no face for unknown or malformed codes', () => {
    for (const bad of ['??', '', 'A', '1c', 'Ax', '10h', 'As ']) expect(cardFace(bad)).toBeNull();
  });
});
