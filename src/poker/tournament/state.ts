// The tournament as one plain-data value, its creation, the start (the draw) and the clock.
// Hands are in hand.ts. Every transition returns a new state and events; problems are returned
// values ({ ok: false, error }), never throws.
import type { RandomInt } from '../fair/shuffle';
import { DEFAULT_PAYOUT_TABLE, prizes as prizeAmounts, validatePayoutTable, type PayoutTable } from './payouts';
import type { Finish } from './places';
import { drawSeats, playerCount, type InitialDraw } from './seating';
import { isBreak, levelAt, validateStructure, type BlindLevel, type TournamentStructure } from './structure';
import type { PlayerId, SeatMove, TableSeats } from './types';

export interface Entry {
  readonly id: PlayerId;
  readonly chips: number;
  /** 'busted' with place null: out during hand-for-hand, place given at the sync point. */
  readonly status: 'playing' | 'busted';
  readonly place: number | null;
  readonly prize: number;
  readonly sharedPlaces?: readonly [number, number];
  /** Chips bought (rebuy, add-on) during a hand the player is in: added when it ends. */
  readonly pending?: number;
}

/** The hand being played at a table, as dealt by beginHand. */
export interface TableHand {
  /** Players in the hand's order (PHH: small blind first, the button last). */
  readonly playerIds: readonly PlayerId[];
  readonly seats: readonly number[];
  readonly startingStacks: readonly number[];
}

export interface TournamentTable extends TableSeats {
  readonly hand: TableHand | null;
  readonly handForHandDone: boolean;
}

export interface PendingBust {
  readonly playerId: PlayerId;
  readonly startingStack: number;
  readonly tableId: number;
}

/** Late registration while it is open: when it closes, the guarantee, the busts waiting to be placed. */
export interface LateRegistration {
  readonly untilMs: number;
  readonly guarantee: number;
  /** One group per hand, in the order they happened. */
  readonly busts: readonly (readonly PendingBust[])[];
  /** Rebuys are sold until this much playing time, the add-on from `addonFromMs` until then (rebuy.ts). */
  readonly rebuyUntilMs?: number;
  readonly addonFromMs?: number;
}

export interface TournamentState {
  readonly version: 1;
  readonly phase: 'created' | 'running' | 'finished';
  readonly structure: TournamentStructure;
  readonly payouts: PayoutTable;
  readonly prizePool: number;
  /** Prize per place, index 0 = 1st; fixed at creation from the pool and the field. */
  readonly prizes: readonly number[];
  readonly handForHandMargin: number;
  readonly entries: readonly Entry[];
  /** Player id -> index in `entries` (fixed once created). */
  readonly entryIndex: Readonly<Record<PlayerId, number>>;
  /** Tables still in play, by id. */
  readonly tables: readonly TournamentTable[];
  /** Players not knocked out. */
  readonly playersLeft: number;
  /** Playing time counted so far (pauses not counted: the caller's clock). */
  readonly elapsedMs: number;
  /** Structure entry (level or break) last announced. */
  readonly clockEntry: number;
  readonly handsPlayed: number;
  readonly handForHand: boolean;
  /** Knocked out since the last hand-for-hand sync point, in the order reported. */
  readonly pendingBusts: readonly PendingBust[];
  readonly finalTable: boolean;
  /** Open late registration (late.ts); absent or null once closed, or when there is none. */
  readonly lateReg?: LateRegistration | null;
}

export type TournamentEvent =
  | { readonly type: 'tournament-started'; readonly entrants: number; readonly tables: number; readonly prizePool: number; readonly paidPlaces: number }
  | { readonly type: 'level-started'; readonly entryIndex: number; readonly level: BlindLevel }
  | { readonly type: 'break-started'; readonly entryIndex: number; readonly breakSec: number }
  | ({ readonly type: 'player-busted'; readonly tableId: number } & Finish)
  | ({ readonly type: 'player-moved' } & SeatMove)
  | { readonly type: 'table-broken'; readonly tableId: number }
  | { readonly type: 'final-table'; readonly tableId: number; readonly players: readonly PlayerId[] }
  | { readonly type: 'hand-for-hand-started' }
  | { readonly type: 'hand-for-hand-round' }
  | { readonly type: 'hand-for-hand-ended' }
  | { readonly type: 'player-entered'; readonly playerId: PlayerId; readonly tableId: number; readonly seat: number; readonly entrants: number }
  | { readonly type: 'chips-bought'; readonly playerId: PlayerId; readonly chips: number; readonly pending: boolean }
  | { readonly type: 'registration-closed'; readonly entrants: number; readonly prizePool: number; readonly paidPlaces: number }
  | { readonly type: 'tournament-finished'; readonly winner: PlayerId; readonly results: readonly Finish[] };

