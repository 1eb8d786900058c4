// Who directs a running tournament: one lease row per tournament (owner, epoch, expiry), as
// tables have theirs (cluster/leases.ts). The epoch grows at every takeover; every write of the
// director first holds the row at its epoch (`hold`), so a stale director cannot write.
import { sql } from 'drizzle-orm';
import { type Database, type Executor, rows } from '../db/client';
import type { TournamentLeaseRow } from '../db/rows';
import { StaleEpochError } from '../errors';

type Held = Pick<TournamentLeaseRow, 'tournament_id' | 'epoch'>;

export class TournamentLeases {
  constructor(
    private readonly db: Database,
    readonly ttlMs: number,
  ) {}

  private get ttl() {
    return sql`make_interval(secs => ${this.ttlMs / 1000}::double precision)`;
  }

  /** Takes the tournament if nobody holds it (`force`: whatever its state; a lone instance at start). */
  async acquire(tournamentId: number, owner: string, force = false): Promise<number | null> {
    const list = await rows<Held>(
      this.db,
      sql`INSERT INTO tournament_leases (tournament_id, owner, epoch, expires_at) VALUES (${tournamentId}, ${owner}, 1, now() + ${this.ttl})
        ON CONFLICT (tournament_id) DO UPDATE SET owner = excluded.owner, epoch = tournament_leases.epoch + 1, expires_at = excluded.expires_at
        WHERE ${force ? sql`true` : sql`tournament_leases.expires_at < now()`}
        RETURNING tournament_id, epoch`,
    );
    return list[0]?.epoch ?? null;
  }

  /** Renews the leases still held at these epochs; returns the tournaments renewed. */
  async renew(owner: string, held: Map<number, number>): Promise<Set<number>> {
    if (held.size === 0) return new Set();
    const ids = [...held.keys()];
    const epochs = ids.map((id) => held.get(id)!);
    const list = await rows<Held>(
      this.db,
      sql`UPDATE tournament_leases l SET expires_at = now() + ${this.ttl}
        FROM unnest(${`{${ids.join(',')}}`}::integer[], ${`{${epochs.join(',')}}`}::bigint[]) AS h(tournament_id, epoch)
        WHERE l.tournament_id = h.tournament_id AND l.epoch = h.epoch AND l.owner = ${owner}
        RETURNING l.tournament_id, l.epoch`,
    );
    return new Set(list.map((r) => r.tournament_id));
  }

  async release(tournamentId: number, owner: string, epoch: number): Promise<void> {
    await this.db.execute(sql`UPDATE tournament_leases SET expires_at = now() - interval '1 second'
      WHERE tournament_id = ${tournamentId} AND owner = ${owner} AND epoch = ${epoch}`);
  }

  /** Unexpired leases held by others (a tournament directed elsewhere). */
  async heldElsewhere(owner: string): Promise<Set<number>> {
    const list = await rows<Held>(this.db, sql`SELECT tournament_id, epoch FROM tournament_leases WHERE owner <> ${owner} AND expires_at >= now()`);
    return new Set(list.map((r) => r.tournament_id));
  }
}

/**
 * The fence, inside a write's transaction: the lease row must still carry `epoch`; KEY SHARE
 * holds it until the commit, so a takeover (a key update) waits for this write. Else nothing is written.
 */
export async function hold(tx: Executor, tournamentId: number, epoch: number): Promise<void> {
  const held = await rows(tx, sql`SELECT 1 FROM tournament_leases WHERE tournament_id = ${tournamentId} AND epoch = ${epoch} FOR KEY SHARE`);
  if (!held.length) throw new StaleEpochError(tournamentId);
}
