// Table ownership in PostgreSQL: one lease row per table (owner, epoch, expiry) and one heartbeat
// row per instance. The epoch grows at every takeover; table writes carry it and the database
// refuses a stale one (migration 0400's fence), so a paused or cut-off owner cannot move chips.
import { sql } from 'drizzle-orm';
import { type Database, pgCode, rows } from '../db/client';
import type { TableLeaseRow } from '../db/rows';
import { LeaseRows } from './lease-rows';

/** Whether a database error is the fence refusing a stale epoch (SQLSTATE PF001). */
export const isStaleEpoch = (e: unknown): boolean => pgCode(e) === 'PF001';

export interface Lease {
  tableId: number;
  owner: string;
  epoch: number;
  expired: boolean;
}

type LeaseRead = Pick<TableLeaseRow, 'table_id' | 'owner' | 'epoch'> & { expired: boolean };
type Held = Pick<TableLeaseRow, 'table_id' | 'epoch'>;

export class LeaseStore extends LeaseRows {
  constructor(db: Database, ttlMs: number) {
    super(db, ttlMs, { name: 'table_leases', key: 'table_id' });
  }

  /** This instance is alive (and whether it is draining: then it gets no share of the tables). */
  async heartbeat(instanceId: string, draining: boolean): Promise<void> {
    await this.db.execute(sql`INSERT INTO instances (id, seen_at, draining) VALUES (${instanceId}, now(), ${draining})
      ON CONFLICT (id) DO UPDATE SET seen_at = now(), draining = excluded.draining`);
  }

  /** Instances seen within a lease's lifetime and not draining; old rows are swept. */
  async liveInstances(): Promise<string[]> {
    await this.db.execute(sql`DELETE FROM instances WHERE seen_at < now() - ${this.ttl} * 6`);
    const list = await rows<{ id: string }>(this.db, sql`SELECT id FROM instances WHERE seen_at > now() - ${this.ttl} AND NOT draining ORDER BY id`);
    return list.map((r) => r.id);
  }

  /** Instances seen within two lease lifetimes, draining or not: any other is dead. */
  async seenInstances(): Promise<string[]> {
    const list = await rows<{ id: string }>(this.db, sql`SELECT id FROM instances WHERE seen_at > now() - ${this.ttl} * 2`);
    return list.map((r) => r.id);
  }

  async forget(instanceId: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM instances WHERE id = ${instanceId}`);
  }

  /**
   * The open tables of running tournaments, each with its tournament's director lease: a socket on
   * any instance reaches a tournament table through the director's instance (docs/tournaments.md).
   */
  async tournamentTables(): Promise<Lease[]> {
    const list = await rows<LeaseRead>(
      this.db,
      sql`SELECT p.id AS table_id, l.owner, l.epoch, l.expires_at < now() AS expired
          FROM poker_tables p JOIN tournament_leases l ON l.tournament_id = p.tournament_id
          WHERE p.tournament_id IS NOT NULL AND p.status = 'open' AND p.deleted_at IS NULL`,
    );
    return list.map((r) => ({ tableId: r.table_id, owner: r.owner, epoch: r.epoch, expired: r.expired }));
  }

  /** Every lease, with whether it has run out. */
  async all(): Promise<Lease[]> {
    const list = await rows<LeaseRead>(this.db, sql`SELECT table_id, owner, epoch, expires_at < now() AS expired FROM table_leases`);
    return list.map((r) => ({ tableId: r.table_id, owner: r.owner, epoch: r.epoch, expired: r.expired }));
  }

  /**
   * Takes the table again from itself at a new epoch (its state must be reloaded from the
   * database); null if this instance no longer holds it at `epoch`.
   */
  async reacquire(tableId: number, owner: string, epoch: number): Promise<number | null> {
    const list = await rows<Held>(
      this.db,
      sql`UPDATE table_leases SET epoch = epoch + 1, expires_at = now() + ${this.ttl}
        WHERE table_id = ${tableId} AND owner = ${owner} AND epoch = ${epoch} RETURNING table_id, epoch`,
    );
    return list[0]?.epoch ?? null;
  }

  /** Whether `epoch` is still the table's current one (tests, diagnostics). */
  async current(tableId: number): Promise<number | null> {
    const list = await rows<Held>(this.db, sql`SELECT table_id, epoch FROM table_leases WHERE table_id = ${tableId}`);
    return list[0]?.epoch ?? null;
  }
}
