// A seat as it is taken: by a player (waiting for the big blind where a game is going), by a
// house bot (dealt in at once, no time bank), or as a new owner finds it after a takeover.
import { TIME_BANK_START } from '../../poker/table';
import type { Seat } from './types';

export function newSeat(
  who: { seat: number; userId: number; username: string; avatar?: string | null; isBot: boolean },
  stack: number,
  connections: number,
  waitingForBigBlind: boolean,
  timeBank = TIME_BANK_START,
): Seat {
  return {
    ...who,
    stack,
    status: 'ACTIVE',
    waitingForBigBlind,
    postBlind: false,
    missedBlind: false,
    sittingOutSince: null,
    timeBank,
    handsSinceRefill: 0,
    consecutiveTimeouts: 0,
    connections,
    leaving: false,
    sitOutAfterHand: false,
    pendingChips: 0,
  };
}
