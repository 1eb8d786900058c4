// The values hands are compared by at a showdown, for every board (run it twice) and every half
// (hi-lo): value[b][k][i] for board b, half k (0 high, 1 low in hi-lo games) and player i; -1
// when the hand makes none (no qualifying low, unknown cards, no cards). Higher wins.
import { lowStrengthOf, strengthOf } from './strength';
import type { CardInt, HandState } from './types';

export type Values = number[][][];

/** Every board of the hand: the first, then each further run-out. */
export function boardsOf(s: Pick<HandState, 'board' | 'extraBoards'>): readonly (readonly CardInt[])[] {
  return s.extraBoards.length === 0 ? [s.board] : [s.board, ...s.extraBoards];
}

/** Values of the players `who` marks (others -1): a mask, not a callback, so the loop stays monomorphic. */
export function handValues(s: HandState, who: readonly boolean[]): Values {
  const game = s.config.game;
  const halves = game.hiLo ? 2 : 1;
  const out: Values = [];
  const boards = boardsOf(s);
  for (let b = 0; b < boards.length; b++) {
    const board = boards[b];
    const perHalf: number[][] = [];
    for (let k = 0; k < halves; k++) {
      const v: number[] = [];
      for (let i = 0; i < s.config.n; i++) {
        if (!who[i]) v.push(-1);
        else if (k === 0) v.push(strengthOf(game, s.hole[i], board));
        else {
          const low = lowStrengthOf(s.hole[i], board);
          v.push(low > 0 ? low : -1);
        }
      }
      perHalf.push(v);
    }
    out.push(perHalf);
  }
  return out;
}

/** Best value among `players` (-1 when none has one). */
export function bestOf(v: readonly number[], players: readonly number[]): number {
  let top = -1;
  for (let q = 0; q < players.length; q++) if (v[players[q]] > top) top = v[players[q]];
  return top;
}
