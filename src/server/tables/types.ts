// The table actor's own records: the table's settings and who sits where between hands.
import type { SeatState, TableRules } from '../../poker/table';
import type { SeatView, TableView } from '../../shared/protocol';
import type { ViewerRef, ViewerSink } from '../cluster/viewers';
import type { Clock } from '../core/clock';
import type { TableStore } from './store';

/** What a view shows of a table's settings (`actionTime`: seconds to act before the time bank starts). */
type SharedSettings =
  'tableId' | 'name' | 'variant' | 'smallBlind' | 'bigBlind' | 'minBuyIn' | 'maxBuyIn' | 'maxPlayers' | 'actionTime' | 'rakePercent' | 'rakeCap' | 'status';

export interface TableConfig extends Pick<TableView, SharedSettings>, TableRules {
  /** Set at a tournament's table (its chips are not money; its director deals). */
  tournamentId?: number | null;
  /** At a tournament's table: the tournament's name and the blind level of the hand (PHH `event`, `level`). */
  event?: string;
  level?: number;
}

/** Who sits where, as every view shows it: the actor's seats and the seats adopted at a takeover. */
export type SeatedPlayer = Pick<SeatView, 'seat' | 'userId' | 'username' | 'avatar' | 'isBot' | 'stack'>;

/**
 * A seat at the actor: the rules' seat (src/poker/table) and who sits there. `avatar` is the one
 * the player sat down with.
 */
export interface Seat extends SeatState, SeatedPlayer {
  /** Open sockets of this player subscribed to the table. */
  connections: number;
}

/** A tournament player moved between tables keeps their time bank and their being away. */
export interface CarriedSeat {
  timeBank: number;
  sittingOut: boolean;
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
  /** Where a viewer's frames go (its socket here, or its instance over the bus: cluster/directory.ts). */
  sink(viewer: ViewerRef): ViewerSink;
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
  /** Benchmarks only: an ACTED event got `version`; `appliedAt` is performance.now() when the move was applied. */
  onAction?: (tableId: number, version: number, appliedAt: number) => void;
}

export type CommandError = { code: string; message: string };
export type CommandResult = { ok: true } | { ok: false; error: CommandError };
export const fail = (code: string, message: string): CommandResult => ({ ok: false, error: { code, message } });
export const OK: CommandResult = { ok: true };

export type LeaveReason = 'LEFT' | 'KICKED' | 'TIMED_OUT' | 'BUSTED' | 'SIMULATION_STOPPED';
