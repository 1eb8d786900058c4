// The play gate (docs/integrity.md, docs/safer-play.md): the one place that lets a player into play
// (an integrity standing, then safer play's limits) and takes them out of it (an exclusion, a
// restricted standing, a reached session limit). Routes and the sweep call its methods; it is built
// in compose.ts with its collaborators, the live room's table leave among them.
import { sql } from 'drizzle-orm';
import type { SaferPlayService } from '../accounts/safer-play/service';
import { type Executor, rows } from '../db/client';
import type { TournamentService } from '../tournaments/registration';
import type { IntegrityGuard } from './guard';

export interface PlayGateDeps {
  db: Executor;
  guard: Pick<IntegrityGuard, 'assert'>;
  safer: Pick<SaferPlayService, 'assertMayPlay' | 'touchSession' | 'overSessionLimit'>;
  tournaments: Pick<TournamentService, 'get' | 'unregister'>;
  /** The table's own leave (cashed out now, or at the end of the hand in play). */
  leave(tableId: number, userId: number): Promise<{ ok: true } | { ok: false; error: { code: string } }>;
  /** Fast-fold pools: those the player is in, and the pool's own leave (after their hands; on any instance, throws while nobody runs the pool). */
  pools: { of(userId: number): Promise<number[]>; leave(poolId: number, userId: number): Promise<void> };
  warn(message: string, err?: unknown): void;
}

export class PlayGate {
  constructor(private readonly deps: PlayGateDeps) {}

  /**
   * A tournament entry, rebuy or add-on: an integrity standing, then safer play (no entry while
   * excluded or past a loss or session limit; the amount is the buy-in and fee, which a rebuy and
   * an add-on cost too, docs/tournaments.md). Throws the refusal.
   */
  async mayEnterTournament(userId: number, tournamentId: number): Promise<void> {
    const { guard, tournaments, safer } = this.deps;
    await guard.assert(userId, 'play');
    const t = await tournaments.get(tournamentId, null);
    await safer.assertMayPlay(userId, t.buyIn + t.fee);
    await safer.touchSession(userId);
  }

  /** Joining a fast-fold pool with `buyIn`: the same standing and safer-play checks as a cash seat. */
  async mayJoinPool(userId: number, buyIn: number): Promise<void> {
    const { guard, safer } = this.deps;
    await guard.assert(userId, 'play');
    await safer.assertMayPlay(userId, buyIn);
    await safer.touchSession(userId);
  }

  /**
   * An excluded or restricted player leaves play at once: each seat through the table's own leave
   * (the table shows an ordinary leave, not a kick: nobody else learns why), each entry of a
   * tournament not yet started refunded.
   */
  async leaveAllPlay(userId: number): Promise<void> {
    const { db, tournaments, warn } = this.deps;
    const seats = await rows<{ table_id: number }>(
      db,
      sql`SELECT DISTINCT s.table_id FROM table_seats s JOIN poker_tables t ON t.id = s.table_id WHERE s.user_id = ${userId} AND t.pool_id IS NULL`,
    );
    await this.leaveSeats(userId, seats, 'safer play');
    await this.leavePools(userId, 'safer play');
    const entries = await rows<{ tournament_id: number }>(
      db,
      sql`SELECT DISTINCT e.tournament_id FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id
          WHERE e.user_id = ${userId} AND e.status = 'registered' AND t.status = 'registering'`,
    );
    for (const e of entries) await tournaments.unregister(userId, e.tournament_id).catch((err: unknown) => warn('safer play: entry not refunded', err));
  }

  /**
   * A reached session limit stands the player up from their cash seats (as an exclusion does); a
   * tournament entry stays. Run every minute (SAFER_SWEEP_MS); the player cannot sit again until a
   * 30-minute pause. Returns the players stood up.
   */
  async standUpOverSessionLimit(): Promise<number[]> {
    const { db, safer } = this.deps;
    const over = await safer.overSessionLimit();
    for (const userId of over) {
      const seats = await rows<{ table_id: number }>(
        db,
        sql`SELECT DISTINCT s.table_id FROM table_seats s JOIN poker_tables t ON t.id = s.table_id
            WHERE s.user_id = ${userId} AND t.tournament_id IS NULL AND t.pool_id IS NULL`,
      );
      await this.leaveSeats(userId, seats, 'session limit');
      await this.leavePools(userId, 'session limit');
    }
    return over;
  }

  /** A pool's seats are the pool's: the player leaves the pool (their hand folds, their account goes home after it). */
  private async leavePools(userId: number, why: string): Promise<void> {
    for (const poolId of await this.deps.pools.of(userId)) {
      try {
        await this.deps.pools.leave(poolId, userId);
      } catch (err) {
        this.deps.warn(`${why}: user ${userId} not taken out of pool ${poolId}`, err);
      }
    }
  }

  private async leaveSeats(userId: number, seats: ReadonlyArray<{ table_id: number }>, why: string): Promise<void> {
    for (const s of seats) {
      const r = await this.deps.leave(s.table_id, userId);
      if (!r.ok) this.deps.warn(`${why}: seat of user ${userId} at table ${s.table_id} not left: ${r.error.code}`);
    }
  }
}
