// A working copy of a state, private to one step. Copy-on-write: the draft starts by sharing
// every array of its input (structural sharing) and copies an array only the first time the step
// writes to it (through the w* functions below), so a step copies just what it changes. The
// input state is never written to; arrays shared between states are never written again.
// The draft becomes the step's new state (done): one object per step, not a draft and a copy of
// it. Its two working fields stay on the object (one shape for every state, no deleted keys):
// `events` is emptied when the step is done, so a state never holds a step's events.
import type { CardInt, HandEvent, HandResult, HandState, LogNode, NormalizedConfig, Phase, RunoutState } from './types';

export interface Draft {
  config: NormalizedConfig;
  phase: Phase;
  street: number;
  // Arrays are read-only here: write through wStacks(d)[i] = ... etc.
  stacks: readonly number[];
  bets: readonly number[];
  active: readonly boolean[];
  hole: readonly (readonly CardInt[])[];
  shown: readonly boolean[];
  board: readonly CardInt[];
  holePending: readonly number[];
  boardPending: number;
  actors: readonly number[];
  opener: number;
  raiseIncrement: number;
  acted: number;
  allInRaiseSum: number;
  raiseCount: number;
  allInShowdown: boolean;
  showdownQueue: readonly number[];
  returned: readonly number[];
  deckPos: number;
  log: LogNode | null;
  result: HandResult | null;
  extraBoards: readonly (readonly CardInt[])[];
  runout: RunoutState | null;
  /** Bitmask of the arrays this draft already owns (copied or freshly built). */
  owned: number;
  events: HandEvent[];
}

/** No further boards (every hand that does not run it twice shares it; it is never written). */
export const NO_BOARDS: readonly (readonly CardInt[])[] = Object.freeze([]);

const STACKS = 1;
const BETS = 2;
const ACTIVE = 4;
const HOLE = 8;
const SHOWN = 16;
const HOLE_PENDING = 32;
const RETURNED = 64;

export function draft(s: HandState): Draft {
  return {
    config: s.config,
    phase: s.phase,
    street: s.street,
    stacks: s.stacks,
    bets: s.bets,
    active: s.active,
    hole: s.hole,
    shown: s.shown,
    board: s.board,
    holePending: s.holePending,
    boardPending: s.boardPending,
    actors: s.actors,
    opener: s.opener,
    raiseIncrement: s.raiseIncrement,
    acted: s.acted,
    allInRaiseSum: s.allInRaiseSum,
    raiseCount: s.raiseCount,
    allInShowdown: s.allInShowdown,
    showdownQueue: s.showdownQueue,
    returned: s.returned,
    deckPos: s.deckPos,
    log: s.log,
    result: s.result,
    extraBoards: s.extraBoards,
    runout: s.runout,
    owned: 0,
    events: [],
  };
}

export function wStacks(d: Draft): number[] {
  if ((d.owned & STACKS) === 0) {
    d.stacks = d.stacks.slice();
    d.owned |= STACKS;
  }
  return d.stacks as number[];
}

export function wBets(d: Draft): number[] {
  if ((d.owned & BETS) === 0) {
    d.bets = d.bets.slice();
    d.owned |= BETS;
  }
  return d.bets as number[];
}

export function wActive(d: Draft): boolean[] {
  if ((d.owned & ACTIVE) === 0) {
    d.active = d.active.slice();
    d.owned |= ACTIVE;
  }
  return d.active as boolean[];
}

/** The list of hands (each hand itself is replaced, never written in place). */
export function wHole(d: Draft): (readonly CardInt[])[] {
  if ((d.owned & HOLE) === 0) {
    d.hole = d.hole.slice();
    d.owned |= HOLE;
  }
  return d.hole as (readonly CardInt[])[];
}

export function wShown(d: Draft): boolean[] {
  if ((d.owned & SHOWN) === 0) {
    d.shown = d.shown.slice();
    d.owned |= SHOWN;
  }
  return d.shown as boolean[];
}

export function wHolePending(d: Draft): number[] {
  if ((d.owned & HOLE_PENDING) === 0) {
    d.holePending = d.holePending.slice();
    d.owned |= HOLE_PENDING;
  }
  return d.holePending as number[];
}

export function wReturned(d: Draft): number[] {
  if ((d.owned & RETURNED) === 0) {
    d.returned = d.returned.slice();
    d.owned |= RETURNED;
  }
  return d.returned as number[];
}

/** A state's working fields once its step is done (never written). */
const NO_EVENTS: HandEvent[] = Object.freeze([]) as unknown as HandEvent[];

/** Ends the step: the draft is the new state, its events are the step's. Do not use `d` after this. */
export function done(d: Draft): { readonly ok: true; readonly state: HandState; readonly events: readonly HandEvent[] } {
  const events = d.events;
  d.events = NO_EVENTS;
  d.owned = 0;
  return { ok: true, state: d, events };
}

export function logAppend(d: Draft, entry: string): void {
  d.log = { prev: d.log, entry };
}

/** "p1".."p23": player labels for log entries and messages, built once. */
export const PLAYER_LABEL: readonly string[] = Array.from({ length: 32 }, (_, i) => `p${i + 1}`);

// Whole log entries of the moves that carry no amount, built once: no string concatenation per step.
const entries = (f: (label: string) => string): readonly string[] => PLAYER_LABEL.map(f);
export const FOLD_ENTRY = entries((p) => `${p} f`);
export const CHECK_OR_CALL_ENTRY = entries((p) => `${p} cc`);
export const MUCK_ENTRY = entries((p) => `${p} sm`);
/** "p1 cbr " and "p1 sm ", to which the amount or the cards are added. */
export const RAISE_PREFIX = entries((p) => `${p} cbr `);
export const SHOW_PREFIX = entries((p) => `${p} sm `);
/** "d dh p1 ", to which the cards dealt are added. */
export const DEAL_HOLE_PREFIX = entries((p) => `d dh ${p} `);

/** a followed by b, as a fresh array (a plain loop: cheaper than concat for a few cards). */
export function joined<T>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  for (let k = 0; k < a.length; k++) out.push(a[k]);
  for (let k = 0; k < b.length; k++) out.push(b[k]);
  return out;
}

/** The list without its first element, as a fresh array. */
export function rest<T>(a: readonly T[]): T[] {
  const out: T[] = [];
  for (let k = 1; k < a.length; k++) out.push(a[k]);
  return out;
}
