// What one viewer sees of a table. Built per viewer by the server: hole cards appear only for the
// viewer's own seat or once shown at showdown, so a view can be sent as it is.

import type { GameCode } from '../../poker/engine/types';

/** The table's game: the engine's code (NT, PO, PO5, PO/8, ...; src/poker/engine/games.ts). */
export type Variant = GameCode;
export type Street = 'PREFLOP' | 'FLOP' | 'TURN' | 'RIVER' | 'SHOWDOWN';
export type SeatState = 'WAITING' | 'PLAYING' | 'FOLDED' | 'ALL_IN' | 'SITTING_OUT';

export interface SeatView {
  seat: number;
  userId: number;
  username: string;
  /** Announced: straddles when the table's straddle seat comes to this player (absent: no). */
  straddle?: boolean;
  /**
   * The player's avatar id (src/shared/avatars.ts) as it was when they sat down; null or absent:
   * the initials (bots never have one). A change in the profile shows from the next sit.
   */
  avatar?: string | null;
  isBot: boolean;
  stack: number;
  /** Chips put in during the current betting round. */
  bet: number;
  state: SeatState;
  connected: boolean;
  /** Dealt in this hand and still holding cards (face down for others). */
  hasCards: boolean;
  /** Card codes ('As'); only the viewer's own, or cards shown at showdown. */
  cards: string[] | null;
  /** Milliseconds left in the time bank. */
  timeBank: number;
  /** Missed a big blind while sitting out: must post or wait for the big blind. */
  missedBlind: boolean;
  /** Leaves (or sits out) when the current hand ends. */
  leaving: boolean;
}

export interface PotView {
  amount: number;
  /** Seats that can still win this pot. */
  seats: number[];
}

export interface LegalView {
  canFold: boolean;
  canCheck: boolean;
  /** Chips needed to call; 0 when checking is possible. */
  callAmount: number;
  callIsAllIn: boolean;
  canBet: boolean;
  canRaise: boolean;
  /** Bet or raise TO amounts for this street (street totals); null when no bet/raise is possible. */
  minRaiseTo: number | null;
  maxRaiseTo: number | null;
  /** Run it twice: the player is asked for the number of run-outs (1 or 2), not to bet. */
  runout?: boolean;
}

/** A player's entropy mixed into a hand's shuffle (32 bytes as 64 hex digits). */
export interface EntropyView {
  seat: number;
  entropy: string;
}

/**
 * Proof that `card` was at `position` of the deck committed to by the hand's `cardsRoot`
 * (src/poker/fair/commit.ts, `verifyOpening`). Sent only to viewers who may see that card.
 */
export interface CardOpeningView {
  position: number;
  card: string;
  salt: string;
  proof: string[];
}

export interface HandView {
  handId: number;
  handNumber: number;
  /** SHA-256 of the server seed, committed a hand ahead (the table's `nextSeedHash` then). */
  seedHash: string;
  /** Merkle root over the salted cards of the deck, published before the deal. */
  cardsRoot: string;
  /** The players' entropy mixed with the server seed into this hand's deck seed, by seat. */
  entropy: EntropyView[];
  street: Street;
  board: string[];
  /** Run it twice: the second board (its cards from the street the all-in happened on). */
  board2?: string[];
  /** Everyone anted and play starts on the flop. */
  bombPot?: boolean;
  /** Pots collected from previous streets (bets of the current street are on the seats). */
  pots: PotView[];
  button: number;
  toAct: number | null;
  /** Epoch ms when the actor's action time ends, then when the time bank ends. */
  actionDeadline: number | null;
  timeBankDeadline: number | null;
  /** Only in the acting player's own view. */
  legal: LegalView | null;
}

export interface LastHandView {
  handId: number;
  handNumber: number;
  seedHash: string;
  cardsRoot: string;
  entropy: EntropyView[];
  /**
   * The server seed: only when it reveals no card that was not shown (every dealt position, burns
   * included, was shown), which the engine's burns make rare. Otherwise null; auditors get it
   * from the administrators' API.
   */
  seed: string | null;
  /** Openings of the board and of the hands shown at showdown (everyone gets these). */
  openings: CardOpeningView[];
  /** Openings of the viewer's own hole cards: only in that player's own view, [] for others. */
  mine: CardOpeningView[];
  winners: Array<{ seat: number; username: string; amount: number; description: string | null }>;
}

export interface TableView {
  tableId: number;
  name: string;
  variant: Variant;
  smallBlind: number;
  bigBlind: number;
  minBuyIn: number;
  maxBuyIn: number;
  maxPlayers: number;
  /** Seconds. */
  actionTime: number;
  rakePercent: number;
  rakeCap: number;
  /** The table's options (docs/table.md): every player's ante, the straddle, run it twice, a bomb pot every N hands. */
  ante?: number;
  straddle?: 'off' | 'utg' | 'button';
  runItTwice?: boolean;
  bombPotEvery?: number;
  status: 'OPEN' | 'CLOSED';
  simulation: boolean;
  /** A tournament's table: the client shows the tournament's level, clock and standings. */
  tournamentId?: number | null;
  seats: Array<SeatView | null>;
  hand: HandView | null;
  lastHand: LastHandView | null;
  /** The viewer's seat, if seated. */
  mySeat: number | null;
  /**
   * SHA-256 of the server seed of the next hand, committed before players send their entropy
   * (`GAME {action:'ENTROPY'}`); it becomes that hand's `seedHash`.
   */
  nextSeedHash: string | null;
}

/** Replacement of parts of a view: seats by index (null = empty), other keys whole. */
export interface TableViewPatch {
  seats?: Record<number, SeatView | null>;
  hand?: HandView | null;
  lastHand?: LastHandView | null;
  mySeat?: number | null;
  nextSeedHash?: string | null;
  status?: TableView['status'];
  simulation?: boolean;
}
