// The validating entry points (evaluateHoldem, evaluateOmaha): they refuse every kind of bad
// input with the same RangeError the loop-based checks always gave, and on valid input they agree
// with the unchecked evaluators. The 7-card hold'em check is fused with its evaluation (card set,
// src/poker/eval/cardset.ts; for seven cards in WebAssembly, wasm7.ts, where it compiles, as here),
// so agreement is tested broadly, flush-heavy deals exhaustively. eval-fast7.test.ts checks both
// 7-card paths, WebAssembly and JS, against a straightforward evaluator.
import { describe, expect, it } from 'vitest';
import { evaluateHoldem, evaluateHoldem5, evaluateHoldem6, evaluateHoldem7, evaluateOmaha, evaluateOmahaUnchecked } from '../../src/poker/eval/index';
import { addCards, setSize } from '../../src/poker/eval/cardset';
import { deal, prng } from '../support/prng';

const unchecked = (c: ArrayLike<number>): number =>
  c.length === 7
    ? evaluateHoldem7(c[0], c[1], c[2], c[3], c[4], c[5], c[6])
    : c.length === 6
      ? evaluateHoldem6(c[0], c[1], c[2], c[3], c[4], c[5])
      : evaluateHoldem5(c[0], c[1], c[2], c[3], c[4]);

/** The error a call throws (it must throw a RangeError). */
function rangeError(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RangeError);
    return (e as Error).message;
  }
  throw new Error('expected a RangeError, nothing was thrown');
}

/** Values that are not cards, each with how the message shows it. */
const NOT_CARDS: ReadonlyArray<readonly [unknown, string]> = [
  // out of range (64 and up also wrap to a small int under ToInt32, 2^32 + 3 to 3)
  [-1, '-1'],
  [52, '52'],
  [53, '53'],
  [63, '63'],
  [64, '64'],
  [255, '255'],
  [256, '256'],
  [2 ** 31 - 1, '2147483647'],
  [-(2 ** 31), '-2147483648'],
  [2 ** 32, '4294967296'],
  [2 ** 32 + 3, '4294967299'],
  [2 ** 53, '9007199254740992'],
  [1e300, '1e+300'],
  [-1e300, '-1e+300'],
  // not integers
  [0.5, '0.5'],
  [3.0000001, '3.0000001'],
  [51.5, '51.5'],
  [-0.5, '-0.5'],
  [Infinity, 'Infinity'],
  [-Infinity, '-Infinity'],
  [NaN, 'NaN'],
  [Number.EPSILON, String(Number.EPSILON)],
  // not numbers
  ['5', '5'],
  ['', ''],
  ['As', 'As'],
  [null, 'null'],
  [undefined, 'undefined'],
  [true, 'true'],
  [false, 'false'],
  [{}, '[object Object]'],
  [[], ''],
  [[5], '5'],
  [Object(5), '5'],
  [5n, '5n'],
  [Symbol('x'), 'Symbol(x)'],
];

/** Calls `visit` with every 7-card subset of `cards` (one reused array), its cards in `order`. */
function eachSeven(cards: number[], order: number[], visit: (hand: number[]) => void): void {
  const h = [0, 0, 0, 0, 0, 0, 0];
  const idx = [0, 0, 0, 0, 0, 0, 0];
  const n = cards.length;
  const rec = (depth: number, from: number) => {
    if (depth === 7) {
      for (let k = 0; k < 7; k++) h[k] = cards[idx[order[k]]];
      return visit(h);
    }
    for (let i = from; i < n; i++) {
      idx[depth] = i;
      rec(depth + 1, i + 1);
    }
  };
  rec(0, 0);
}

