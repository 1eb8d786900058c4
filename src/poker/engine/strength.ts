// Hand strength for the showdown, through the evaluator: hold'em best five of seven, Omaha
// exactly two hole cards and three from the board. -1 when the hand cannot be valued (unknown
// cards or an incomplete board), which can never win.
// The engine validated every card when it was dealt or shown (integers 0..51, no card twice), so
// the common shapes go to the evaluator's unvalidated entry points.
import { describeHand, evaluateHoldem, evaluateHoldem7, evaluateOmaha, evaluateOmahaUnchecked, STRENGTH_COUNT } from '../eval/index';
import { UNKNOWN_CARD, type CardInt, type Variant } from './types';

export function strengthOf(variant: Variant, hole: readonly CardInt[], board: readonly CardInt[]): number {
  const nh = hole.length;
  const nb = board.length;
  for (let k = 0; k < nh; k++) if (hole[k] === UNKNOWN_CARD) return -1;
  for (let k = 0; k < nb; k++) if (board[k] === UNKNOWN_CARD) return -1;
  if (variant === 'PO') {
    if (nh < 2 || nb < 3) return -1;
    return nh >= 4 && nh <= 6 && nb <= 5 ? evaluateOmahaUnchecked(hole, board) : evaluateOmaha(hole, board);
  }
  if (nh === 2 && nb === 5) return evaluateHoldem7(hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]);
  if (nh + nb < 5) return -1;
  return evaluateHoldem(hole.concat(board));
}

// Descriptions depend on the strength alone (7462 values): each is worded once.
const descriptions: string[] = new Array<string>(STRENGTH_COUNT + 1).fill('');

export function describeStrength(strength: number): string {
  if (strength < 0) return 'unknown';
  if (strength > STRENGTH_COUNT || (strength | 0) !== strength) return describeHand(strength);
  let text = descriptions[strength];
  if (text === '') {
    text = describeHand(strength);
    descriptions[strength] = text;
  }
  return text;
}
