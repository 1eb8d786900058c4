import { describe, expect, it } from 'vitest';
import { parseCards } from '../../src/poker/cards';
import { bestFiveOmaha, evaluateHoldem, evaluateHoldem5, evaluateOmaha, evaluateOmahaUnchecked, handCategory } from '../../src/poker/eval/index';
import { deal, prng } from '../support/prng';

/** Reference: every pair of hole cards with every triple of board cards. */
function bruteForce(hole: number[], board: number[]): number {
  let best = 0;
  for (let i = 0; i < hole.length; i++)
    for (let j = i + 1; j < hole.length; j++)
      for (let x = 0; x < board.length; x++)
        for (let y = x + 1; y < board.length; y++)
          for (let z = y + 1; z < board.length; z++) best = Math.max(best, evaluateHoldem5(hole[i], hole[j], board[x], board[y], board[z]));
  return best;
}

const o = (hole: string, board: string): number => evaluateOmaha(parseCards(hole), parseCards(board));

describe('evaluateOmaha: exactly two hole cards and three board cards', () => {
  it('four hearts in hand and one on the board make no flush', () => {
    const s = o('AhKhQhJh', 'Th2c3d4s8s');
    expect(handCategory(s)).toBe('high-card');
  });

  it('one heart in hand and four on the board make no flush', () => {
    expect(handCategory(o('Ah2c7d9s', 'KhQhJhTh3c'))).not.toBe('flush');
    expect(handCategory(o('Ah2c7d9s', 'KhQhJh4h3c'))).toBe('high-card');
  });

  it('two hearts in hand and three on the board make the flush', () => {
    expect(handCategory(o('Ah2hKc9s', 'Qh7h3hTc4d'))).toBe('flush');
    expect(o('Ah2hKc9s', 'Qh7h3hTc4d')).toBe(evaluateHoldem(parseCards('Ah2hQh7h3h')));
  });

  it('board quads give no quads: two hole cards must play', () => {
    const s = o('KcKd2h3s', 'AcAdAhAs7c');
    expect(handCategory(s)).toBe('full-house'); // AAA KK
    expect(s).toBe(evaluateHoldem(parseCards('AcAdAhKcKd')));
    expect(handCategory(o('2c3d4h9s', 'AcAdAhAs7c'))).toBe('three-of-a-kind');
  });

  it('a board straight needs two hole cards that fit it', () => {
    expect(handCategory(o('AcAd2h2s', '9c8dThJs7c'))).toBe('pair');
    expect(handCategory(o('QcKd2h2s', '9c8dThJs7c'))).toBe('straight');
  });

  it('three of a kind in hand is only a pair plus board', () => {
    expect(handCategory(o('AcAdAh2s', 'Kc9d5h4s7c'))).toBe('pair');
  });

  it('uses the straight flush only with two suited hole cards', () => {
    expect(handCategory(o('9h8h2c2d', 'ThJhQh3c4d'))).toBe('straight-flush');
    expect(handCategory(o('9h8c2c2d', 'ThJhQh3c4d'))).toBe('straight');
  });

  it("compares on the same scale as hold'em", () => {
    expect(o('AsKs2c3d', 'QsJsTs4h5h')).toBe(7462);
    expect(o('AsKs2c3d', 'QsJsTs4h5h')).toBe(evaluateHoldem(parseCards('AsKsQsJsTs')));
  });

  it('matches brute force best-of-combinations for 4 to 6 hole cards and 3 to 5 board cards', () => {
    const rnd = prng(42);
    for (let i = 0; i < 6000; i++) {
      const nh = 4 + (i % 3);
      const nb = 3 + (Math.floor(i / 3) % 3);
      const cards = deal(rnd, nh + nb);
      const hole = cards.slice(0, nh);
      const board = cards.slice(nh);
      const expected = bruteForce(hole, board);
      expect(evaluateOmaha(hole, board)).toBe(expected);
      expect(evaluateOmahaUnchecked(hole, board)).toBe(expected);
    }
  });

  it('matches brute force on flush-heavy deals', () => {
    // Few suits in play: many suited combinations, where the exactly-2/exactly-3 rule bites.
    const rnd = prng(9);
    const hearts = Array.from({ length: 13 }, (_, r) => r * 4 + 2);
    const spades = Array.from({ length: 13 }, (_, r) => r * 4 + 3);
    const pool = hearts.concat(spades);
    for (let i = 0; i < 3000; i++) {
      const p = pool.slice();
      const pick = (): number => p.splice(rnd(p.length), 1)[0];
      const hole = [pick(), pick(), pick(), pick()];
      const board = [pick(), pick(), pick(), pick(), pick()];
      expect(evaluateOmaha(hole, board)).toBe(bruteForce(hole, board));
    }
  });

  it('bestFiveOmaha returns two hole cards and three board cards that reach the strength', () => {
    const rnd = prng(5);
    for (let i = 0; i < 500; i++) {
      const cards = deal(rnd, 9);
      const hole = cards.slice(0, 4);
      const board = cards.slice(4);
      const best = bestFiveOmaha(hole, board);
      expect(best.strength).toBe(evaluateOmaha(hole, board));
      expect(best.cards.slice(0, 2).every((c) => hole.includes(c))).toBe(true);
      expect(best.cards.slice(2).every((c) => board.includes(c))).toBe(true);
      expect(evaluateHoldem(best.cards)).toBe(best.strength);
    }
  });

  it('throws RangeError on bad input', () => {
    expect(() => evaluateOmaha([0, 1, 2], [4, 5, 6])).toThrow(RangeError);
    expect(() => evaluateOmaha([0, 1, 2, 3, 4, 5, 6], [8, 9, 10])).toThrow(RangeError);
    expect(() => evaluateOmaha([0, 1, 2, 3], [4, 5])).toThrow(RangeError);
    expect(() => evaluateOmaha([0, 1, 2, 3], [4, 5, 6, 7, 8, 9])).toThrow(RangeError);
    expect(() => evaluateOmaha([0, 1, 2, 3], [3, 5, 6])).toThrow(RangeError); // shared card
    expect(() => evaluateOmaha([0, 1, 2, 30], [30, 5, 6])).toThrow(RangeError);
    expect(() => evaluateOmaha([0, 1, 2, 52], [4, 5, 6])).toThrow(RangeError);
  });
});