describe('evaluateHoldem refuses bad input', () => {
  const rnd = prng(101);

  for (const n of [5, 6, 7]) {
    it(`${n} cards: every kind of non-card, at every position, with the first problem reported`, () => {
      for (let trial = 0; trial < 3; trial++) {
        const hand = deal(rnd, n);
        for (const [bad, shown] of NOT_CARDS)
          for (let pos = 0; pos < n; pos++) {
            const cards: unknown[] = hand.slice();
            cards[pos] = bad;
            const message = rangeError(() => evaluateHoldem(cards as number[]));
            expect(message).toBe(`evaluateHoldem: not a card: ${shown}`);
          }
      }
    });

    it(`${n} cards: a duplicate at every pair of positions, reported at its second place`, () => {
      for (let trial = 0; trial < 20; trial++) {
        const hand = deal(rnd, n);
        for (let i = 0; i < n; i++)
          for (let j = i + 1; j < n; j++) {
            const cards = hand.slice();
            cards[j] = cards[i];
            expect(rangeError(() => evaluateHoldem(cards))).toBe(`evaluateHoldem: duplicate card ${cards[i]}`);
          }
      }
      // Many copies, the lowest and highest cards, every card seven times.
      for (let c = 0; c < 52; c++) expect(rangeError(() => evaluateHoldem(new Array<number>(n).fill(c)))).toBe(`evaluateHoldem: duplicate card ${c}`);
      expect(() => evaluateHoldem([0, 0, 0, 1, 2, 3, 4].slice(0, n))).toThrow('evaluateHoldem: duplicate card 0');
      expect(() => evaluateHoldem([51, 50, 49, 48, 51, 51, 51].slice(0, n))).toThrow('evaluateHoldem: duplicate card 51');
    });
  }

  it('reports problems in order: the first bad card wins, whatever kind', () => {
    expect(rangeError(() => evaluateHoldem([0, 52, 0, 1, 2, 3, 4]))).toBe('evaluateHoldem: not a card: 52');
    expect(rangeError(() => evaluateHoldem([0, 0, 52, 1, 2, 3, 4]))).toBe('evaluateHoldem: duplicate card 0');
    expect(rangeError(() => evaluateHoldem([1, 2, 3, 4, 5, 6, 6.5]))).toBe('evaluateHoldem: not a card: 6.5');
  });

  it('wrong counts, from empty to a whole deck', () => {
    for (const n of [0, 1, 2, 3, 4, 8, 9, 10, 52]) {
      const cards = Array.from({ length: n }, (_, i) => i);
      expect(rangeError(() => evaluateHoldem(cards))).toBe(`evaluateHoldem: expected 5 to 7 cards, got ${n}`);
    }
    // The count is checked before the cards.
    expect(rangeError(() => evaluateHoldem([52, 52, 52, 52]))).toBe('evaluateHoldem: expected 5 to 7 cards, got 4');
  });

  it('non-arrays and array-likes without a proper length', () => {
    const cases: ReadonlyArray<readonly [unknown, string]> = [
      [null, 'null'],
      [undefined, 'undefined'],
      [7, 'undefined'],
      [true, 'undefined'],
      [{}, 'undefined'],
      [{ length: '7' }, '7'],
      [{ length: 6.5 }, '6.5'],
      [{ length: NaN }, 'NaN'],
      [{ length: 7n }, '7n'],
      [new Map(), 'undefined'],
    ];
    for (const [value, got] of cases) expect(rangeError(() => evaluateHoldem(value as number[]))).toBe(`evaluateHoldem: expected 5 to 7 cards, got ${got}`);
    // Strings and functions have a length; their elements are not cards.
    expect(rangeError(() => evaluateHoldem('AsKsQsJ' as unknown as number[]))).toBe('evaluateHoldem: not a card: A');
    expect(rangeError(() => evaluateHoldem(((a: number, b: number, c: number, d: number, e: number) => a + b + c + d + e) as unknown as number[]))).toBe(
      'evaluateHoldem: not a card: undefined',
    );
    expect(rangeError(() => evaluateHoldem({ length: 7 } as number[]))).toBe('evaluateHoldem: not a card: undefined');
    // Holes in an array are not cards.
    const holey = [0, 1, 2, 3, 4, 5, 6];
    delete holey[3];
    expect(rangeError(() => evaluateHoldem(holey))).toBe('evaluateHoldem: not a card: undefined');
  });

  it('typed arrays are checked like arrays', () => {
    expect(rangeError(() => evaluateHoldem(Uint8Array.from([0, 1, 2, 3, 4, 5, 52])))).toBe('evaluateHoldem: not a card: 52');
    expect(rangeError(() => evaluateHoldem(Uint8Array.from([0, 1, 2, 3, 4, 5, 255])))).toBe('evaluateHoldem: not a card: 255');
    expect(rangeError(() => evaluateHoldem(Int8Array.from([0, 1, 2, 3, 4, 5, -1])))).toBe('evaluateHoldem: not a card: -1');
    expect(rangeError(() => evaluateHoldem(Float64Array.from([0, 1, 2, 3, 4, 5, 5.5])))).toBe('evaluateHoldem: not a card: 5.5');
    expect(rangeError(() => evaluateHoldem(Int32Array.from([9, 1, 2, 3, 4, 5, 9])))).toBe('evaluateHoldem: duplicate card 9');
    expect(rangeError(() => evaluateHoldem(Uint8Array.from([9, 1, 2, 3, 9])))).toBe('evaluateHoldem: duplicate card 9');
  });
});

