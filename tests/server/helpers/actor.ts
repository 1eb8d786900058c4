// Watching a table actor (src/server/tables/actor.ts) in tests, with or without a database.
import type { FastifyInstance } from 'fastify';
import type { Payload } from '../../../src/server/core/frame';
import type { TableActor } from '../../../src/server/tables/actor';

/** Lets callbacks and database calls run without waiting for the actor's queue. */
export async function ticks(n = 30): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
}

/** The chips of every seat as anyone watching sees them (null for an empty seat). */
export const seatStacks = (actor: TableActor): Array<number | null> => actor.viewFor(null).seats.map((s) => s?.stack ?? null);

/**
 * Watches a live table as a socket of this instance does: a connection of the hub whose frames go
 * to `send`, subscribed through the tables' router (the owner's view for `userId`).
 */
export function watchLive(app: FastifyInstance, tableId: number, userId: number | null, send: (payload: Payload) => void) {
  const conn = app.live.hub.open({ send, close: () => {}, endSession: () => {} });
  return app.live.tables.call(tableId, { kind: 'subscribe', viewer: { instance: app.live.tables.instanceId, conn: conn.id, userId } });
}
