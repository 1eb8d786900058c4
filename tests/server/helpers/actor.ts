// Watching a table actor (src/server/tables/actor.ts) in tests, with or without a database.
import type { TableActor } from '../../../src/server/tables/actor';

/** Lets callbacks and database calls run without waiting for the actor's queue. */
export async function ticks(n = 30): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
}

/** The chips of every seat as anyone watching sees them (null for an empty seat). */
export const seatStacks = (actor: TableActor): Array<number | null> => actor.viewFor(null).seats.map((s) => s?.stack ?? null);