describe('evaluateHoldem agrees with the unchecked evaluators on valid hands', () => {
  it('500,000 random 7-card hands, and 100,000 each of 6 and 5 cards', () => {
    const rnd = prng(202);
    let mismatches = 0;
    for (let i = 0; i < 500_000; i++) {
      const c = deal(rnd, 7);
      if (evaluateHoldem(c) !== unchecked(c)) mismatches++;
    }
    for (const n of [6, 5])
      for (let i = 0; i < 100_000; i++) {
        const c = deal(rnd, n);
        if (evaluateHoldem(c) !== unchecked(c)) mismatches++;
      }
    expect(mismatches).toBe(0);
  });

  it('every 7-card hand from two suits (657,800 hands: all flush shapes of 5, 6 and 7 suited cards)', () => {
    const cards: number[] = [];
    for (let r = 0; r < 13; r++) cards.push(r * 4 + 1, r * 4 + 3); // diamonds and spades
    let hands = 0;
    let mismatches = 0;
    eachSeven(cards, [0, 1, 2, 3, 4, 5, 6], (h) => {
      if (evaluateHoldem(h) !== evaluateHoldem7(h[0], h[1], h[2], h[3], h[4], h[5], h[6])) mismatches++;
      hands++;
    });
    expect(hands).toBe(657_800);
    expect(mismatches).toBe(0);
  });

  it('every 7-card hand of the lowest and highest cards of each suit (suit-mask edges)', () => {
    // Ranks 2, 3, K, A of all suits: the bits at both ends of every 13-bit suit mask.
    const cards = [0, 1, 2, 3, 4, 5, 6, 7, 44, 45, 46, 47, 48, 49, 50, 51];
    let mismatches = 0;
    // Shuffled order (g, a, f, b, e, c, d): the checks must not depend on sorted input.
    eachSeven(cards, [6, 0, 5, 1, 4, 2, 3], (h) => {
      if (evaluateHoldem(h) !== evaluateHoldem7(h[0], h[1], h[2], h[3], h[4], h[5], h[6])) mismatches++;
    });
    expect(mismatches).toBe(0);
  });

  it('any array-like of card ints: typed arrays, holey arrays, -0, frozen arrays', () => {
    const rnd = prng(303);
    for (let i = 0; i < 5000; i++) {
      const c = deal(rnd, 5 + (i % 3));
      const expected = unchecked(c);
      expect(evaluateHoldem(Uint8Array.from(c))).toBe(expected);
      expect(evaluateHoldem(Int32Array.from(c))).toBe(expected);
      expect(evaluateHoldem(Float64Array.from(c))).toBe(expected);
      const holey = new Array<number>(c.length);
      for (let k = 0; k < c.length; k++) holey[k] = c[k];
      expect(evaluateHoldem(holey)).toBe(expected);
      expect(evaluateHoldem(Object.freeze(c.slice()))).toBe(expected);
      expect(evaluateHoldem({ ...Object.fromEntries(c.entries()), length: c.length })).toBe(expected);
    }
    // -0 is the integer 0 (as it always was).
    expect(evaluateHoldem([-0, 5, 10, 15, 20, 25, 30])).toBe(evaluateHoldem([0, 5, 10, 15, 20, 25, 30]));
  });
});

