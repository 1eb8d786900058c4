// Lets a table on a manual clock play out what is due: advances the clock by `ms`, then runs
// the actor's queue and timers until the table is quiet.
import type { FastifyInstance } from 'fastify';
import type { ManualClock } from '../../../src/server/core/clock';

export async function quiet(app: FastifyInstance, clock: ManualClock, tableId: number, ms = 0): Promise<void> {
  const actor = app.live.registry.get(tableId)!;
  for (let i = 0; i < 15; i++) {
    clock.advance(i === 0 ? ms : 0);
    await actor.idle();
    await new Promise((r) => setImmediate(r));
  }
}
