// Hand strength for the showdown, through the evaluator: hold'em best five of seven, Omaha
// exactly two hole cards and three from the board, short deck its own ranks; and the hi-lo
// games' eight-or-better low. -1 when the hand cannot be valued (unknown cards or an incomplete
// board), which can never win; a low of 0 means the hand has no qualifying low.
// The engine validated every card when it was dealt or shown (integers 0..51, no card twice), so
// the common shapes go to the evaluator's unvalidated entry points.
import {
  describeHand,
  describeLowHand,
  describeShortDeckHand,
  evaluateHoldem,
  evaluateHoldem7,
  evaluateOmaha,
  evaluateOmahaLow8Unchecked,
  evaluateOmahaUnchecked,
  evaluateShortDeck7,
  evaluateShortDeckUnchecked,
  STRENGTH_COUNT,
} from '../eval/index';
import { GAMES } from './games';
import { UNKNOWN_CARD, type CardInt, type GameDef, type Variant } from './types';

const gameOf = (g: Variant | GameDef): GameDef => (typeof g === 'string' ? GAMES[g] : g);

function hasUnknown(cards: readonly CardInt[]): boolean {
  for (let k = 0; k < cards.length; k++) if (cards[k] === UNKNOWN_CARD) return true;
  return false;
}

/** High-hand strength on the game's scale (short deck has its own), or -1. */
export function strengthOf(variant: Variant | GameDef, hole: readonly CardInt[], board: readonly CardInt[]): number {
  const game = gameOf(variant);
  const nh = hole.length;
  const nb = board.length;
  if (hasUnknown(hole) || hasUnknown(board)) return -1;
  if (game.evaluator === 'omaha') {
    if (nh < 2 || nb < 3) return -1;
    return nh >= 4 && nh <= 6 && nb <= 5 ? evaluateOmahaUnchecked(hole, board) : evaluateOmaha(hole, board);
  }
  if (game.evaluator === 'short-deck') {
    if (nh === 2 && nb === 5) return evaluateShortDeck7(hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]);
    return nh + nb < 5 ? -1 : evaluateShortDeckUnchecked(hole.concat(board));
  }
  if (nh === 2 && nb === 5) return evaluateHoldem7(hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]);
  if (nh + nb < 5) return -1;
  return evaluateHoldem(hole.concat(board));
}

/** Eight-or-better low (Omaha: two hole cards and three board cards): 1..56, 0 for none, -1 when unknown. */
export function lowStrengthOf(hole: readonly CardInt[], board: readonly CardInt[]): number {
  if (hasUnknown(hole) || hasUnknown(board) || hole.length < 2 || board.length < 3) return -1;
  return evaluateOmahaLow8Unchecked(hole, board);
}

// Descriptions depend on the strength alone (7462 values): each is worded once.
const descriptions: string[] = new Array<string>(STRENGTH_COUNT + 1).fill('');

export function describeStrength(strength: number, game?: GameDef): string {
  if (strength < 0) return 'unknown';
  if (game?.evaluator === 'short-deck') return describeShortDeckHand(strength);
  if (strength > STRENGTH_COUNT || (strength | 0) !== strength) return describeHand(strength);
  let text = descriptions[strength];
  if (text === '') {
    text = describeHand(strength);
    descriptions[strength] = text;
  }
  return text;
}

/** "Low, 8-6-4-2-A" or "No low". */
export const describeLow = (low: number): string => (low < 0 ? 'unknown' : describeLowHand(low));
