// The validating entry points' fast paths against a straightforward evaluator: every five-card
// subset classified from its ranks and suits (strength.ts's classCode, no lookup tables), the
// best one kept. For seven hold'em cards evaluateHoldem runs WebAssembly (src/poker/eval/wasm7.ts)
// where it compiles, as here, and a JS function where a page refuses it; both are checked, on
// seeded random deals, and both must refuse exactly what is not seven distinct cards 0..51.
import { describe, expect, it } from 'vitest';
import { holdem7Path, makeEvaluateHoldem, makeStrength7Js } from '../../src/poker/eval/holdem';
import { evaluateHoldem, evaluateHoldem7, evaluateOmaha } from '../../src/poker/eval/index';
import { classCode, strengthOfCode } from '../../src/poker/eval/strength';
import { TABLES } from '../../src/poker/eval/tables';
import { buildStrength7, type Strength7 } from '../../src/poker/eval/wasm7';
import { deal, prng } from '../support/prng';

/** Strength of exactly five cards, from their ranks and whether they share a suit. */
const five = (a: number, b: number, c: number, d: number, e: number): number =>
  strengthOfCode(classCode(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2, (a & 3) === (b & 3) && (a & 3) === (c & 3) && (a & 3) === (d & 3) && (a & 3) === (e & 3)));

/** Best five of any number of cards, every subset tried. */
function bestOf(cards: number[]): number {
  const n = cards.length;
  let best = 0;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) for (let e = d + 1; e < n; e++) best = Math.max(best, five(cards[a], cards[b], cards[c], cards[d], cards[e]));
  return best;
}

/** Best Omaha hand: exactly two hole cards and three board cards. */
function bestOmaha(hole: number[], board: number[]): number {
  let best = 0;
  for (let i = 0; i < hole.length; i++)
    for (let j = i + 1; j < hole.length; j++)
      for (let x = 0; x < board.length; x++)
        for (let y = x + 1; y < board.length; y++)
          for (let z = y + 1; z < board.length; z++) best = Math.max(best, five(hole[i], hole[j], board[x], board[y], board[z]));
  return best;
}

/** evaluateHoldem as imported, before any call: the function that builds the real one. */
const beforeFirstCall = evaluateHoldem;

const wasm = buildStrength7(TABLES);
const js = makeStrength7Js();
const sevenFunctions: ReadonlyArray<readonly [string, Strength7 | null]> = [
  ['WebAssembly', wasm],
  ['JS', js],
];
const call = (f: Strength7, c: number[]): number => f(c[0], c[1], c[2], c[3], c[4], c[5], c[6]);

