import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/poker';
import { estimateEquity } from '../../../src/server/tables/bots/equity';
import { decide, type BotSituation } from '../../../src/server/tables/bots/strategy';

// Deterministic source for the tests (bots in production use node:crypto).
function lcg(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return { random: next, randomInt: (n: number) => Math.floor(next() * n) };
}
const cards = (s: string) => s.match(/../g)!.map(parseCard);

describe('estimateEquity', () => {
  it('knows aces are a big favourite heads-up and a made nut hand is certain', () => {
    const rng = lcg(1);
    const aces = estimateEquity({ variant: 'NT', hole: cards('AsAh'), board: [], opponents: 1, iterations: 4000, randomInt: rng.randomInt });
    expect(aces).toBeGreaterThan(0.8);
    expect(aces).toBeLessThan(0.9);
    const royal = estimateEquity({
      variant: 'NT',
      hole: cards('AsKs'),
      board: cards('QsJsTs2c3d'),
      opponents: 3,
      iterations: 500,
      randomInt: rng.randomInt,
    });
    expect(royal).toBe(1);
  });

  it('splits ties: a board that plays gives everyone an equal share', () => {
    const rng = lcg(2);
    const eq = estimateEquity({ variant: 'NT', hole: cards('2c3d'), board: cards('AsKsQsJsTs'), opponents: 1, iterations: 500, randomInt: rng.randomInt });
    expect(eq).toBeCloseTo(0.5, 5);
  });

  it('plays Omaha with four hole cards', () => {
    const rng = lcg(3);
    const eq = estimateEquity({ variant: 'PO', hole: cards('AsAhKsKh'), board: [], opponents: 1, iterations: 3000, randomInt: rng.randomInt });
    expect(eq).toBeGreaterThan(0.6);
    expect(eq).toBeLessThan(0.8);
  });

  it('plays every other game: 5 and 6 hole cards, short deck, and the hi-lo halves', () => {
    const rng = lcg(4);
    const eq = (variant: Parameters<typeof estimateEquity>[0]['variant'], hole: string, board = '', iterations = 600) =>
      estimateEquity({ variant, hole: cards(hole), board: board ? cards(board) : [], opponents: 1, iterations, randomInt: rng.randomInt });
    // Five and six cards: a made nut flush on the river is nearly sure, a bare low hand is not.
    expect(eq('PO5', 'AsKs2c3d4h', 'QsJs9s2d7h')).toBeGreaterThan(0.95);
    expect(eq('PO6', 'AsAhKsKhQdQc')).toBeGreaterThan(0.55);
    expect(eq('PO6', '6c7d2h3s8c4d')).toBeLessThan(0.5);
    // Short deck: no card below six is ever dealt to the opponents (a flush beats a full house).
    expect(eq('NS', 'AsKs', 'QsJs6s7h7d')).toBeGreaterThan(0.9);
    expect(eq('NS', 'AsAh')).toBeGreaterThan(0.65);
    // Hi-lo: the nut low alone on the river is worth about half the pot, a good low with a high chance a little less.
    const low = eq('PO/8', 'Ac2c9h9d', 'KhQs3d4s8c', 1500);
    expect(low).toBeGreaterThan(0.3);
    expect(low).toBeLessThan(0.75);
    expect(eq('FO5/8', 'AcKs2d3hTd', '4c5sJhQd7h', 1500)).toBeGreaterThan(0.4);
  });
});

describe('decide', () => {
  const base = (over: Partial<BotSituation>): BotSituation => ({
    legal: { canFold: true, canCheck: false, callAmount: 100, canBet: false, canRaise: true, minRaiseTo: 400, maxRaiseTo: 5000 },
    equity: 0.5,
    pot: 300,
    ownBet: 100,
    stack: 5000,
    bigBlind: 200,
    opponents: 1,
    preflop: false,
    random: lcg(9).random,
    ...over,
  });

  it('folds hopeless hands facing a bet and never folds when it can check', () => {
    expect(decide(base({ equity: 0.05, legal: { ...base({}).legal, callAmount: 1000 } })).action).toBe('FOLD');
    for (let seed = 0; seed < 50; seed++) {
      const d = decide(
        base({
          equity: 0.01,
          random: lcg(seed).random,
          legal: { canFold: true, canCheck: true, callAmount: 0, canBet: true, canRaise: false, minRaiseTo: 200, maxRaiseTo: 5000 },
        }),
      );
      expect(d.action).not.toBe('FOLD');
    }
  });

  it('raises strong hands within the legal bounds', () => {
    let raises = 0;
    for (let seed = 0; seed < 100; seed++) {
      const d = decide(base({ equity: 0.95, random: lcg(seed).random }));
      if (d.action === 'RAISE') {
        raises++;
        expect(d.amount).toBeGreaterThanOrEqual(400);
        expect(d.amount).toBeLessThanOrEqual(5000);
      } else expect(d.action).toBe('CALL');
    }
    expect(raises).toBeGreaterThan(60);
  });

  it('calls when the price is right and the amount is within the all-in cap', () => {
    expect(decide(base({ equity: 0.4, legal: { ...base({}).legal, canRaise: false, minRaiseTo: null, maxRaiseTo: null } })).action).toBe('CALL');
    const allIn = decide(
      base({ equity: 0.99, legal: { canFold: true, canCheck: false, callAmount: 300, canBet: false, canRaise: false, minRaiseTo: null, maxRaiseTo: null } }),
    );
    expect(allIn.action).toBe('CALL');
  });
});
