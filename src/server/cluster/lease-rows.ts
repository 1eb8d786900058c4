// The statements every lease answers, whatever it leases: tables (table_leases by table_id,
// cluster/leases.ts) and tournaments (tournament_leases by tournament_id, tournaments/leases.ts).
// The epoch grows at every takeover; a renewal or a release names the epoch it holds, so an owner
// that lost the lease changes nothing.
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rows } from '../db/client';
import type { TableLeaseRow } from '../db/rows';

export type LeaseTable = { name: 'table_leases'; key: 'table_id' } | { name: 'tournament_leases'; key: 'tournament_id' };

type Identifier = ReturnType<typeof sql.identifier>;
type Held = { id: number; epoch: TableLeaseRow['epoch'] };

export class LeaseRows {
  /** The table's and the key column's names: constants of LeaseTable, quoted. */
  protected readonly table: Identifier;
  protected readonly key: Identifier;

  constructor(
    protected readonly db: Database,
    /** How long a lease lives without renewal. */
    readonly ttlMs: number,
    leases: LeaseTable,
  ) {
    this.table = sql.identifier(leases.name);
    this.key = sql.identifier(leases.key);
  }

  protected get ttl(): SQL {
    return sql`make_interval(secs => ${this.ttlMs / 1000}::double precision)`;
  }

  /**
   * Takes the lease if nobody holds it (no row, or an expired one; `force`: whatever its state,
   * for a lone instance starting after a crash). Returns the new epoch, or null if it is held.
   */
  async acquire(id: number, owner: string, force = false): Promise<number | null> {
    const { table, key } = this;
    const list = await rows<Held>(
      this.db,
      sql`INSERT INTO ${table} (${key}, owner, epoch, expires_at) VALUES (${id}, ${owner}, 1, now() + ${this.ttl})
        ON CONFLICT (${key}) DO UPDATE SET owner = excluded.owner, epoch = ${table}.epoch + 1, expires_at = excluded.expires_at
        WHERE ${force ? sql`true` : sql`${table}.expires_at < now()`}
        RETURNING ${key} AS id, epoch`,
    );
    return list[0]?.epoch ?? null;
  }

  /** Renews the leases still held at these epochs (id -> epoch); returns the ids renewed. */
  async renew(owner: string, held: Map<number, number>): Promise<Set<number>> {
    if (held.size === 0) return new Set();
    const { table, key } = this;
    const ids = [...held.keys()];
    const epochs = ids.map((id) => held.get(id)!);
    const list = await rows<Held>(
      this.db,
      sql`UPDATE ${table} l SET expires_at = now() + ${this.ttl}
        FROM unnest(${`{${ids.join(',')}}`}::integer[], ${`{${epochs.join(',')}}`}::bigint[]) AS h(id, epoch)
        WHERE l.${key} = h.id AND l.epoch = h.epoch AND l.owner = ${owner}
        RETURNING l.${key} AS id, l.epoch`,
    );
    return new Set(list.map((r) => r.id));
  }

  /** Gives a lease up at once (drain, rebalancing, the end): the next instance to ask takes it. */
  async release(id: number, owner: string, epoch: number): Promise<void> {
    await this.db.execute(sql`UPDATE ${this.table} SET expires_at = now() - interval '1 second'
      WHERE ${this.key} = ${id} AND owner = ${owner} AND epoch = ${epoch}`);
  }
}
