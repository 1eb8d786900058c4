// A seat's life around a hand at a cash table: its chips once the hand settles (or is voided),
// the time bank's refill, the turn clock, and what each player does when the hand is over.
import type { HandRun } from './hand';
import { HANDS_PER_REFILL, TIMEOUTS_BEFORE_SIT_OUT, TIME_BANK_MAX, TIME_BANK_REFILL, type SeatState } from './types';

type Credited = Pick<SeatState, 'stack' | 'pendingChips' | 'handsSinceRefill' | 'timeBank'>;

/** The seat once its hand settled at `endStack`: plus chips bought during the hand; every tenth hand refills the time bank. */
export function settledSeat(seat: SeatState, endStack: number): Credited {
  const refill = seat.handsSinceRefill + 1 >= HANDS_PER_REFILL;
  return {
    stack: endStack + seat.pendingChips,
    pendingChips: 0,
    handsSinceRefill: refill ? 0 : seat.handsSinceRefill + 1,
    timeBank: refill ? Math.min(TIME_BANK_MAX, seat.timeBank + TIME_BANK_REFILL) : seat.timeBank,
  };
}

/** The seat once its hand was voided: back to the stack it started with (the ledger never moved). */
export function voidedSeat(seat: SeatState, startStack: number): Pick<SeatState, 'stack' | 'pendingChips'> {
  return { stack: startStack + seat.pendingChips, pendingChips: 0 };
}

/** A player's turn: the action time, then (for people) their time bank. */
export function turnClock(
  now: number,
  actionTimeSec: number,
  seat: Pick<SeatState, 'isBot' | 'timeBank'>,
): Pick<HandRun, 'turnStartedAt' | 'actionDeadline' | 'timeBankDeadline'> {
  const actionDeadline = now + actionTimeSec * 1000;
  return { turnStartedAt: now, actionDeadline, timeBankDeadline: actionDeadline + (seat.isBot ? 0 : seat.timeBank) };
}

/** The time bank left after a move made at `now`: the time past the action deadline is spent from it. */
export function timeBankAfterMove(timeBank: number, actionDeadline: number | null, now: number): number {
  if (actionDeadline === null) return timeBank;
  const over = now - actionDeadline;
  return over > 0 ? Math.max(0, timeBank - over) : timeBank;
}

/** What a seat dealt into the last hand does now: leave (cash out), or sit out or not. */
export type AfterHand = { leave: 'LEFT' | 'SIMULATION_STOPPED' } | { sitOut: boolean };

/** At a cash table: leavers go, and the busted, those timed out twice and those who asked sit out. */
export function cashAfterHand(seat: SeatState, simulation: boolean): AfterHand {
  if (seat.leaving) return { leave: seat.isBot && !simulation ? 'SIMULATION_STOPPED' : 'LEFT' };
  const busted = seat.stack === 0 && !seat.isBot;
  return { sitOut: seat.sitOutAfterHand || seat.consecutiveTimeouts >= TIMEOUTS_BEFORE_SIT_OUT || busted };
}

/** Where seats are kept (a tournament): nobody leaves; a leaver sits out (still posting) like those who asked. */
export function keptSeatAfterHand(seat: SeatState): AfterHand {
  return { sitOut: seat.leaving || seat.sitOutAfterHand || seat.consecutiveTimeouts >= TIMEOUTS_BEFORE_SIT_OUT };
}
