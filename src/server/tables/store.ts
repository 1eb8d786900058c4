// What a table actor needs from the database: money moves through the ledger, hands are
// recorded. The actor never touches SQL itself, so its rules can be read without it.
import type { Bonus, Settlement } from '../../poker/table';
import type { SeatedPlayer } from './types';

export type { SettlementPlayer } from '../../poker/table';

/** What a hand commits to at its start (besides the server seed's hash). */
export interface HandCommitments {
  cardsRoot: string;
  entropy: Array<{ seat: number; entropy: string }>;
}

/** What a hand's start records besides its stacks: the commitments and the button's seat. */
export type HandStart = HandCommitments & { button?: number };

/**
 * A seat found in the database by an instance taking a table over: the avatar as stored now (a new
 * owner shows the one the player has at the takeover), the table account as the stack (with the
 * chips added during a voided hand).
 */
export type AdoptedSeat = SeatedPlayer & { straddle?: boolean };

/** A hand's settlement (src/poker/table) at its table, as the owner writes it. */
export interface HandSettlement extends Settlement {
  tableId: number;
  /** The owner's lease epoch (the database refuses a stale one); set by the fenced store. */
  epoch?: number | null;
}

export interface SettlementResult {
  /** Jackpot balance after the hand. */
  jackpot: number;
  /** Bonuses paid from the jackpot, by user. */
  bonuses: Bonus[];
}

export interface TableStore {
  /** Wallet -> table (BUY_IN), or the house bots account -> table for a bot. */
  buyIn(tableId: number, userId: number, amount: number, isBot: boolean, key: string): Promise<void>;
  /** Wallet -> table between hands (IN_PLAY_RECHARGE). */
  addChips(tableId: number, userId: number, amount: number, isBot: boolean, key: string): Promise<void>;
  /** Table -> wallet (LEAVE_SEAT), or back to the bots account; nothing when amount is 0. */
  cashOut(tableId: number, userId: number, amount: number, isBot: boolean, key: string): Promise<void>;
  seatTaken(tableId: number, seat: number, userId: number, isBot: boolean): Promise<void>;
  seatFreed(tableId: number, userId: number): Promise<void>;
  /**
   * Records the hand with the stacks it starts from and its fairness commitments (the server
   * seed's hash, the dealt cards' Merkle root, the players' entropy); returns its id.
   */
  startHand(
    tableId: number,
    handNumber: number,
    seedHash: string,
    players: Array<{ userId: number; seat: number; stack: number }>,
    fair?: HandStart,
  ): Promise<number>;
  /** Stacks, rake, jackpot and the hand record in one transaction. */
  settleHand(settlement: HandSettlement): Promise<SettlementResult>;
  /**
   * A hand that could not settle is void: its stacks stay as they were at its start. False if the
   * hand was not running (it settled after all: its commit's answer was lost).
   */
  voidHand(handId: number, reason: string, tableId: number): Promise<boolean>;
  /** House bots on or off: kept so that an instance taking the table over goes on with them. */
  setSimulation(tableId: number, on: boolean): Promise<void>;
  /** A seated player's straddle choice, kept likewise. */
  setStraddle(tableId: number, userId: number, on: boolean): Promise<void>;
  /** House bot users, created on first use. */
  botUsers(count: number): Promise<Array<{ userId: number; username: string }>>;
  /** The last hand number played at the table (hand numbers keep counting across restarts). */
  lastHandNumber(tableId: number): Promise<number>;
  /** The button's seat in the table's last hand, if recorded. */
  lastButton(tableId: number): Promise<number | null>;
}
