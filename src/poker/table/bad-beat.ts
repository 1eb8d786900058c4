// The bad-beat jackpot: when a hand qualifies (four of a kind or better loses at showdown; at
// hold'em both hole cards must play), and how the whole jackpot is shared: half to the loser, a
// quarter to the winner, a quarter among everyone else dealt in (the odd chips to the loser).
// Only no-limit hold'em and pot-limit Omaha hands qualify.
import { evaluateHoldem, handCategory } from '../eval';
import { describeLow, describeStrength, lowStrengthOf, strengthOf } from '../engine';
import type { HandRun } from './hand';

/** Who lost with what, who beat it, and who else was dealt in. */
export interface BadBeat {
  loserUserId: number;
  winnerUserId: number;
  others: number[];
}

export interface Bonus {
  userId: number;
  amount: number;
}

export function strength(run: HandRun, player: number): number {
  const s = run.state;
  return strengthOf(s.config.game, s.hole[player], s.board);
}

/** "Full house, tens over fours" for a hand shown with a complete enough board. */
export function describeShown(run: HandRun, player: number): string {
  const s = run.state;
  if (!s.shown[player] || s.board.length < 3) return '';
  const high = describeStrength(strength(run, player), s.config.game);
  if (!s.config.game.hiLo) return high;
  const low = lowStrengthOf(s.hole[player], s.board);
  return low > 0 ? `${high}; ${describeLow(low)}` : high;
}

/** The bad beat of a settled hand, if it was one: the best losing hand's player and the main pot's winner. */
export function findBadBeat(run: HandRun): BadBeat | null {
  const s = run.state;
  // Only the classic games on one board qualify (docs/table.md): the jackpot's odds are theirs.
  if (!s.result || s.board.length < 5 || (s.config.variant !== 'NT' && s.config.variant !== 'PO') || s.extraBoards.length > 0) return null;
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
    if (v > best) {
      best = v;
      loser = i;
    }
  }
  if (loser < 0) return null;
  return {
    loserUserId: run.userIds[loser],
    winnerUserId: run.userIds[winner],
    others: run.userIds.filter((_, i) => i !== loser && i !== winner),
  };
}

/** Both hole cards play when dropping either one makes the hand weaker. */
function bothHoleCardsPlay(hole: readonly number[], board: readonly number[], full: number): boolean {
  return evaluateHoldem([hole[0], ...board]) < full && evaluateHoldem([hole[1], ...board]) < full;
}

/** The whole jackpot `pool` shared out (a player both loser and "other" gets both shares, once). */
export function jackpotBonuses(pool: number, bb: BadBeat): Bonus[] {
  const loser = Math.floor(pool / 2);
  const winner = Math.floor(pool / 4);
  const rest = pool - loser - winner;
  const others = bb.others.length ? bb.others : [bb.loserUserId];
  const each = Math.floor(rest / others.length);
  const merged = new Map<number, number>();
  const add = (userId: number, amount: number) => merged.set(userId, (merged.get(userId) ?? 0) + amount);
  add(bb.loserUserId, loser + (rest - each * others.length));
  add(bb.winnerUserId, winner);
  for (const u of others) add(u, each);
  return [...merged].filter(([, amount]) => amount > 0).map(([userId, amount]) => ({ userId, amount }));
}
