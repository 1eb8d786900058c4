// The bots' Monte Carlo generator: reproducible from its seed, in range, and even.
import { describe, expect, it } from 'vitest';
import { botRandom } from '../../../src/server/tables/bots/prng';

describe('botRandom', () => {
  it('repeats for the same seed and differs for another', () => {
    const a = botRandom([1, 2, 3, 4]);
    const b = botRandom([1, 2, 3, 4]);
    const c = botRandom([1, 2, 3, 5]);
    const xs = Array.from({ length: 20 }, () => a.int(52));
    expect(Array.from({ length: 20 }, () => b.int(52))).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.int(52))).not.toEqual(xs);
  });

  it('draws every value of [0, n) about equally, and floats in [0, 1)', () => {
    const r = botRandom([0, 0, 0, 0]); // the all-zero seed is moved off zero
    const counts = new Array(52).fill(0);
    const N = 52_000;
    for (let i = 0; i < N; i++) counts[r.int(52)]++;
    for (const k of counts) expect(Math.abs(k - 1000)).toBeLessThan(160); // > 5 sigma
    for (let i = 0; i < 10_000; i++) {
      const f = r.float();
      expect(f >= 0 && f < 1).toBe(true);
    }
  });
});
