// Hands at a table: beginHand deals a table in (the engine's hand configuration at the current
// level), handFinished takes the result back: chips, knock-outs and places, hand-for-hand,
// balancing and table breaking, the final table and the winner.
import { blindsFor, seatingOrder } from '../engine/seating';
import type { HandConfig } from '../engine/types';
import { balanceTables } from './balance';
import { handForHandRoundComplete, isHandForHand } from './bubble';
import { closeRegistration } from './late';
import { sharePlaces, type SameHandBust } from './places';
import { nextHandButton, playerCount } from './seating';
import {
  failure,
  results,
  type Entry,
  type Failure,
  type PendingBust,
  type Step,
  type TournamentEvent,
  type TournamentState,
  type TournamentTable,
} from './state';
import { levelAt, type BlindLevel } from './structure';
import type { PlayerId } from './types';

export interface HandSetup {
  readonly tableId: number;
  /** Hand number at this table (1, 2, ...). */
  readonly handNumber: number;
  readonly button: number;
  readonly level: BlindLevel;
  /** Players in the engine's order (small blind first, the button last), with their seats. */
  readonly playerIds: readonly PlayerId[];
  readonly seats: readonly number[];
  /** Ready for the engine's createHand (no-limit hold'em). */
  readonly config: HandConfig;
}

/** Starts a hand at an idle table: the button moves one player on, blinds and antes of the current level. */
export function beginHand(state: TournamentState, tableId: number): { readonly ok: true; readonly state: TournamentState; readonly hand: HandSetup } | Failure {
  if (state.phase !== 'running') return failure('WRONG_PHASE', 'the tournament is not running');
  const table = state.tables.find((t) => t.id === tableId);
  if (!table) return failure('UNKNOWN_TABLE', `no table ${tableId}`);
  if (table.hand !== null) return failure('TABLE_BUSY', `table ${tableId} is in a hand`);
  if (playerCount(table) < 2) return failure('NOT_ENOUGH_PLAYERS', `table ${tableId} has fewer than two players`);
  const clock = levelAt(state.structure, state.elapsedMs);
  if (clock.onBreak) return failure('ON_BREAK', 'the tournament is on a break');
  if (state.handForHand && table.handForHandDone) return failure('HAND_FOR_HAND_WAIT', `table ${tableId} waits for the other tables (hand-for-hand)`);
  const button = nextHandButton(table);
  const order = seatingOrder({ seats: table.seats, button });
  const playerIds = order.players as PlayerId[];
  const startingStacks = playerIds.map((id) => state.entries[state.entryIndex[id]].chips);
  const n = playerIds.length;
  const lv = clock.level;
  const antes = new Array<number>(n).fill(lv.bigBlindAnte ? 0 : lv.ante);
  // Big-blind ante: index 1 is the big blind's (heads-up too: the engine swaps both lists).
  if (lv.bigBlindAnte) antes[1] = lv.ante;
  const config: HandConfig = { variant: 'NT', startingStacks, antes, blindsOrStraddles: blindsFor(n, lv.smallBlind, lv.bigBlind), minBet: lv.bigBlind };
  const next: TournamentTable = { ...table, button, handsDealt: table.handsDealt + 1, hand: { playerIds, seats: order.seatOrder, startingStacks } };
  const hand: HandSetup = { tableId, handNumber: next.handsDealt, button, level: lv, playerIds, seats: order.seatOrder, config };
  return { ok: true, state: { ...state, tables: state.tables.map((t) => (t.id === tableId ? next : t)) }, hand };
}

export interface HandOutcome {
  /** Stacks at the end of the hand, in the HandSetup's player order. */
  readonly stacksAfter: readonly number[];
  /** Stacks at the start, same order (checked against the state). */
  readonly startingStacks: readonly number[];
}

function outcomeProblem(table: TournamentTable, r: HandOutcome): string | null {
  const hand = table.hand;
  if (hand === null) return null;
  const n = hand.playerIds.length;
  if (r.stacksAfter?.length !== n || r.startingStacks?.length !== n) return `expected ${n} stacks before and after`;
  if (r.startingStacks.some((x, i) => x !== hand.startingStacks[i])) return 'starting stacks differ from the stacks dealt';
  if (!r.stacksAfter.every((x) => Number.isSafeInteger(x) && x >= 0)) return 'stacks must be non-negative integers';
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  if (sum(r.stacksAfter) !== sum(r.startingStacks)) return 'chips are not conserved';
  return null;
}

interface Work {
  entries: Entry[];
  tables: TournamentTable[];
  playersLeft: number;
  pending: PendingBust[];
  handForHand: boolean;
  finalTable: boolean;
  events: TournamentEvent[];
}

/** Gives places (and prizes) to players knocked out together. */
function placeBusts(w: Work, state: TournamentState, busts: readonly PendingBust[]): void {
  if (busts.length === 0) return;
  const finishes = sharePlaces(busts as readonly SameHandBust[], w.playersLeft + 1, state.prizes);
  for (const f of finishes) {
    const i = state.entryIndex[f.playerId];
    w.entries[i] = { ...w.entries[i], place: f.place, prize: f.prize, ...(f.sharedPlaces ? { sharedPlaces: f.sharedPlaces } : {}) };
    const tableId = busts.find((b) => b.playerId === f.playerId)?.tableId ?? 0;
    w.events.push({ type: 'player-busted', tableId, ...f });
  }
}

