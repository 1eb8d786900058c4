// The evaluators of the new games: short-deck ranks, the eight-or-better low (any five, and
// Omaha's two plus three), Omaha high with five and six hole cards. Each ranks seeded random hands
// exactly as pokerkit does (fixtures/pokerkit-eval.json, made by fixtures/pokerkit_eval.py):
// the same hands tie, and the order of the rest is the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../src/poker/cards';
import {
  describeLowHand,
  describeShortDeckHand,
  describeShortDeckHandParts,
  evaluateLow8,
  evaluateOmaha,
  evaluateOmahaLow8,
  evaluateShortDeck,
  LOW_STRENGTH_COUNT,
  shortDeckCategory,
  shortDeckStrengthCount,
} from '../../src/poker/eval/index';

const fixture = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'pokerkit-eval.json'), 'utf8')) as Record<string, unknown[][]>;

/** Ours (higher wins, 0 = no hand) and pokerkit's index (null = no hand) order every pair of hands alike. */
function sameOrder(pairs: [number, number | null][], lowerIndexWins: boolean): void {
  const byOurs = new Map<number, number>();
  for (const [ours, theirs] of pairs) {
    if (theirs === null) {
      expect(ours).toBe(0);
      continue;
    }
    const t = lowerIndexWins ? -theirs : theirs;
    expect(byOurs.get(ours) ?? t).toBe(t); // one class each
    byOurs.set(ours, t);
  }
  const sorted = [...byOurs.entries()].sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i][1]).toBeGreaterThan(sorted[i - 1][1]);
  expect(new Set(byOurs.values()).size).toBe(byOurs.size);
}

describe('short deck (pokerkit ShortDeckHoldemHand)', () => {
  const sd = (s: string) => evaluateShortDeck(parseCards(s));

  it('ranks seeded random seven-card hands as pokerkit does', () => {
    sameOrder(
      fixture.sd.map(([c, t]) => [evaluateShortDeck(c as number[]), t as number]),
      false,
    );
  });

  it('a flush beats a full house; A-6-7-8-9 is the lowest straight; trips stay below a straight', () => {
    expect(sd('AhKh9h7h6h')).toBeGreaterThan(sd('AcAdAhKsKd'));
    expect(sd('AcAdAhAsKd')).toBeGreaterThan(sd('AhKh9h7h6h'));
    expect(sd('As6c7d8h9s')).toBeLessThan(sd('6s7c8d9hTs'));
    expect(sd('As6c7d8h9s')).toBeGreaterThan(sd('AcAdAh7s6d'));
    expect(sd('As6s7s8s9s')).toBeGreaterThan(sd('AcAdAhAsKd'));
    expect(sd('As6s7s8s9s')).toBeLessThan(sd('6s7s8s9sTs'));
    expect(describeShortDeckHand(sd('As6c7d8h9sKd'))).toBe('Straight, nine high');
    expect(describeShortDeckHand(sd('As6s7s8s9s'))).toBe('Straight flush, nine high');
    expect(describeShortDeckHand(sd('AsKsQsJsTs'))).toBe('Royal flush');
    expect(describeShortDeckHand(sd('AhKh9h7h6hAcAd'))).toBe('Flush, ace high');
    expect(describeShortDeckHandParts(sd('TcTdTh6s6d'))).toEqual({ category: 'full-house', ranks: [8, 4] });
    expect(shortDeckCategory(shortDeckStrengthCount())).toBe('straight-flush');
    expect(shortDeckCategory(1)).toBe('high-card');
  });

  it('refuses cards below a six', () => {
    expect(() => sd('2s6c7d8h9s')).toThrow(RangeError);
    expect(() => sd('6c7d8h9s')).toThrow(RangeError);
  });
});

describe('eight-or-better low (pokerkit EightOrBetterLowHand, OmahaEightOrBetterLowHand)', () => {
  it('ranks seeded random hands as pokerkit does', () => {
    sameOrder(
      fixture.low.map(([c, t]) => [evaluateLow8(c as number[]), t as number | null]),
      true,
    );
    sameOrder(
      fixture.olow.map(([h, b, t]) => [evaluateOmahaLow8(h as number[], b as number[]), t as number | null]),
      true,
    );
  });

  it('ace low, no pairs, eight or lower, straights and flushes do not count', () => {
    const low = (s: string) => evaluateLow8(parseCards(s));
    expect(low('As2s3s4s5s')).toBe(LOW_STRENGTH_COUNT);
    expect(low('8c7d6h5s4d')).toBe(1);
    expect(low('9c7d6h5s4d')).toBe(0);
    expect(low('AcAd2h3s4dKc')).toBe(0);
    expect(low('Ac2d2h3s4d6c')).toBeGreaterThan(low('Ac2d3h4s7dKc'));
    expect(describeLowHand(low('8c6d4h2sAd'))).toBe('Low, 8-6-4-2-A');
    expect(describeLowHand(0)).toBe('No low');
  });

  it('Omaha uses exactly two hole cards and three board cards', () => {
    const olow = (h: string, b: string) => evaluateOmahaLow8(parseCards(h), parseCards(b));
    // Four low cards in hand but only two count: the board must bring three other low ranks.
    expect(olow('As2s3s4s', 'KdQdJd5c6c')).toBe(0);
    expect(olow('As2sKsKh', '3c4c5cQdJd')).toBe(LOW_STRENGTH_COUNT);
    // A board low card duplicated by the hand: A-2 in hand, board A-3-4-5: best is 5-4-3-2-A.
    expect(olow('Ad2dKsKh', 'Ac3c4c5cQd')).toBe(LOW_STRENGTH_COUNT);
    expect(olow('Ad2dKsKh', 'Ac2c3cQdJd')).toBe(0);
    expect(() => olow('As2s3s', '3c4c5c')).toThrow(RangeError);
  });
});

describe('Omaha high with five and six hole cards (pokerkit OmahaHoldemHand)', () => {
  it('ranks seeded random hands as pokerkit does', () => {
    for (const key of ['ohi5', 'ohi6']) {
      sameOrder(
        fixture[key].map(([h, b, t]) => [evaluateOmaha(h as number[], b as number[]), t as number]),
        false,
      );
    }
  });
});
