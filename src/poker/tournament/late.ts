// Late registration and re-entry (docs/tournaments.md, Late registration). While it is open a new
// entry (a late registrant, or a busted player entering again under a new entry id) takes the
// worst free seat of the shortest table, the pool and the projected prizes grow, and players
// knocked out wait for their places: the field is not final, so neither are the places. It
// closes at its time or when one player is left: the prizes are fixed from the pool (or the
// guarantee) and the entries knocked out so far are placed from the bottom, each hand's together.
import { prizes as prizeAmounts } from './payouts';
import { sharePlaces } from './places';
import { playerCount, worstSeat } from './seating';
import { failure, type Entry, type Failure, type Step, type TournamentEvent, type TournamentState, type TournamentTable } from './state';
import type { PlayerId } from './types';

/** Open late registration: until which playing time, the guarantee, and the knock-outs waiting for places. */
export type { LateRegistration } from './state';

/** Whether rebuys and the add-on are on sale at the state's clock. */
export function purchaseWindow(state: TournamentState): { rebuy: boolean; addon: boolean } {
  const l = state.lateReg;
  if (!l || !l.rebuyUntilMs || state.phase !== 'running' || state.elapsedMs >= l.rebuyUntilMs) return { rebuy: false, addon: false };
  return { rebuy: true, addon: l.addonFromMs !== undefined && state.elapsedMs >= l.addonFromMs };
}

export const registrationOpen = (state: TournamentState): boolean => !!state.lateReg && state.phase === 'running';

/** The prizes as they would be if registration closed now (the guarantee counts). */
export const projectedPrizes = (state: TournamentState, pool: number, entrants: number): number[] =>
  prizeAmounts(Math.max(pool, state.lateReg?.guarantee ?? 0), entrants, state.payouts);

/** The table a new entry joins: the shortest with a free seat (the lowest id among equals). */
function shortestWithSeat(tables: readonly TournamentTable[]): TournamentTable | null {
  let best: TournamentTable | null = null;
  for (const t of tables) {
    const n = playerCount(t);
    if (n < t.seats.length && (best === null || n < playerCount(best))) best = t;
  }
  return best;
}

/**
 * A new entry with the starting stack. `prizePool` is the pool with its buy-in. When every table is
 * full the entry needs a new table: without `newTableId` the answer is NEED_TABLE, and the caller
 * creates one and asks again. The new entry is dealt in from the table's next hand.
 */
export function addEntry(state: TournamentState, id: PlayerId, prizePool: number, newTableId?: number): Step {
  if (!registrationOpen(state)) return failure('REGISTRATION_CLOSED', 'late registration is closed');
  if (state.entryIndex[id] !== undefined) return failure('INVALID_TOURNAMENT', `entry ${id} is in the tournament already`);
  if (!Number.isSafeInteger(prizePool) || prizePool < state.prizePool) return failure('INVALID_TOURNAMENT', 'the pool cannot shrink');
  const size = state.structure.tableSize;
  let tables: TournamentTable[];
  let toTable: number;
  let toSeat: number;
  const table = shortestWithSeat(state.tables);
  if (table) {
    toTable = table.id;
    toSeat = worstSeat(table, id)!;
    tables = state.tables.map((t) => (t.id === table.id ? { ...t, seats: t.seats.map((p, i) => (i === toSeat ? id : p)) } : t));
  } else {
    if (newTableId === undefined) return failure('NEED_TABLE', 'every table is full');
    if (state.tables.some((t) => t.id === newTableId)) return failure('INVALID_TOURNAMENT', `table ${newTableId} exists`);
    toTable = newTableId;
    toSeat = 0;
    const seats = new Array<PlayerId | null>(size).fill(null);
    seats[0] = id;
    tables = [...state.tables, { id: newTableId, seats, button: 0, handsDealt: 0, hand: null, handForHandDone: false }];
  }
  const entry: Entry = { id, chips: state.structure.startingStack, status: 'playing', place: null, prize: 0 };
  const entries = [...state.entries, entry];
  const next: TournamentState = {
    ...state,
    entries,
    entryIndex: { ...state.entryIndex, [id]: state.entries.length },
    tables,
    playersLeft: state.playersLeft + 1,
    prizePool,
    prizes: projectedPrizes(state, prizePool, entries.length),
    finalTable: tables.length === 1,
  };
  const events: TournamentEvent[] = [{ type: 'player-entered', playerId: id, tableId: toTable, seat: toSeat, entrants: entries.length }];
  return { ok: true, state: next, events };
}

/**
 * Registration closes: the prize pool is the buy-ins or the guarantee (the caller pays the
 * overlay in the same transaction), the prizes are fixed, and the entries knocked out while it was
 * open get their places, the first out last.
 */
export function closeRegistration(state: TournamentState): Step | Failure {
  const late = state.lateReg;
  if (!late) return failure('REGISTRATION_CLOSED', 'late registration is closed');
  const pool = Math.max(state.prizePool, late.guarantee);
  const prizes = prizeAmounts(pool, state.entries.length, state.payouts);
  const entries = state.entries.slice();
  const events: TournamentEvent[] = [{ type: 'registration-closed', entrants: entries.length, prizePool: pool, paidPlaces: prizes.length }];
  let below = entries.length + 1;
  for (const group of late.busts) {
    below -= group.length;
    for (const f of sharePlaces(group, below, prizes)) {
      const i = state.entryIndex[f.playerId];
      entries[i] = { ...entries[i], place: f.place, prize: f.prize, ...(f.sharedPlaces ? { sharedPlaces: f.sharedPlaces } : {}) };
      const tableId = group.find((b) => b.playerId === f.playerId)?.tableId ?? 0;
      events.push({ type: 'player-busted', tableId, ...f });
    }
  }
  return { ok: true, state: { ...state, entries, prizePool: pool, prizes, lateReg: null }, events };
}