function balance(w: Work, state: TournamentState): void {
  const before = w.tables.length;
  const idle = w.tables.filter((t) => t.hand === null).map((t) => t.id);
  const r = balanceTables(w.tables, state.structure.tableSize, idle);
  if (r.moves.length === 0 && r.broken.length === 0) return;
  w.tables = r.tables as TournamentTable[];
  for (const m of r.moves) w.events.push({ type: 'player-moved', ...m });
  for (const id of r.broken) w.events.push({ type: 'table-broken', tableId: id });
  if (before > 1 && w.tables.length === 1) {
    w.finalTable = true;
    w.events.push({ type: 'final-table', tableId: w.tables[0].id, players: w.tables[0].seats.filter((p): p is PlayerId => p !== null) });
  }
}

const roundView = (tables: readonly TournamentTable[]) =>
  tables.map((t) => ({ playing: t.hand !== null, handForHandDone: t.handForHandDone, players: playerCount(t) }));
const setDone = (w: Work, done: boolean) => (w.tables = w.tables.map((t) => (t.handForHandDone === done ? t : { ...t, handForHandDone: done })));

/** Hand-for-hand bookkeeping after a hand: sync points, pooled places, switching on and off. */
function handForHandStep(w: Work, state: TournamentState): void {
  let synced = false;
  if (w.handForHand && handForHandRoundComplete(roundView(w.tables))) {
    placeBusts(w, state, w.pending);
    w.pending = [];
    setDone(w, false);
    synced = true;
  }
  if (!w.handForHand || synced) balance(w, state);
  // While late registration is open the field is not final: no bubble yet.
  const want = !state.lateReg && isHandForHand(w.playersLeft, state.prizes.length, w.tables.length, state.handForHandMargin);
  if (!w.handForHand && want) {
    // Every table finishes the hand it is in, then the first hand-for-hand round starts together.
    w.handForHand = true;
    w.events.push({ type: 'hand-for-hand-started' });
    setDone(w, true);
    if (handForHandRoundComplete(roundView(w.tables))) setDone(w, false);
  } else if (w.handForHand && !want && w.pending.length === 0) {
    w.handForHand = false;
    setDone(w, false);
    w.events.push({ type: 'hand-for-hand-ended' });
  } else if (synced && w.handForHand) w.events.push({ type: 'hand-for-hand-round' });
}

function finish(w: Work, state: TournamentState): TournamentState {
  let base: TournamentState = {
    ...state,
    entries: w.entries,
    tables: w.tables,
    playersLeft: w.playersLeft,
    pendingBusts: w.pending,
    handForHand: w.handForHand,
    finalTable: w.finalTable,
    handsPlayed: state.handsPlayed + 1,
  };
  if (w.playersLeft !== 1 || w.pending.length > 0) return base;
  // One player left while late registration was open: it closes now, the others are placed.
  if (base.lateReg) {
    const closed = closeRegistration(base);
    if (closed.ok) {
      base = closed.state;
      w.entries = base.entries.slice();
      w.events.push(...closed.events);
    }
  }
  const i = w.entries.findIndex((e) => e.status === 'playing');
  w.entries[i] = { ...w.entries[i], place: 1, prize: base.prizes[0] ?? 0 };
  const done: TournamentState = { ...base, entries: w.entries, phase: 'finished', handForHand: false };
  w.events.push({ type: 'tournament-finished', winner: w.entries[i].id, results: results(done) });
  return done;
}

/** Takes a table's hand result back. The table must be in the hand beginHand dealt. */
export function handFinished(state: TournamentState, tableId: number, outcome: HandOutcome): Step {
  if (state.phase !== 'running') return failure('WRONG_PHASE', 'the tournament is not running');
  const table = state.tables.find((t) => t.id === tableId);
  if (!table) return failure('UNKNOWN_TABLE', `no table ${tableId}`);
  if (table.hand === null) return failure('NO_HAND', `table ${tableId} is not in a hand`);
  const problem = outcomeProblem(table, outcome);
  if (problem) return failure('BAD_RESULT', problem);
  const hand = table.hand;
  const w: Work = {
    entries: state.entries.slice(),
    tables: [],
    playersLeft: state.playersLeft,
    pending: state.pendingBusts.slice(),
    handForHand: state.handForHand,
    finalTable: state.finalTable,
    events: [],
  };
  const busts: PendingBust[] = [];
  const seats = table.seats.slice();
  hand.playerIds.forEach((id, k) => {
    const i = state.entryIndex[id];
    // Chips bought during the hand go on now (and keep a player who lost it all in).
    const { pending, ...entry } = w.entries[i];
    const chips = outcome.stacksAfter[k] + (pending ?? 0);
    w.entries[i] = chips > 0 ? { ...entry, chips } : { ...entry, chips: 0, status: 'busted' };
    if (chips === 0) {
      busts.push({ playerId: id, startingStack: hand.startingStacks[k], tableId });
      seats[hand.seats[k]] = null;
    }
  });
  w.playersLeft -= busts.length;
  const updated: TournamentTable = { ...table, seats, hand: null, handForHandDone: state.handForHand };
  w.tables = state.tables.map((t) => (t.id === tableId ? updated : t));
  let late = state.lateReg;
  if (late && busts.length > 0) late = { ...late, busts: [...late.busts, busts] };
  else if (w.handForHand) w.pending.push(...busts);
  else if (!late) placeBusts(w, state, busts);
  if (late !== state.lateReg) state = { ...state, lateReg: late };
  handForHandStep(w, state);
  const next = finish(w, state);
  return { ok: true, state: next, events: w.events };
}
