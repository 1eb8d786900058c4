// The table actor's own records: the table's settings and who sits where between hands.

export interface TableConfig {
  tableId: number;
  name: string;
  variant: 'texas' | 'omaha';
  smallBlind: number;
  bigBlind: number;
  minBuyIn: number;
  maxBuyIn: number;
  maxPlayers: number;
  /** Seconds to act before the time bank starts. */
  actionTime: number;
  rakePercent: number;
  rakeCap: number;
  /** Share of each raked pot that feeds the bad-beat jackpot, in percent of the pot. */
  jackpotPercent: number;
  status: 'OPEN' | 'CLOSED';
}

export type SeatStatus = 'ACTIVE' | 'SITTING_OUT';

export interface Seat {
  seat: number;
  userId: number;
  username: string;
  isBot: boolean;
  /** Chips at the table; between hands this equals the user's table account in the ledger. */
  stack: number;
  status: SeatStatus;
  /** New or returning players wait for the big blind unless they post one. */
  waitingForBigBlind: boolean;
  /** Posts a (dead) big blind in the next hand to be dealt in at once. */
  postBlind: boolean;
  missedBlind: boolean;
  sittingOutSince: number | null;
  /** Milliseconds. */
  timeBank: number;
  handsSinceRefill: number;
  consecutiveTimeouts: number;
  /** Open sockets of this player subscribed to the table. */
  connections: number;
  leaving: boolean;
  sitOutAfterHand: boolean;
  /** Chips asked for during a hand, added when it ends. */
  pendingChips: number;
}

export const TIME_BANK_START = 30_000;
export const TIME_BANK_REFILL = 5_000;
export const TIME_BANK_MAX = 60_000;
export const HANDS_PER_REFILL = 10;
export const SIT_OUT_LIMIT_MS = 10 * 60_000;
export const TIMEOUTS_BEFORE_SIT_OUT = 2;
