// Figures for the administrators' dashboard.
import { sql } from 'drizzle-orm';
import type { Stats } from '../../shared/api/admin';
import { type Executor, first, rows } from '../db/client';
import type { Ledger } from '../core/ledger';

/** Counts and sums of the dashboard (each cast to bigint: a number on both drivers). */
type Totals = {
  [
    K in 'users' | 'tables' | 'open_tables' | 'seated' | 'pending_count' | 'pending_sum' | 'deposits_sum' | 'paid_sum' | 'player_balances' | 'player_locked'
  ]: number;
};
type Day = { date: string; deposits: number; withdrawals: number; rake: number; registrations: number };

/** Players connected now: async with several instances (cluster/presence.ts asks Redis), a plain number in one process. */
export type PlayersOnline = () => number | Promise<number>;

export class StatsService {
  constructor(
    private readonly db: Executor,
    private readonly ledger: Ledger,
    private readonly playersOnline: PlayersOnline,
  ) {}

  async get(days: number): Promise<Stats> {
    const c = (await first<Totals>(
      this.db,
      sql`SELECT
            (SELECT count(*) FROM users WHERE status = 'active')::bigint AS users,
            (SELECT count(*) FROM poker_tables WHERE deleted_at IS NULL)::bigint AS tables,
            (SELECT count(*) FROM poker_tables WHERE deleted_at IS NULL AND status = 'open')::bigint AS open_tables,
            (SELECT count(*) FROM table_seats)::bigint AS seated,
            (SELECT count(*) FROM withdrawals WHERE status = 'NOT_APPROVED')::bigint AS pending_count,
            (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status = 'NOT_APPROVED')::bigint AS pending_sum,
            (SELECT coalesce(sum(amount), 0) FROM deposits)::bigint AS deposits_sum,
            (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status = 'APPROVED')::bigint AS paid_sum,
            (SELECT coalesce(sum(balance), 0) FROM accounts WHERE kind = 'available')::bigint AS player_balances,
            (SELECT coalesce(sum(balance), 0) FROM accounts WHERE kind IN ('withdrawal_hold', 'table'))::bigint AS player_locked`,
    ))!;
    const rake = await this.ledger.accountId(this.db, { house: 'rake' });
    const daily = await rows<Day>(
      this.db,
      sql`WITH d AS (SELECT generate_series((now() AT TIME ZONE 'UTC')::date - ${days - 1}::integer, (now() AT TIME ZONE 'UTC')::date, interval '1 day')::date AS day)
          SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
            (SELECT coalesce(sum(amount), 0) FROM deposits WHERE (created_at AT TIME ZONE 'UTC')::date = d.day)::bigint AS deposits,
            (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status = 'APPROVED' AND (resolved_at AT TIME ZONE 'UTC')::date = d.day)::bigint AS withdrawals,
            (SELECT coalesce(sum(amount), 0) FROM transfers WHERE credit_account_id = ${rake} AND (created_at AT TIME ZONE 'UTC')::date = d.day)::bigint AS rake,
            (SELECT count(*) FROM users WHERE (created_at AT TIME ZONE 'UTC')::date = d.day)::bigint AS registrations
          FROM d ORDER BY d.day`,
    );
    return {
      playersOnline: await this.playersOnline(),
      users: c.users,
      tables: c.tables,
      openTables: c.open_tables,
      seatedPlayers: c.seated,
      pendingWithdrawals: { count: c.pending_count, sum: c.pending_sum },
      depositsSum: c.deposits_sum,
      withdrawalsPaidSum: c.paid_sum,
      playerBalances: c.player_balances,
      playerLocked: c.player_locked,
      rakeBalance: await this.ledger.houseBalance(this.db, 'rake'),
      jackpotBalance: await this.ledger.houseBalance(this.db, 'jackpot'),
      botsBalance: await this.ledger.houseBalance(this.db, 'bots'),
      daily,
    };
  }
}
