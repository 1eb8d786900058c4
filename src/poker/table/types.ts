// The cash table's own data: its rules (blinds, game, house cut) and a seat as the rules see it.
// Plain data in and out; the server adds who the player is and their sockets.

import type { GameCode } from '../engine';

/** A table's game: the engine's game code (NT no-limit hold'em, PO pot-limit Omaha, ...). */
export type TableGame = GameCode;

/** Where a table's straddle is posted: nowhere, under the gun, or by the button. */
export type TableStraddle = 'off' | 'utg' | 'button';

/** What the rules need of a table's settings. */
export interface TableRules {
  variant: TableGame;
  smallBlind: number;
  /** Also the fixed-limit small bet; the big bet is twice it. */
  bigBlind: number;
  /** Every player's ante each hand (0: none). */
  ante?: number;
  /** A straddle of twice the big blind, posted by the player in that position (three players or more). */
  straddle?: TableStraddle;
  /** Run it twice is offered when the betting ends all-in before the river. */
  runItTwice?: boolean;
  /** Every Nth hand of the table is a bomb pot (0 or absent: never). */
  bombPotEvery?: number;
  /** Percent of each pot the house takes (no flop, no drop), up to `rakeCap` a hand. */
  rakePercent: number;
  rakeCap: number;
  /** Share of each raked pot that feeds the bad-beat jackpot, in percent of the pot. */
  jackpotPercent: number;
}

export type SeatStatus = 'ACTIVE' | 'SITTING_OUT';

/** A seat between and during hands, as the table's rules read and change it. */
export interface SeatState {
  seat: number;
  userId: number;
  isBot: boolean;
  /** Chips at the table; between hands equal to the player's table account in the ledger. */
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
  leaving: boolean;
  sitOutAfterHand: boolean;
  /** Chips asked for during a hand, added when it ends. */
  pendingChips: number;
  /** Straddles when the table's straddle seat (under the gun or the button) comes to this player. */
  straddle?: boolean;
}

export const TIME_BANK_START = 30_000;
export const TIME_BANK_REFILL = 5_000;
export const TIME_BANK_MAX = 60_000;
export const HANDS_PER_REFILL = 10;
export const SIT_OUT_LIMIT_MS = 10 * 60_000;
export const TIMEOUTS_BEFORE_SIT_OUT = 2;
