// The table actor's own records: the table's settings and who sits where between hands.
import type { SeatView, TableView } from '../../shared/protocol';
import type { Clock } from '../core/clock';
import type { TableStore } from './store';

/** What a view shows of a table's settings (`actionTime`: seconds to act before the time bank starts). */
type SharedSettings =
  'tableId' | 'name' | 'variant' | 'smallBlind' | 'bigBlind' | 'minBuyIn' | 'maxBuyIn' | 'maxPlayers' | 'actionTime' | 'rakePercent' | 'rakeCap' | 'status';

export interface TableConfig extends Pick<TableView, SharedSettings> {
  /** Share of each raked pot that feeds the bad-beat jackpot, in percent of the pot. */
  jackpotPercent: number;
  /** Set at a tournament's table (its chips are not money; its director deals). */
  tournamentId?: number | null;
  /** At a tournament's table: the tournament's name and the blind level of the hand (PHH `event`, `level`). */
  event?: string;
  level?: number;
}

export type SeatStatus = 'ACTIVE' | 'SITTING_OUT';

/** Who sits where, as every view shows it: the actor's seats and the seats adopted at a takeover. */
export type SeatedPlayer = Pick<SeatView, 'seat' | 'userId' | 'username' | 'avatar' | 'isBot' | 'stack'>;

/**
 * A seat at the actor: `avatar` is the one the player sat down with; `stack` the chips at the
 * table, between hands equal to the player's table account in the ledger.
 */
export interface Seat extends SeatedPlayer {
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

/** A tournament player moved between tables keeps their time bank and their being away. */
export interface CarriedSeat {
  timeBank: number;
  sittingOut: boolean;
}

export const TIME_BANK_START = 30_000;
export const TIME_BANK_REFILL = 5_000;
export const TIME_BANK_MAX = 60_000;
export const HANDS_PER_REFILL = 10;
export const SIT_OUT_LIMIT_MS = 10 * 60_000;
export const TIMEOUTS_BEFORE_SIT_OUT = 2;

/** The next hand at a tournament table, as its director deals it (docs/tournaments.md, Server). */
export interface TournamentDeal {
  button: number;
  /** Seats dealt in, in the engine's order (small blind first, the button last). */
  order: number[];
  /** Stacks by `order` (the director's chip counts). */
  stacks: number[];
  smallBlind: number;
  bigBlind: number;
  /** The blind level's number (1, 2, ...). */
  level: number;
  /** The engine's blinds and antes by `order`. */
  blinds: number[];
  antes: number[];
}

/**
 * A tournament table's director: it says who is dealt in at which level (sitting-out players
 * too: they post and the clock folds them), and hears when a hand is over. Nobody buys in, adds
 * chips or leaves there; the director seats, moves and removes players between hands.
 */
export interface TournamentHooks {
  /** The next hand, or null while the table waits (a break, hand-for-hand, a move being applied). */
  deal(tableId: number, seats: ReadonlyArray<{ userId: number; stack: number } | null>): Promise<TournamentDeal | null>;
  /** A hand was settled (the director has its result already) or voided. */
  handEnded(tableId: number, voided: boolean): void;
}

/** What a table actor gets from outside: time, money and records, randomness, notifications. */
export interface ActorDeps {
  clock: Clock;
  store: TableStore;
  /** 32 random bytes as hex, from node:crypto: each hand's server seed. */
  newSeed(): string;
  /** SHA-256 of a seed's bytes (the commitment to the server seed). */
  seedHash(seed: string): string;
  /** The deck of a deck seed (src/poker/fair deckFromSeed); the deck seed mixes the server seed with the players' entropy. */
  deckFromSeed(seed: string): number[];
  /** Uniform integer in [0, n) for the bots (node:crypto in production). */
  randomInt(n: number): number;
  onJackpot(amount: number): void;
  onLobbyChange(tableId: number): void;
  log?: { error(obj: unknown, msg?: string): void };
  /** Pause between hands, ms. */
  betweenHands: number;
  /** Bots act at once (tests, benchmarks) instead of at a human pace. */
  fastBots: boolean;
  /** With fastBots: a fixed thinking time in ms instead of none (benchmarks pace the load with it). */
  botDelayMs?: number;
  botIterations?: number;
  /** False while the room's database or Redis is unreachable: no hand starts (cluster/readiness.ts). */
  canDeal?(): boolean;
  /**
   * A write's outcome is unknown (the database went away mid-commit): the table is reloaded from
   * the database, as a takeover would (cluster/steward.ts). Without it the hand is voided in memory.
   */
  reload?(tableId: number): void;
  /** A tournament's table: its director deals (absent at cash tables, which behave as ever). */
  tournament?: TournamentHooks;
  /** Benchmarks only: an ACTED event got `version`; `appliedAt` is performance.now() when the move was applied. */
  onAction?: (tableId: number, version: number, appliedAt: number) => void;
}

export type CommandError = { code: string; message: string };
export type CommandResult = { ok: true } | { ok: false; error: CommandError };
export const fail = (code: string, message: string): CommandResult => ({ ok: false, error: { code, message } });
export const OK: CommandResult = { ok: true };

export type LeaveReason = 'LEFT' | 'KICKED' | 'TIMED_OUT' | 'BUSTED' | 'SIMULATION_STOPPED';
