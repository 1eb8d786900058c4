// Which five cards make the hand (for highlighting in the UI, and for hand histories).
// Not a hot path: tries every five-card subset with the fast five-card evaluator.

import { assertCards, evaluateHoldem5 } from './holdem';
import { evaluateOmaha } from './omaha';

export interface BestFive {
  strength: number;
  /** The five cards, in the order they appear in the input (hole cards first for Omaha). */
  cards: number[];
}

/** Best five of 5 to 7 cards. Throws RangeError like evaluateHoldem. */
export function bestFive(cards: ArrayLike<number>): BestFive {
  assertCards(cards, 5, 7, 'bestFive');
  const c = Array.from(cards);
  const n = c.length;
  let best: BestFive = { strength: 0, cards: [] };
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let d = b + 1; d < n; d++)
        for (let e = d + 1; e < n; e++)
          for (let f = e + 1; f < n; f++) {
            const s = evaluateHoldem5(c[a], c[b], c[d], c[e], c[f]);
            if (s > best.strength) best = { strength: s, cards: [c[a], c[b], c[d], c[e], c[f]] };
          }
  return best;
}

/** Best Omaha five: two hole cards then three board cards. Throws RangeError like evaluateOmaha. */
export function bestFiveOmaha(hole: ArrayLike<number>, board: ArrayLike<number>): BestFive {
  const target = evaluateOmaha(hole, board); // validates
  const h = Array.from(hole);
  const b = Array.from(board);
  for (let i = 0; i < h.length; i++)
    for (let j = i + 1; j < h.length; j++)
      for (let x = 0; x < b.length; x++)
        for (let y = x + 1; y < b.length; y++)
          for (let z = y + 1; z < b.length; z++)
            if (evaluateHoldem5(h[i], h[j], b[x], b[y], b[z]) === target) return { strength: target, cards: [h[i], h[j], b[x], b[y], b[z]] };
  throw new Error('unreachable: no combination reaches the Omaha strength');
}