export type TournamentErrorCode =
  | 'INVALID_TOURNAMENT'
  | 'WRONG_PHASE'
  | 'UNKNOWN_TABLE'
  | 'TABLE_BUSY'
  | 'NO_HAND'
  | 'NOT_ENOUGH_PLAYERS'
  | 'ON_BREAK'
  | 'HAND_FOR_HAND_WAIT'
  | 'BAD_RESULT'
  | 'BAD_CLOCK'
  | 'REGISTRATION_CLOSED'
  | 'NEED_TABLE'
  | 'NOT_PLAYING';

export interface TournamentError {
  readonly code: TournamentErrorCode;
  readonly message: string;
}

export type Failure = { readonly ok: false; readonly error: TournamentError };
export type Step = { readonly ok: true; readonly state: TournamentState; readonly events: readonly TournamentEvent[] } | Failure;

export const failure = (code: TournamentErrorCode, message: string): Failure => ({ ok: false, error: { code, message } });

export interface TournamentOptions {
  readonly structure: TournamentStructure;
  /** Default: DEFAULT_PAYOUT_TABLE. */
  readonly payouts?: PayoutTable;
  /** Integer tugrik shared among the places paid. */
  readonly prizePool: number;
  readonly players: readonly PlayerId[];
  /** Hand-for-hand while players left <= paid + margin (default 1). */
  readonly handForHandMargin?: number;
  /** Late registration (and re-entry) until this much playing time; the prizes are fixed when it closes. */
  readonly lateRegistration?: { readonly untilMs: number; readonly guarantee: number; readonly rebuyUntilMs?: number; readonly addonFromMs?: number };
}

/** A tournament before the draw; every problem with the options comes back as INVALID_TOURNAMENT. */
export function createTournament(o: TournamentOptions): { readonly ok: true; readonly state: TournamentState } | Failure {
  const errors: string[] = [];
  const s = validateStructure(o.structure);
  if (!s.ok) errors.push(...s.errors);
  const payouts = o.payouts ?? DEFAULT_PAYOUT_TABLE;
  const p = validatePayoutTable(payouts);
  if (!p.ok) errors.push(...p.errors);
  if (!Number.isSafeInteger(o.prizePool) || o.prizePool < 0) errors.push('prize pool must be a non-negative integer');
  if (!Array.isArray(o.players) || o.players.length < 2) errors.push('a tournament needs at least two players');
  else if (new Set(o.players).size !== o.players.length) errors.push('a player is registered twice');
  const margin = o.handForHandMargin ?? 1;
  if (!Number.isSafeInteger(margin) || margin < 1) errors.push('hand-for-hand margin must be a positive integer');
  const late = o.lateRegistration;
  if (late && !(Number.isSafeInteger(late.untilMs) && late.untilMs > 0 && Number.isSafeInteger(late.guarantee) && late.guarantee >= 0))
    errors.push('late registration needs a positive time and a non-negative guarantee');
  if (errors.length > 0) return failure('INVALID_TOURNAMENT', errors.join('; '));
  const entryIndex: Record<PlayerId, number> = {};
  o.players.forEach((id, i) => (entryIndex[id] = i));
  const state: TournamentState = {
    version: 1,
    phase: 'created',
    structure: o.structure,
    payouts,
    prizePool: o.prizePool,
    prizes: prizeAmounts(late ? Math.max(o.prizePool, late.guarantee) : o.prizePool, o.players.length, payouts),
    handForHandMargin: margin,
    entries: o.players.map((id) => ({ id, chips: o.structure.startingStack, status: 'playing', place: null, prize: 0 })),
    entryIndex,
    tables: [],
    playersLeft: o.players.length,
    elapsedMs: 0,
    clockEntry: 0,
    handsPlayed: 0,
    handForHand: false,
    pendingBusts: [],
    finalTable: false,
    lateReg: late ? { ...late, busts: [] } : null,
  };
  return { ok: true, state };
}

