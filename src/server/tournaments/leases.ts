// Who directs a running tournament: one lease row per tournament (owner, epoch, expiry), as
// tables have theirs (cluster/leases.ts). The epoch grows at every takeover; every write of the
// director first holds the row at its epoch (`hold`), so a stale director cannot write.
import { sql } from 'drizzle-orm';
import { type Database, type Executor, rows } from '../db/client';
import type { TournamentLeaseRow } from '../db/rows';
import { StaleEpochError } from '../core/errors';
import { LeaseRows } from '../cluster/lease-rows';

type Held = Pick<TournamentLeaseRow, 'tournament_id' | 'epoch'>;

export class TournamentLeases extends LeaseRows {
  constructor(db: Database, ttlMs: number) {
    super(db, ttlMs, { name: 'tournament_leases', key: 'tournament_id' });
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
