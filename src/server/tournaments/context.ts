// What a tournament's director gets from the room: the database and the ledger, the clock, the
// live tables' registry and their dependencies, and its settings.
import type { Clock } from '../core/clock';
import type { Ledger } from '../core/ledger';
import type { Database } from '../db/client';
import type { TableRegistry } from '../tables/registry';
import type { ActorDeps } from '../tables/deps';

export interface DirectorContext {
  db: Database;
  ledger: Ledger;
  clock: Clock;
  registry: TableRegistry;
  actorDeps: Omit<ActorDeps, 'store' | 'tournament'>;
  /** How often the clock is checked (level changes, the end of a break, late entries). */
  tickMs: number;
  /** Seconds to act at a table opened for late entries. */
  actionTime: number;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** The tournament is over (prizes paid) or was lost: the room forgets it. */
  onDone(tournamentId: number, finished: boolean): void;
}