describe('the 7-card functions behind evaluateHoldem', () => {
  it('evaluateHoldem replaces itself on its first call; a reference taken before still works', () => {
    const hand = [51, 47, 43, 39, 35, 2, 7];
    expect(beforeFirstCall(hand)).toBe(bestOf(hand));
    expect(evaluateHoldem).not.toBe(beforeFirstCall);
    const installed = evaluateHoldem;
    expect(beforeFirstCall(hand)).toBe(bestOf(hand));
    expect(evaluateHoldem).toBe(installed);
    expect(() => beforeFirstCall([1, 1, 2, 3, 4, 5, 6])).toThrow('evaluateHoldem: duplicate card 1');
  });

  it('WebAssembly compiles here, and evaluateHoldem uses it', () => {
    expect(wasm).not.toBeNull();
    expect(holdem7Path()).toBe('wasm');
  });

  for (const [name, f] of sevenFunctions) {
    it(`${name}: 40,000 random deals equal the straightforward evaluator, 400,000 more the unchecked one`, () => {
      if (f === null) throw new Error('not built');
      const rnd = prng(7001);
      let mismatches = 0;
      for (let i = 0; i < 40_000; i++) {
        const c = deal(rnd, 7);
        if (call(f, c) !== bestOf(c)) mismatches++;
      }
      for (let i = 0; i < 400_000; i++) {
        const c = deal(rnd, 7);
        if (call(f, c) !== evaluateHoldem7(c[0], c[1], c[2], c[3], c[4], c[5], c[6])) mismatches++;
      }
      expect(mismatches).toBe(0);
    });

    it(`${name}: flush-heavy deals (two suits) equal the straightforward evaluator`, () => {
      if (f === null) throw new Error('not built');
      const rnd = prng(7002);
      const pool: number[] = [];
      for (let r = 0; r < 13; r++) pool.push(r * 4 + 1, r * 4 + 3);
      let mismatches = 0;
      for (let i = 0; i < 20_000; i++) {
        const p = pool.slice();
        const c = Array.from({ length: 7 }, () => p.splice(rnd(p.length), 1)[0]);
        if (call(f, c) !== bestOf(c)) mismatches++;
      }
      expect(mismatches).toBe(0);
    });

    it(`${name}: 0 for anything but seven distinct cards 0..51 (one value swept over -3..300 and int32 edges, in every place; repeats)`, () => {
      if (f === null) throw new Error('not built');
      const rnd = prng(7003);
      const values = [...Array.from({ length: 304 }, (_, i) => i - 3), 2 ** 31 - 1, -(2 ** 31), 1 << 30, 4096, 65536];
      let wrong = 0;
      for (let trial = 0; trial < 300; trial++) {
        const hand = deal(rnd, 7);
        for (let pos = 0; pos < 7; pos++)
          for (const v of values) {
            const c = hand.slice();
            c[pos] = v;
            const valid = v >= 0 && v < 52 && c.filter((x) => x === v).length === 1;
            const s = call(f, c);
            if (valid ? s !== bestOf(c) : s !== 0) wrong++;
          }
        // Every card twice, three times, seven times.
        for (let i = 0; i < 7; i++)
          for (let j = 0; j < 7; j++) {
            if (i === j) continue;
            const c = hand.slice();
            c[j] = c[i];
            if (call(f, c) !== 0) wrong++;
          }
        if (call(f, new Array<number>(7).fill(hand[0])) !== 0) wrong++;
        if (call(f, [hand[0], hand[0], hand[0], hand[1], hand[2], hand[3], hand[4]]) !== 0) wrong++;
      }
      expect(wrong).toBe(0);
    });
  }
});

describe('evaluateHoldem on its JS 7-card path (where WebAssembly is refused)', () => {
  const evaluateHoldemJs = makeEvaluateHoldem(makeStrength7Js());
  const outcome = (f: (c: ArrayLike<number>) => number, cards: unknown): string => {
    try {
      return String(f(cards as number[]));
    } catch (e) {
      return `${(e as Error).name}: ${(e as Error).message}`;
    }
  };

  it('gives the same strengths and the same errors as evaluateHoldem', () => {
    const rnd = prng(7004);
    const odd: unknown[] = [null, undefined, 7, 'AsKsQsJ', { length: 7 }, [0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], Uint8Array.from([0, 1, 2, 3, 4, 5, 255])];
    let differ = 0;
    for (const cards of odd) if (outcome(evaluateHoldemJs, cards) !== outcome(evaluateHoldem, cards)) differ++;
    for (let i = 0; i < 30_000; i++) {
      const n = 5 + (i % 3);
      const c: unknown[] = deal(rnd, n);
      if (i % 4 === 1) c[rnd(n)] = c[rnd(n)]; // a repeat (or not)
      if (i % 4 === 2) c[rnd(n)] = [52, 63, 64, -1, 0.5, '3', NaN][rnd(7)];
      if (outcome(evaluateHoldemJs, c) !== outcome(evaluateHoldem, c)) differ++;
    }
    expect(differ).toBe(0);
  });
});

describe('evaluateHoldem and evaluateOmaha against the straightforward evaluator', () => {
  it("hold'em: 30,000 random deals of 7 cards and 10,000 each of 6 and 5", () => {
    const rnd = prng(7005);
    let mismatches = 0;
    for (const [n, count] of [
      [7, 30_000],
      [6, 10_000],
      [5, 10_000],
    ]) {
      for (let i = 0; i < count; i++) {
        const c = deal(rnd, n);
        if (evaluateHoldem(c) !== bestOf(c)) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
  });

  it('Omaha: 20,000 random deals, 4 to 6 hole cards and 3 to 5 board cards', () => {
    const rnd = prng(7006);
    let mismatches = 0;
    for (let i = 0; i < 20_000; i++) {
      const nh = 4 + (i % 3);
      const nb = 3 + (Math.floor(i / 3) % 3);
      const cards = deal(rnd, nh + nb);
      const hole = cards.slice(0, nh);
      const board = cards.slice(nh);
      if (evaluateOmaha(hole, board) !== bestOmaha(hole, board)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
