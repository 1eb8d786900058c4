// Monte Carlo equity: how often these hole cards win against random opponent hands, ties shared,
// in the table's game (its deck, hole cards and evaluator). In hi-lo games the pot's halves count
// apart: half for the high, half for the low (the high takes the whole when nobody has a low).
import { GAMES, lowStrengthOf, strengthOf, type GameCode } from '../../../poker/engine';
import { evaluateHoldem7 } from '../../../poker/eval';

export interface EquityInput {
  variant: GameCode;
  hole: readonly number[];
  board: readonly number[];
  /** Opponents still in the hand (at least 1). */
  opponents: number;
  iterations: number;
  /** Uniform integer in [0, maxExclusive). */
  randomInt: (maxExclusive: number) => number;
}

/** My share of one half: 0 when beaten, 1/(ties+1) when best. */
function shareOf(mine: number, theirs: readonly number[]): number {
  let ties = 0;
  for (const t of theirs) {
    if (t > mine) return 0;
    if (t === mine) ties++;
  }
  return 1 / (ties + 1);
}

export function estimateEquity(input: EquityInput): number {
  const { variant, hole, board, randomInt } = input;
  const game = GAMES[variant];
  const opponents = Math.max(1, Math.min(game.maxPlayers - 1, 8, input.opponents));
  const holeSize = game.holeCards;
  const known = new Set<number>([...hole, ...board]);
  const stub: number[] = [];
  // A 36-card deck holds the sixes up: card ints 16..51 (rank-major).
  for (let c = 52 - game.deckSize; c < 52; c++) if (!known.has(c)) stub.push(c);
  const needed = opponents * holeSize + (5 - board.length);
  if (needed > stub.length || input.iterations <= 0) return 0;

  const holdem = game.evaluator === 'holdem' && holeSize === 2 && !game.hiLo && hole.length === 2;
  const deck = stub.slice();
  const fullBoard = new Array<number>(5);
  const opp = new Array<number>(holeSize);
  const lows = new Array<number>(opponents);
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
    const b0 = fullBoard[0],
      b1 = fullBoard[1],
      b2 = fullBoard[2],
      b3 = fullBoard[3],
      b4 = fullBoard[4];
    // Hold'em's two cards go to the 7-card evaluator straight from the deck (no copy, no checks).
    const mine = holdem ? evaluateHoldem7(hole[0], hole[1], b0, b1, b2, b3, b4) : strengthOf(game, hole, fullBoard);
    // The high half: once an opponent beats me it is lost, and with no low to count the rest
    // need not be valued (most trials of a weak hand end at the first opponent).
    let high = 1;
    let ties = 0;
    for (let o = 0; o < opponents; o++) {
      let theirs: number;
      if (holdem) theirs = evaluateHoldem7(deck[k], deck[k + 1], b0, b1, b2, b3, b4);
      else {
        for (let i = 0; i < holeSize; i++) opp[i] = deck[k + i];
        theirs = high > 0 ? strengthOf(game, opp, fullBoard) : 0;
        if (game.hiLo) lows[o] = lowStrengthOf(opp, fullBoard);
      }
      k += holeSize;
      if (high === 0) continue;
      if (theirs > mine) {
        high = 0;
        if (!game.hiLo) break;
      } else if (theirs === mine) ties++;
    }
    if (high > 0) high = 1 / (ties + 1);
    if (!game.hiLo) {
      share += high;
      continue;
    }
    const myLow = lowStrengthOf(hole, fullBoard);
    const anyLow = myLow > 0 || lows.some((l) => l > 0);
    share += anyLow ? (high + (myLow > 0 ? shareOf(myLow, lows) : 0)) / 2 : high;
  }
  return share / input.iterations;
}
