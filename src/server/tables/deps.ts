// What a table actor gets from outside: time, money and records, randomness, where viewers' frames
// go, and notifications. The composition root builds it (plugins/live.ts); tests build their own.
import type { ViewerRef, ViewerSink } from '../cluster/viewers';
import type { Clock } from '../core/clock';
import type { Metrics } from '../core/metrics';
import type { TableStore } from './store';

/** The table's events in the instance's metrics (core/metrics.ts): counters only, no await. */
export type TableMetrics = Pick<Metrics, 'tableAction' | 'handStarted' | 'handSettled' | 'handVoided' | 'settlementFailed' | 'tableGone'>;

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
  /** The instance's metrics (tests may leave them out). */
  metrics?: TableMetrics;
  /**
   * A player's turn came while none of their sockets watches the table (web push: "your turn").
   * Called after the turn is published; it must not block (fire and forget).
   */
  onTurnAway?(turn: { tableId: number; userId: number; tableName: string; tournamentId: number | null }): void;
  /** Benchmarks only: an ACTED event got `version`; `appliedAt` is performance.now() when the move was applied. */
  onAction?: (tableId: number, version: number, appliedAt: number) => void;
}
