// Pure settlement helpers of a finished hand: the shown hands' names and the bad-beat check.
import { describeHand, evaluateHoldem, evaluateOmaha, handCategory } from '../../poker';
import type { HandRun } from './hand';

export function strength(run: HandRun, player: number): number {
  const s = run.state;
  return s.config.variant === 'PO' ? evaluateOmaha(s.hole[player], s.board) : evaluateHoldem([...s.hole[player], ...s.board]);
}

/** "Full house, tens over fours" for a hand shown with a complete enough board. */
export function describeShown(run: HandRun, player: number): string {
  const s = run.state;
  if (!s.shown[player] || s.board.length < 3) return '';
  return describeHand(strength(run, player));
}

/**
 * A bad beat: four of a kind or better loses at showdown (hold'em: both hole cards play).
 * Returns the best losing hand's player and the main pot's winner.
 */
export function findBadBeat(run: HandRun): { loser: number; winner: number } | null {
  const s = run.state;
  if (!s.result || s.board.length < 5) return null;
  const main = s.result.pots[0];
  if (!main || main.winners.length !== 1) return null;
  const winner = main.winners[0];
  let loser = -1;
  let best = -1;
  for (let i = 0; i < s.config.n; i++) {
    if (i === winner || !s.shown[i] || s.result.won[i] > 0) continue;
    const v = strength(run, i);
    const cat = handCategory(v);
    if (cat !== 'four-of-a-kind' && cat !== 'straight-flush') continue;
    if (s.config.variant === 'NT' && !bothHoleCardsPlay(s.hole[i], s.board, v)) continue;
    if (v > best) { best = v; loser = i; }
  }
  return loser >= 0 ? { loser, winner } : null;
}

/** Both hole cards play when dropping either one makes the hand weaker. */
function bothHoleCardsPlay(hole: readonly number[], board: readonly number[], full: number): boolean {
  return evaluateHoldem([hole[0], ...board]) < full && evaluateHoldem([hole[1], ...board]) < full;
}
