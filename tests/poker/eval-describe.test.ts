import { describe, expect, it } from 'vitest';
import { parseCards } from '../../src/poker/cards';
import { bestFive, describeHand, describeHandParts, evaluateHoldem, handCategory, MAX_STRENGTH, parseHandDescription } from '../../src/poker/eval/index';

const h = (s: string): number => evaluateHoldem(parseCards(s));

describe('describeHand', () => {
  it.each([
    ['AsKsQsJsTs', 'Royal flush'],
    ['9h8h7h6h5h', 'Straight flush, nine high'],
    ['Ac2c3c4c5c', 'Straight flush, five high'],
    ['QcQdQhQs2d', 'Four of a kind, queens'],
    ['TcTdTh4s4d', 'Full house, tens over fours'],
    ['Ad9d7d5d2d', 'Flush, ace high'],
    ['9c8d7h6s5d', 'Straight, nine high'],
    ['Ac2d3h4s5d', 'Straight, five high'],
    ['6c6d6hAsKd', 'Three of a kind, sixes'],
    ['KcKd7h7s2d', 'Two pair, kings and sevens'],
    ['2c2dAhKsQd', 'Pair of twos'],
    ['Ac9d7h5s3d', 'High card, ace'],
    ['KcKdKh7s7d7c2d', 'Full house, kings over sevens'],
  ])('%s -> %s', (cards, text) => {
    expect(describeHand(h(cards))).toBe(text);
  });

  it('gives structured parts for translation', () => {
    expect(describeHandParts(h('KcKd7h7s2d'))).toEqual({ category: 'two-pair', ranks: [11, 5, 0] });
    expect(describeHandParts(h('TcTdTh4s4d'))).toEqual({ category: 'full-house', ranks: [8, 2] });
    expect(describeHandParts(h('Ac2d3h4s5d'))).toEqual({ category: 'straight', ranks: [3] });
    expect(describeHandParts(h('2c2dAhKsQd'))).toEqual({ category: 'pair', ranks: [0, 12, 11, 10] });
    expect(describeHandParts(h('Ad9d7d5d2d'))).toEqual({ category: 'flush', ranks: [12, 7, 5, 3, 0] });
    expect(describeHandParts(h('QcQdQhQs2d'))).toEqual({ category: 'four-of-a-kind', ranks: [10, 0] });
  });

  it('describes every strength, distinct parts for distinct strengths, consistent with handCategory', () => {
    const seen = new Set<string>();
    for (let s = 1; s <= MAX_STRENGTH; s++) {
      const parts = describeHandParts(s);
      expect(parts.category).toBe(handCategory(s));
      seen.add(JSON.stringify(parts));
      expect(describeHand(s).length).toBeGreaterThan(5);
    }
    expect(seen.size).toBe(MAX_STRENGTH);
    expect(() => describeHand(0)).toThrow(RangeError);
  });
});

describe('bestFive', () => {
  it('returns the five cards that make the hand', () => {
    const cards = parseCards('AhKh2c9h7hTh3d');
    const best = bestFive(cards);
    expect(best.strength).toBe(evaluateHoldem(cards));
    expect(best.cards.sort((a, b) => a - b)).toEqual(parseCards('7h9hThKhAh').sort((a, b) => a - b));
    expect(() => bestFive([1, 2, 3, 4])).toThrow(RangeError);
  });
});

describe('parseHandDescription', () => {
  const NAMED: Record<string, number> = { 'two-pair': 2, 'full-house': 2 };
  it('reads back every one of the 7462 descriptions as its category and named ranks', () => {
    for (let s = 1; s <= MAX_STRENGTH; s++) {
      const parts = describeHandParts(s);
      expect(parseHandDescription(describeHand(s))).toEqual({ category: parts.category, ranks: parts.ranks.slice(0, NAMED[parts.category] ?? 1) });
    }
  });
  it('returns null for anything else', () => {
    for (const text of ['', 'unknown', 'Pair of knights', 'Full house, tens', 'royal flush']) expect(parseHandDescription(text)).toBeNull();
  });
});
