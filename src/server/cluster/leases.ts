// Table ownership in PostgreSQL: one lease row per table (owner, epoch, expiry) and one heartbeat
// row per instance. The epoch grows at every takeover; table writes carry it and the database
// refuses a stale one (migration 0400's fence), so a paused or cut-off owner cannot move chips.
import { sql } from 'drizzle-orm';
import { type Database, pgCode, rows } from '../db/client';
import type { TableLeaseRow } from '../db/rows';

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

export class LeaseStore {
  constructor(
    private readonly db: Database,
    /** How long a lease lives without renewal. */
    readonly ttlMs: number,
  ) {}

  private get ttl() {
    return sql`make_interval(secs => ${this.ttlMs / 1000}::double precision)`;
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

  /** Every lease, with whether it has run out. */
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

  async all(): Promise<Lease[]> {
    const list = await rows<LeaseRead>(this.db, sql`SELECT table_id, owner, epoch, expires_at < now() AS expired FROM table_leases`);
    return list.map((r) => ({ tableId: r.table_id, owner: r.owner, epoch: r.epoch, expired: r.expired }));
  }

  /**
   * Takes the table if nobody holds it (no lease, or an expired one; `force`: whatever its state,
   * for a lone instance starting after a crash). Returns the new epoch, or null if it is held.
   */
  async acquire(tableId: number, owner: string, force = false): Promise<number | null> {
    const list = await rows<Held>(
      this.db,
      sql`INSERT INTO table_leases (table_id, owner, epoch, expires_at) VALUES (${tableId}, ${owner}, 1, now() + ${this.ttl})
        ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, epoch = table_leases.epoch + 1, expires_at = excluded.expires_at
        WHERE ${force ? sql`true` : sql`table_leases.expires_at < now()`}
        RETURNING table_id, epoch`,
    );
    return list[0]?.epoch ?? null;
  }

  /** Renews the leases still held at these epochs; returns the tables whose lease was renewed. */
  async renew(owner: string, held: Map<number, number>): Promise<Set<number>> {
    if (held.size === 0) return new Set();
    const ids = [...held.keys()];
    const epochs = ids.map((id) => held.get(id)!);
    const list = await rows<Held>(
      this.db,
      sql`UPDATE table_leases l SET expires_at = now() + ${this.ttl}
        FROM unnest(${`{${ids.join(',')}}`}::integer[], ${`{${epochs.join(',')}}`}::bigint[]) AS h(table_id, epoch)
        WHERE l.table_id = h.table_id AND l.epoch = h.epoch AND l.owner = ${owner}
        RETURNING l.table_id, l.epoch`,
    );
    return new Set(list.map((r) => r.table_id));
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

  /** Gives a table up at once (drain, rebalancing): the next instance to ask takes it over. */
  async release(tableId: number, owner: string, epoch: number): Promise<void> {
    await this.db.execute(sql`UPDATE table_leases SET expires_at = now() - interval '1 second'
      WHERE table_id = ${tableId} AND owner = ${owner} AND epoch = ${epoch}`);
  }

  /** Whether `epoch` is still the table's current one (tests, diagnostics). */
  async current(tableId: number): Promise<number | null> {
    const list = await rows<Held>(this.db, sql`SELECT table_id, epoch FROM table_leases WHERE table_id = ${tableId}`);
    return list[0]?.epoch ?? null;
  }
}