describe('the card set (src/poker/eval/cardset.ts, and the 7-card path in holdem.ts)', () => {
  it('accepts seven values exactly when they are distinct ints 0..51: one value swept over -2..70 in every place', () => {
    const rnd = prng(404);
    let wrong = 0;
    for (let trial = 0; trial < 2000; trial++) {
      const hand = deal(rnd, 7);
      for (let pos = 0; pos < 7; pos++)
        for (let v = -2; v <= 70; v++) {
          const c = hand.slice();
          c[pos] = v;
          const valid = v >= 0 && v < 52 && c.filter((x) => x === v).length === 1;
          let s = 0;
          try {
            s = evaluateHoldem(c);
          } catch (e) {
            if (!(e instanceof RangeError)) wrong++;
          }
          if (s !== (valid ? evaluateHoldem7(c[0], c[1], c[2], c[3], c[4], c[5], c[6]) : 0)) wrong++;
          if ((setSize(addCards(c, 7, 0)) === 7) !== valid) wrong++;
        }
    }
    expect(wrong).toBe(0);
  });

  it('seven cards: repeats whose set sum carries past 2^52, and a bad last card, after the fast path is hot', () => {
    const rnd = prng(606);
    let sum = 0;
    for (let i = 0; i < 200_000; i++) sum += evaluateHoldem(deal(rnd, 7)); // let the JIT settle on the fast path
    expect(sum).toBeGreaterThan(0);
    expect(rangeError(() => evaluateHoldem([51, 47, 43, 39, 35, 31, 51]))).toBe('evaluateHoldem: duplicate card 51');
    expect(rangeError(() => evaluateHoldem([51, 51, 51, 51, 51, 51, 50]))).toBe('evaluateHoldem: duplicate card 51');
    expect(rangeError(() => evaluateHoldem([48, 49, 50, 51, 0, 1, 51]))).toBe('evaluateHoldem: duplicate card 51');
    expect(rangeError(() => evaluateHoldem([0, 1, 2, 3, 4, 5, 52]))).toBe('evaluateHoldem: not a card: 52');
    expect(rangeError(() => evaluateHoldem([0, 1, 2, 3, 4, 5, 63]))).toBe('evaluateHoldem: not a card: 63');
    expect(rangeError(() => evaluateHoldem([0, 1, 2, 3, 4, 5, -1]))).toBe('evaluateHoldem: not a card: -1');
    expect(rangeError(() => evaluateHoldem([0, 1, 2, 3, 4, 5, 6.5]))).toBe('evaluateHoldem: not a card: 6.5');
    expect(rangeError(() => evaluateHoldem([0, 1, 2, 3, 4, 5, NaN]))).toBe('evaluateHoldem: not a card: NaN');
    expect(rangeError(() => evaluateHoldem([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('evaluateHoldem: expected 5 to 7 cards, got 8');
    // Still right on valid hands after those.
    expect(evaluateHoldem([51, 47, 43, 39, 35, 31, 27])).toBe(evaluateHoldem7(51, 47, 43, 39, 35, 31, 27));
  });

  it('counts distinct cards across several lists, and refuses any repeat', () => {
    const rnd = prng(505);
    for (let trial = 0; trial < 20_000; trial++) {
      const n = 1 + rnd(11);
      const cards = deal(rnd, n);
      const split = rnd(n + 1);
      const set = addCards(cards.slice(split), n - split, addCards(cards.slice(0, split), split, 0));
      expect(setSize(set)).toBe(n);
      // Any repeat, even of many cards (sums that carry far), loses at least one card.
      const extra = cards[rnd(n)];
      expect(setSize(set + addCards([extra], 1, 0))).toBeLessThan(n + 1);
    }
    // Eleven copies of the highest card: the sum passes 2^53 and must not pass the count.
    expect(setSize(addCards(new Array<number>(11).fill(51), 11, 0))).toBeLessThan(11);
    expect(setSize(addCards([1, 2, 'x' as unknown as number], 3, 0))).toBe(-1);
  });
});

describe('evaluateOmaha refuses bad input', () => {
  const rnd = prng(606);

  it('every kind of non-card in the hole or on the board, reported in order (hole first)', () => {
    for (const [nh, nb] of [
      [4, 5],
      [4, 3],
      [5, 4],
      [6, 5],
    ]) {
      const d = deal(rnd, nh + nb);
      for (const [bad, shown] of NOT_CARDS) {
        for (let pos = 0; pos < nh + nb; pos++) {
          const hole: unknown[] = d.slice(0, nh);
          const board: unknown[] = d.slice(nh);
          if (pos < nh) hole[pos] = bad;
          else board[pos - nh] = bad;
          expect(rangeError(() => evaluateOmaha(hole as number[], board as number[]))).toBe(`evaluateOmaha: not a card: ${shown}`);
        }
      }
    }
  });

  it('a card twice: in the hole, on the board, or in both', () => {
    for (let trial = 0; trial < 50; trial++) {
      const d = deal(rnd, 9);
      for (let i = 0; i < 9; i++)
        for (let j = i + 1; j < 9; j++) {
          const c = d.slice();
          c[j] = c[i];
          expect(rangeError(() => evaluateOmaha(c.slice(0, 4), c.slice(4)))).toBe(`evaluateOmaha: duplicate card ${c[i]}`);
        }
    }
  });

  it('wrong counts, non-arrays, and the count checked before the cards', () => {
    const card = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);
    for (const nh of [0, 1, 2, 3, 7, 8])
      expect(rangeError(() => evaluateOmaha(card(nh), card(5, 20)))).toBe(`evaluateOmaha: expected 4 to 6 hole cards, got ${nh}`);
    for (const nb of [0, 1, 2, 6, 7])
      expect(rangeError(() => evaluateOmaha(card(4), card(nb, 20)))).toBe(`evaluateOmaha: expected 3 to 5 board cards, got ${nb}`);
    expect(rangeError(() => evaluateOmaha(null as unknown as number[], card(5)))).toBe('evaluateOmaha: expected 4 to 6 hole cards, got null');
    expect(rangeError(() => evaluateOmaha(card(4), undefined as unknown as number[]))).toBe('evaluateOmaha: expected 3 to 5 board cards, got undefined');
    expect(rangeError(() => evaluateOmaha({} as number[], card(5)))).toBe('evaluateOmaha: expected 4 to 6 hole cards, got undefined');
    expect(rangeError(() => evaluateOmaha({ length: 4.5 } as number[], card(5)))).toBe('evaluateOmaha: expected 4 to 6 hole cards, got 4.5');
    expect(rangeError(() => evaluateOmaha([60, 61, 62], [60, 61, 62]))).toBe('evaluateOmaha: expected 4 to 6 hole cards, got 3');
    expect(rangeError(() => evaluateOmaha([0, 1, 2, 3], [60]))).toBe('evaluateOmaha: expected 3 to 5 board cards, got 1');
  });
});

describe('evaluateOmaha agrees with evaluateOmahaUnchecked on valid hands', () => {
  it('every shape (4 to 6 hole cards, 3 to 5 board cards), 10,000 deals each, arrays and typed arrays', () => {
    const rnd = prng(707);
    let mismatches = 0;
    for (let nh = 4; nh <= 6; nh++)
      for (let nb = 3; nb <= 5; nb++)
        for (let i = 0; i < 10_000; i++) {
          const d = deal(rnd, nh + nb);
          const hole = d.slice(0, nh);
          const board = d.slice(nh);
          const expected = evaluateOmahaUnchecked(hole, board);
          if (evaluateOmaha(hole, board) !== expected) mismatches++;
          if (i % 10 === 0 && evaluateOmaha(Uint8Array.from(hole), Int32Array.from(board)) !== expected) mismatches++;
        }
    expect(mismatches).toBe(0);
  });
});
