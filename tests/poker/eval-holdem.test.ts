import { evaluate as peerEvaluate } from '@pokertools/evaluator';
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../src/poker/cards';
import { CATEGORIES, evaluateHoldem, evaluateHoldem5, evaluateHoldem6, evaluateHoldem7, handCategory, MAX_STRENGTH } from '../../src/poker/eval/index';
import { deal, prng } from '../support/prng';

const h = (s: string): number => evaluateHoldem(parseCards(s));

describe('evaluateHoldem: all 2,598,960 five-card hands', () => {
  it('has 7462 distinct strengths with the textbook category counts', () => {
    const categoryOf = new Uint8Array(MAX_STRENGTH + 1);
    for (let s = 1; s <= MAX_STRENGTH; s++) categoryOf[s] = CATEGORIES.indexOf(handCategory(s));
    const seen = new Uint8Array(MAX_STRENGTH + 1);
    const byCategory = new Array<number>(9).fill(0);
    let hands = 0;
    let outOfRange = 0;
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              const s = evaluateHoldem5(a, b, c, d, e);
              if (!(s >= 1 && s <= MAX_STRENGTH)) outOfRange++;
              seen[s] = 1;
              byCategory[categoryOf[s]]++;
              hands++;
            }
    expect(hands).toBe(2598960);
    expect(outOfRange).toBe(0);
    let distinct = 0;
    for (let s = 1; s <= MAX_STRENGTH; s++) distinct += seen[s];
    expect(distinct).toBe(7462);
    const counts: Record<string, number> = {};
    CATEGORIES.forEach((name, i) => (counts[name] = byCategory[i]));
    expect(counts).toEqual({
      'straight-flush': 40,
      'four-of-a-kind': 624,
      'full-house': 3744,
      flush: 5108,
      straight: 10200,
      'three-of-a-kind': 54912,
      'two-pair': 123552,
      pair: 1098240,
      'high-card': 1302540,
    });
  });
});

describe('evaluateHoldem: ordering', () => {
  it('ranks the categories in order', () => {
    const ladder = [
      '7c5d4h3s2c', // high card
      '2c2d3h4s6d', // pair of twos
      '2c2d3h3s4d', // two pair
      '2c2d2h3s4d', // trips
      'Ac2d3h4s5d', // wheel
      '2c3c4c5c7c', // flush
      '2c2d2h3s3d', // full house
      '2c2d2h2s3d', // quads
      'Ac2c3c4c5c', // steel wheel
      'AsKsQsJsTs', // royal
    ].map(h);
    for (let i = 1; i < ladder.length; i++) expect(ladder[i]).toBeGreaterThan(ladder[i - 1]);
    expect(ladder[0]).toBe(1);
    expect(ladder[ladder.length - 1]).toBe(7462);
  });

  it('puts the wheel below the six-high straight and an ace-high straight on top', () => {
    const wheel = h('Ac2d3h4s5d');
    const six = h('2c3d4h5s6d');
    expect(handCategory(wheel)).toBe('straight');
    expect(wheel).toBeLessThan(six);
    expect(h('TcJdQhKsAd')).toBeGreaterThan(h('9cTdJhQsKd'));
    expect(h('Ac2c3c4c5c')).toBeLessThan(h('2c3c4c5c6c'));
    // A-K-Q-J-9 style wrap-arounds are not straights.
    expect(handCategory(h('QcKdAh2s3d'))).toBe('high-card');
  });

  it('uses kickers and ignores the sixth and seventh card when they cannot play', () => {
    expect(h('AcAdKh9s7d')).toBeGreaterThan(h('AhAsQh9s7d'));
    expect(h('AcAdKhQsJd2c3d')).toBe(h('AhAsKdQcJh4c5d'));
    expect(h('KcKdKhKsAd2c2d')).toBe(h('KcKdKhKsAh'));
    // Two pair with a better third pair on seven cards: best two pairs + best kicker.
    expect(h('AcAdKcKd2c2dQh')).toBe(h('AhAsKhKsQd'));
    // Full house from two sets: the higher set plays as trips.
    expect(h('9c9d9h5c5d5h2s')).toBe(h('9c9d9h5c5d'));
    // Flush on seven cards uses the five highest of the suit.
    expect(h('Ah9h7h5h3h2hKd')).toBe(h('Ah9h7h5h3h'));
    expect(h('Ah9h7h5h3h2hKd')).toBeGreaterThan(h('Ah9h7h5h2h'));
    // A straight flush beats the bigger plain flush in the same seven cards.
    expect(handCategory(h('2h3h4h5h6h9hKh'))).toBe('straight-flush');
  });

  it('gives the same result through every entry point', () => {
    const rnd = prng(7);
    for (let i = 0; i < 2000; i++) {
      const c = deal(rnd, 7);
      expect(evaluateHoldem(c)).toBe(evaluateHoldem7(c[0], c[1], c[2], c[3], c[4], c[5], c[6]));
      expect(evaluateHoldem(c.slice(0, 6))).toBe(evaluateHoldem6(c[0], c[1], c[2], c[3], c[4], c[5]));
      expect(evaluateHoldem(Uint8Array.from(c.slice(0, 5)))).toBe(evaluateHoldem5(c[0], c[1], c[2], c[3], c[4]));
    }
  });

  it('equals the best five-card subset on six and seven cards', () => {
    const rnd = prng(11);
    for (let i = 0; i < 3000; i++) {
      const n = 6 + (i % 2);
      const c = deal(rnd, n);
      let best = 0;
      for (let a = 0; a < n; a++)
        for (let b = a + 1; b < n; b++)
          for (let d = b + 1; d < n; d++)
            for (let e = d + 1; e < n; e++) for (let f = e + 1; f < n; f++) best = Math.max(best, evaluateHoldem5(c[a], c[b], c[d], c[e], c[f]));
      expect(evaluateHoldem(c)).toBe(best);
    }
  });
});

