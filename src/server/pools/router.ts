// A pool from any instance (docs/fast-fold.md, "Several instances"): joining, leaving and the
// rest run where the pool's director runs, here or over the bus on the instance holding the
// pool's anchor lease (cluster/directory.ts on its own channels, so pool and table ids never
// meet). The owner answers with its result or its error, which the caller throws as its own.
import type { Bus } from '../cluster/bus';
import { Directory } from '../cluster/directory';
import { notFound } from '../core/errors';
import type { Database } from '../db/client';
import { unavailable, unwrap, type PoolAnswer, type PoolCommand, type PoolUser } from './commands';
import * as records from './records';
import type { PoolRoom } from './room';

type Log = { warn(obj: unknown, msg?: string): void; debug?(obj: unknown, msg?: string): void };

export class PoolRouter {
  private readonly directory: Directory<PoolCommand>;

  constructor(
    bus: Bus,
    private readonly db: Database,
    private readonly room: PoolRoom,
    log: Log,
  ) {
    this.directory = new Directory<PoolCommand>(
      bus,
      {
        runLocal: (poolId, command) => room.handle(poolId, command),
        unavailable,
        // Nobody watches a pool (its tables are watched as tables): these two are never used.
        subscribe: () => ({ kind: 'closed' }),
        watchers: () => [],
        send: () => undefined,
        log,
      },
      'pool',
    );
    this.directory.setLocal((poolId) => room.director(poolId) !== undefined);
  }

  /**
   * Runs the command where the pool's director is. Who that is comes from the database at each
   * call (joins and leaves are rare; a fresh answer never sends one to a former owner): 404 for no
   * such pool, TABLE_MOVED while nobody holds it.
   */
  private async call(poolId: number, command: PoolCommand): Promise<Extract<PoolAnswer, { ok: true }>> {
    if (this.directory.ownerOf(poolId) !== this.directory.instanceId) {
      const owner = await records.poolOwner(this.db, poolId);
      if (owner === undefined) throw notFound('Pool');
      this.directory.ownerChanged(poolId, owner);
    }
    return unwrap((await this.directory.call(poolId, command)) as PoolAnswer);
  }

  /** Buys into the pool (or comes back from being away). */
  async join(poolId: number, user: PoolUser, buyIn: number): Promise<void> {
    await this.call(poolId, { kind: 'join', user, buyIn });
  }

  /** Leaves the pool after the hands in play that include the player. */
  async leave(poolId: number, userId: number): Promise<void> {
    await this.call(poolId, { kind: 'leave', userId });
  }

  /** The table the player is dealt at now; null while waiting, or when the director cannot be asked now. */
  async tableOf(poolId: number, userId: number): Promise<{ tableId: number | null; away: boolean }> {
    try {
      const answer = await this.call(poolId, { kind: 'seat', userId });
      return { tableId: answer.tableId ?? null, away: answer.away ?? false };
    } catch {
      return { tableId: null, away: false };
    }
  }

  /** A member away (the clock folded them) is dealt in again. */
  async back(poolId: number, userId: number): Promise<void> {
    await this.call(poolId, { kind: 'back', userId });
  }

  /** House bots join with the maximum buy-in: how many did. */
  async addBots(poolId: number, count: number): Promise<number> {
    return (await this.call(poolId, { kind: 'addBots', count })).count ?? 0;
  }

  /** Closes the pool (nobody joins); its director sends everyone home after their hands, at once if it can be told. */
  async close(poolId: number): Promise<void> {
    await this.room.close(poolId);
    if (this.room.director(poolId)) return;
    // Not told (nobody runs it now, or no answer): its director finds the pool closed at its next look.
    await this.call(poolId, { kind: 'closed' }).catch(() => undefined);
  }

  stop(): void {
    this.directory.close();
  }
}
