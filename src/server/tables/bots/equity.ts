// Monte Carlo equity: how often these hole cards win against random opponent hands, ties shared.
import { evaluateHoldem, evaluateOmaha } from '../../../poker';

export interface EquityInput {
  variant: 'texas' | 'omaha';
  hole: readonly number[];
  board: readonly number[];
  /** Opponents still in the hand (at least 1). */
  opponents: number;
  iterations: number;
  /** Uniform integer in [0, maxExclusive). */
  randomInt: (maxExclusive: number) => number;
}

export function estimateEquity(input: EquityInput): number {
  const { variant, hole, board, randomInt } = input;
  const opponents = Math.max(1, Math.min(8, input.opponents));
  const holeSize = variant === 'omaha' ? 4 : 2;
  const known = new Set<number>([...hole, ...board]);
  const stub: number[] = [];
  for (let c = 0; c < 52; c++) if (!known.has(c)) stub.push(c);
  const needed = opponents * holeSize + (5 - board.length);
  if (needed > stub.length) return 0;

  const deck = stub.slice();
  const fullBoard = new Array<number>(5);
  const oppHole = new Array<number>(holeSize);
  const seven = new Array<number>(7);
  const score = (h: readonly number[], b: number[]) => {
    if (variant === 'omaha') return evaluateOmaha(h, b);
    seven[0] = h[0];
    seven[1] = h[1];
    for (let i = 0; i < 5; i++) seven[i + 2] = b[i];
    return evaluateHoldem(seven);
  };

  let share = 0;
  for (let it = 0; it < input.iterations; it++) {
    // Partial Fisher-Yates: only the cards this trial needs.
    for (let i = 0; i < needed; i++) {
      const j = i + randomInt(deck.length - i);
      const t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
    }
    let k = 0;
    for (let i = 0; i < board.length; i++) fullBoard[i] = board[i];
    for (let i = board.length; i < 5; i++) fullBoard[i] = deck[k++];
    const mine = score(hole, fullBoard);
    let best = true;
    let ties = 0;
    for (let o = 0; o < opponents && best; o++) {
      for (let i = 0; i < holeSize; i++) oppHole[i] = deck[k++];
      const theirs = score(oppHole, fullBoard);
      if (theirs > mine) best = false;
      else if (theirs === mine) ties++;
    }
    if (best) share += 1 / (ties + 1);
  }
  return share / input.iterations;
}
