// The hand's state machine, following pokerkit's phase order exactly:
// antes -> collection -> blinds -> hole dealing -> betting -> collection -> (dealing -> betting)*
// -> showdown (right after the betting when everyone is all-in, before the run-out) -> settlement.
// Hot path: plain loops, no closures, arrays copied only when written (see draft.ts).
import { CHECK_OR_CALL_ENTRY, logAppend, wBets, wHolePending, wReturned, wStacks, type Draft } from './draft';
import type { RunoutState } from './types';

export const BOARD_COUNTS = [0, 3, 1, 1];
export const LAST_STREET = 3;

export function activeCount(d: { active: readonly boolean[] }): number {
  const a = d.active;
  let k = 0;
  for (let i = 0; i < a.length; i++) if (a[i]) k++;
  return k;
}

export function maxOf(xs: readonly number[]): number {
  let m = 0;
  for (let i = 0; i < xs.length; i++) if (xs[i] > m) m = xs[i];
  return m;
}

/** Second-largest stack+bet among live players (-1 when fewer than two). */
function secondLargestTotal(d: { active: readonly boolean[]; stacks: readonly number[]; bets: readonly number[] }): number {
  let first = -1;
  let second = -1;
  for (let j = 0; j < d.active.length; j++) {
    if (!d.active[j]) continue;
    const t = d.stacks[j] + d.bets[j];
    if (t > first) {
      second = first;
      first = t;
    } else if (t > second) second = t;
  }
  return second;
}

/**
 * What the player can still put in that someone else can match: pokerkit's effective stack
 * (second-largest stack+bet among live players, minus own bet, capped by own stack).
 */
export function effectiveStack(d: { active: readonly boolean[]; stacks: readonly number[]; bets: readonly number[] }, i: number): number {
  if (!d.active[i]) return 0;
  return Math.min(d.stacks[i], Math.max(0, secondLargestTotal(d) - d.bets[i]));
}

export function beginBetting(d: Draft): void {
  if (d.street === 0 && d.config.bombPot) return skipBombPotRound(d);
  const n = d.config.n;
  // The first to act sits left of the largest bet (the last one on ties): left of the big blind
  // or the last straddle preflop, p1 afterwards.
  const skip = d.street === 0 ? d.config.offPositionPosts : 0;
  const bets = d.bets;
  let maxIdx = 0;
  let maxBet = -1;
  let top = 0;
  for (let i = 0; i < n; i++) {
    if (bets[i] > top) top = bets[i];
    const b = skip & (1 << i) ? 0 : bets[i];
    if (b >= maxBet) {
      maxBet = b;
      maxIdx = i;
    }
  }
  const opener = maxIdx + 1 === n ? 0 : maxIdx + 1;
  d.opener = opener;
  const second = secondLargestTotal(d);
  const actors: number[] = [];
  let live = 0;
  for (let k = 0, i = opener; k < n; k++, i = i + 1 === n ? 0 : i + 1) {
    if (!d.active[i]) continue;
    live++;
    // Has chips, and an effective stack > 0 (someone else can match something more).
    if (d.stacks[i] > 0 && second - bets[i] > 0) actors.push(i);
  }
  d.actors = actors;
  d.raiseIncrement = 0;
  d.raiseCount = 0;
  d.acted = 0;
  d.allInRaiseSum = 0;
  d.phase = 'betting';
  const lone = actors.length === 1 && bets[actors[0]] >= top;
  if (actors.length === 0 || live <= 1 || lone) endBetting(d);
  else d.events.push({ type: 'turn', player: actors[0] });
}

/**
 * A bomb pot has no betting before the flop. The hand history still shows the round a PHH reader
 * expects (no blinds, so everyone who could act checks: `pN cc`), which is what makes the same
 * finishing stacks in any reader (docs/engine.md, "Bomb pots").
 */
function skipBombPotRound(d: Draft): void {
  const n = d.config.n;
  const second = secondLargestTotal(d);
  const actors: number[] = [];
  for (let i = 0; i < n; i++) if (d.active[i] && d.stacks[i] > 0 && second - d.bets[i] > 0) actors.push(i);
  // As beginBetting: a lone player with chips does not act (nobody can match a bet).
  if (actors.length > 1) for (const i of actors) logAppend(d, CHECK_OR_CALL_ENTRY[i]);
  d.phase = 'betting';
  d.raiseIncrement = 0;
  d.raiseCount = 0;
  d.acted = 0;
  d.allInRaiseSum = 0;
  d.opener = 0;
  endBetting(d);
}

/** After an action: the round ends when nobody is left to act or only one player holds cards. */
export function afterAction(d: Draft): void {
  if (d.actors.length === 0 || activeCount(d) <= 1) endBetting(d);
  else d.events.push({ type: 'turn', player: d.actors[0] });
}