function drawProblem(state: TournamentState, draw: InitialDraw): string | null {
  const seen = new Set<PlayerId>();
  for (const t of draw.tables) {
    if (t.seats.length !== state.structure.tableSize) return `table ${t.id} has ${t.seats.length} seats, not ${state.structure.tableSize}`;
    if (t.seats[t.button] == null) return `table ${t.id}: the button seat is empty`;
    for (const p of t.seats) {
      if (p === null) continue;
      if (seen.has(p) || state.entryIndex[p] === undefined) return `player ${p} is seated twice or not registered`;
      seen.add(p);
    }
  }
  return seen.size === state.entries.length ? null : 'not every player is seated';
}

/** Seats everyone (a random draw with the injected source, or a draw made beforehand) and starts level 1. */
export function start(state: TournamentState, draw: RandomInt | InitialDraw): Step {
  if (state.phase !== 'created') return failure('WRONG_PHASE', 'the tournament has already started');
  const d =
    typeof draw === 'function'
      ? drawSeats(
          state.entries.map((e) => e.id),
          state.structure.tableSize,
          draw,
        )
      : draw;
  const problem = drawProblem(state, d);
  if (problem) return failure('INVALID_TOURNAMENT', problem);
  const tables: TournamentTable[] = [...d.tables]
    .sort((a, b) => a.id - b.id)
    .map((t) => ({ id: t.id, seats: t.seats.slice(), button: t.button, handsDealt: 0, hand: null, handForHandDone: false }));
  const next: TournamentState = { ...state, phase: 'running', tables, finalTable: tables.length === 1 };
  const events: TournamentEvent[] = [
    { type: 'tournament-started', entrants: state.entries.length, tables: tables.length, prizePool: state.prizePool, paidPlaces: state.prizes.length },
  ];
  const clock = setClock(next, state.elapsedMs);
  const first = state.structure.levels[0] as BlindLevel;
  events.push({ type: 'level-started', entryIndex: 0, level: first });
  return clock.ok ? { ok: true, state: clock.state, events: [...events, ...clock.events] } : clock;
}

/** Moves the level clock to `elapsedMs` of playing time; announces each level or break reached. */
export function setClock(state: TournamentState, elapsedMs: number): Step {
  if (!Number.isFinite(elapsedMs) || elapsedMs < state.elapsedMs) return failure('BAD_CLOCK', 'the clock cannot go back');
  const now = levelAt(state.structure, elapsedMs).entryIndex;
  const events: TournamentEvent[] = [];
  for (let i = state.clockEntry + 1; i <= now; i++) {
    const e = state.structure.levels[i];
    events.push(isBreak(e) ? { type: 'break-started', entryIndex: i, breakSec: e.breakSec } : { type: 'level-started', entryIndex: i, level: e });
  }
  return { ok: true, state: { ...state, elapsedMs, clockEntry: now }, events };
}

export const entryOf = (state: TournamentState, id: PlayerId): Entry | undefined => {
  const i = state.entryIndex[id];
  return i === undefined ? undefined : state.entries[i];
};

/** The table and seat of a player still seated, or null. */
export function seatOf(state: TournamentState, id: PlayerId): { tableId: number; seat: number } | null {
  for (const t of state.tables) {
    const seat = t.seats.indexOf(id);
    if (seat >= 0) return { tableId: t.id, seat };
  }
  return null;
}

/** Tables not in a hand (where balancing may take players). */
export const idleTableIds = (state: TournamentState): number[] => state.tables.filter((t) => t.hand === null).map((t) => t.id);

/** Tables that may deal a hand now (idle, two players or more, not waiting for hand-for-hand, not on a break). */
export function readyTableIds(state: TournamentState): number[] {
  if (state.phase !== 'running' || levelAt(state.structure, state.elapsedMs).onBreak) return [];
  return state.tables.filter((t) => t.hand === null && playerCount(t) >= 2 && !(state.handForHand && t.handForHandDone)).map((t) => t.id);
}

/** Chips of all players still in (constant: tournaments take no rake). */
export const chipsInPlay = (state: TournamentState): number => state.entries.reduce((n, e) => n + e.chips, 0);

/** Finishes so far, best place first (the winner once the tournament is over). */
export function results(state: TournamentState): Finish[] {
  return state.entries
    .filter((e) => e.place !== null)
    .map((e) =>
      e.sharedPlaces
        ? { playerId: e.id, place: e.place as number, prize: e.prize, sharedPlaces: e.sharedPlaces }
        : { playerId: e.id, place: e.place as number, prize: e.prize },
    )
    .sort((a, b) => a.place - b.place);
}