describe('evaluateHoldem agrees with @pokertools/evaluator', () => {
  // Pairwise sign agreement over a sample is equivalent to: sorted by our strength, the peer's
  // score (lower is better) strictly decreases between distinct strengths and is equal within one.
  for (const n of [5, 6, 7]) {
    it(`orders 60,000 random ${n}-card hands the same way`, () => {
      const rnd = prng(1000 + n);
      const pairs: [number, number][] = [];
      for (let i = 0; i < 60000; i++) {
        const c = deal(rnd, n);
        pairs.push([evaluateHoldem(c), peerEvaluate(c)]);
      }
      pairs.sort((x, y) => x[0] - y[0]);
      let mismatches = 0;
      for (let i = 1; i < pairs.length; i++) {
        const [s0, p0] = pairs[i - 1];
        const [s1, p1] = pairs[i];
        if (s0 === s1 ? p0 !== p1 : !(p1 < p0)) mismatches++;
      }
      expect(mismatches).toBe(0);
      // And the sample really spans the scale.
      expect(new Set(pairs.map((p) => p[0])).size).toBeGreaterThan(1500);
    });
  }
});

describe('evaluateHoldem: invalid input', () => {
  it('throws RangeError for wrong counts, duplicates and non-cards', () => {
    expect(() => evaluateHoldem([0, 1, 2, 3])).toThrow(RangeError);
    expect(() => evaluateHoldem([0, 1, 2, 3, 4, 5, 6, 7])).toThrow(RangeError);
    expect(() => evaluateHoldem([0, 1, 2, 3, 3])).toThrow(RangeError);
    expect(() => evaluateHoldem([0, 1, 2, 3, 51, 51])).toThrow(RangeError);
    expect(() => evaluateHoldem([0, 1, 2, 3, 52])).toThrow(RangeError);
    expect(() => evaluateHoldem([0, 1, 2, 3, -1])).toThrow(RangeError);
    expect(() => evaluateHoldem([0, 1, 2, 3, 4.5])).toThrow(RangeError);
  });

  it('handCategory rejects numbers that are not strengths', () => {
    for (const bad of [0, -1, 7463, 1.5, NaN]) expect(() => handCategory(bad)).toThrow(RangeError);
  });
});