function endBetting(d: Draft): void {
  d.actors = [];
  const n = d.config.n;
  let live = 0;
  let withChips = 0;
  let someoneAllIn = false;
  for (let i = 0; i < n; i++) {
    if (d.stacks[i] === 0) someoneAllIn = true;
    if (d.active[i]) {
      live++;
      if (d.stacks[i] > 0) withChips++;
    }
  }
  if (live > 1 && withChips <= 1) d.allInShowdown = true;
  if (d.street === LAST_STREET && someoneAllIn) d.allInShowdown = true;
  collectBets(d);
  if (live === 1) toSettlement(d);
  else if (d.street === LAST_STREET || d.allInShowdown) beginShowdown(d);
  else beginDealing(d, d.street + 1);
}

/** Moves the round's bets into the pot, returning the part nobody called. */
export function collectBets(d: Draft, trim = true): void {
  const n = d.config.n;
  const b0 = d.bets;
  let first = 0;
  let second = 0;
  for (let i = 0; i < n; i++) {
    const b = b0[i];
    if (b > first) {
      second = first;
      first = b;
    } else if (b > second) second = b;
  }
  if (first === 0) return;
  const bets = wBets(d);
  // The part of the largest bet nobody matched goes back (also when everyone else folded).
  if (trim) {
    for (let i = 0; i < n; i++) {
      if (bets[i] > second) {
        const amount = bets[i] - second;
        bets[i] = second;
        wStacks(d)[i] += amount;
        wReturned(d)[i] += amount;
        d.events.push({ type: 'uncalled-returned', player: i, amount });
      }
    }
  }
  let pot = 0;
  for (let i = 0; i < n; i++) {
    pot += bets[i];
    bets[i] = 0;
  }
  d.events.push({ type: 'bets-collected', street: d.street, pot });
}

export function beginDealing(d: Draft, street: number): void {
  d.street = street;
  d.phase = 'dealing';
  if (street === 0) {
    const pending = wHolePending(d);
    for (let i = 0; i < d.config.n; i++) pending[i] = d.active[i] ? d.config.holeCount : 0;
    d.boardPending = 0;
  } else {
    d.boardPending = BOARD_COUNTS[street];
  }
}

/** Called after each dealing step: betting starts once nothing more is owed. */
export function afterDeal(d: Draft): void {
  if (d.boardPending > 0) return;
  const p = d.holePending;
  for (let i = 0; i < p.length; i++) if (p[i] > 0) return;
  beginBetting(d);
}

export function beginShowdown(d: Draft): void {
  const n = d.config.n;
  d.phase = 'showdown';
  const queue: number[] = [];
  for (let k = 0, i = d.opener; k < n; k++, i = i + 1 === n ? 0 : i + 1) if (d.active[i] && !d.shown[i]) queue.push(i);
  d.showdownQueue = queue;
  if (queue.length > 0) d.events.push({ type: 'showdown-started', order: queue.slice() });
  offerRunouts(d);
  afterShow(d);
}

/**
 * Run it twice (pokerkit's runout-count selection, cash-game mode): offered once, at the first
 * showdown, when board cards are still to come; every player still in chooses.
 */
function offerRunouts(d: Draft): void {
  if (!d.config.runItTwice || d.runout !== null || d.street >= LAST_STREET || activeCount(d) < 2) return;
  const pending = d.active.slice();
  d.runout = { pending, choice: null, done: false, left: 0, street: -1 };
  const players: number[] = [];
  for (let i = 0; i < pending.length; i++) if (pending[i]) players.push(i);
  d.events.push({ type: 'runout-choice', players });
}

function runoutChoicePending(d: Draft): boolean {
  if (d.runout === null) return false;
  const p = d.runout.pending;
  for (let i = 0; i < p.length; i++) if (p[i]) return true;
  return false;
}

/** The choice closes with the showdown: the agreed count, else one run-out. */
function closeRunouts(d: Draft): void {
  const r = d.runout;
  if (r === null || r.done) return;
  const count = r.choice ?? 1;
  d.runout = count > 1 ? { ...r, done: true, left: count - 1, street: d.street + 1 } : { ...r, done: true };
  d.events.push({ type: 'runouts-agreed', count });
}

export function afterShow(d: Draft): void {
  // Once all others have mucked, the last live hand wins without showing.
  if (activeCount(d) <= 1) return toSettlement(d);
  if (d.showdownQueue.length > 0 || runoutChoicePending(d)) return;
  closeRunouts(d);
  if (d.allInShowdown && d.street < LAST_STREET) beginDealing(d, d.street + 1);
  else if (d.runout !== null && d.runout.left > 0) nextRunout(d, d.runout);
  else toSettlement(d);
}

/** Board cards dealt before the given street (0, 3, 4). */
const cardsBefore = (street: number): number => (street <= 1 ? 0 : street + 1);

/** The next run-out: a new board with the cards dealt before the all-in, dealt from the street after it. */
function nextRunout(d: Draft, r: RunoutState): void {
  d.runout = { ...r, left: r.left - 1 };
  d.extraBoards = [...d.extraBoards, d.board.slice(0, cardsBefore(r.street))];
  beginDealing(d, r.street);
}

function toSettlement(d: Draft): void {
  d.phase = 'settlement';
  d.actors = [];
  d.showdownQueue = [];
}
