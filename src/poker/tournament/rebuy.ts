// Rebuys and the add-on (docs/tournaments.md, Rebuys and add-on): chips bought for a player
// still in. They go on the stack at once if the player's table is between hands, else after the
// hand in play (so a player who loses the hand they bought during stays in with what they bought).
// The pool grows; the prizes stay projected, since rebuys close no later than late registration.
import { projectedPrizes, registrationOpen } from './late';
import { failure, type Step, type TournamentState } from './state';
import type { PlayerId } from './types';

export function buyChips(state: TournamentState, id: PlayerId, chips: number, prizePool: number): Step {
  if (!registrationOpen(state)) return failure('REGISTRATION_CLOSED', 'rebuys and add-ons close with late registration');
  const i = state.entryIndex[id];
  const entry = i === undefined ? undefined : state.entries[i];
  if (!entry || entry.status !== 'playing') return failure('NOT_PLAYING', `entry ${id} is not in the tournament`);
  if (!Number.isSafeInteger(chips) || chips <= 0) return failure('INVALID_TOURNAMENT', 'chips must be a positive integer');
  if (!Number.isSafeInteger(prizePool) || prizePool < state.prizePool) return failure('INVALID_TOURNAMENT', 'the pool cannot shrink');
  const inHand = state.tables.some((t) => t.hand?.playerIds.includes(id));
  const entries = state.entries.slice();
  entries[i] = inHand ? { ...entry, pending: (entry.pending ?? 0) + chips } : { ...entry, chips: entry.chips + chips };
  const next: TournamentState = { ...state, entries, prizePool, prizes: projectedPrizes(state, prizePool, entries.length) };
  return { ok: true, state: next, events: [{ type: 'chips-bought', playerId: id, chips, pending: inHand }] };
}
