// The one writer of the fast-fold pools' data: `fast_fold_pools` and `fast_fold_players`
// (migration 0900, docs/fast-fold.md). A pool's tables are `poker_tables` rows, written by
// tables/records.ts; its players' money is in the ledger (the anchor table's accounts).
import { sql } from 'drizzle-orm';
import { first, rows, type Executor } from '../db/client';
import type { FastFoldPlayerRow, FastFoldPoolRow } from '../db/rows';

export interface PoolSettings {
  name: string;
  variant: string;
  smallBlind: number;
  bigBlind: number;
  minBuyIn: number;
  maxBuyIn: number;
  maxPlayers: 6 | 9;
  rakePercent: number;
  rakeCap: number;
  actionTime: number;
}

export async function insertPool(ex: Executor, p: PoolSettings): Promise<number> {
  const row = await first<Pick<FastFoldPoolRow, 'id'>>(
    ex,
    sql`INSERT INTO fast_fold_pools (name, variant, small_blind, big_blind, min_buy_in, max_buy_in, max_players, rake_percent, rake_cap, action_time)
        VALUES (${p.name}, ${p.variant}, ${p.smallBlind}, ${p.bigBlind}, ${p.minBuyIn}, ${p.maxBuyIn}, ${p.maxPlayers}, ${p.rakePercent},
                ${p.rakeCap}, ${p.actionTime}) RETURNING id`,
  );
  return row!.id;
}

/** The pool's first table: its table accounts hold the players' pool money. Set once. */
export async function setAnchor(ex: Executor, poolId: number, tableId: number): Promise<void> {
  await ex.execute(sql`UPDATE fast_fold_pools SET anchor_table_id = ${tableId} WHERE id = ${poolId} AND anchor_table_id IS NULL`);
}

/** Closed: nobody joins; the players finish their hands and are cashed out. */
export async function closePool(ex: Executor, poolId: number): Promise<boolean> {
  const r = await rows(ex, sql`UPDATE fast_fold_pools SET status = 'closed' WHERE id = ${poolId} AND status = 'open' RETURNING id`);
  return r.length > 0;
}

export async function getPool(ex: Executor, poolId: number): Promise<FastFoldPoolRow | null> {
  return (await first<FastFoldPoolRow>(ex, sql`SELECT * FROM fast_fold_pools WHERE id = ${poolId}`)) ?? null;
}

/**
 * Who runs the pool's director now: the instance holding its anchor table's lease (unexpired), or
 * null (nobody: being taken over, or not opened yet); undefined when there is no such pool.
 */
export async function poolOwner(ex: Executor, poolId: number): Promise<string | null | undefined> {
  const row = await first<{ owner: string | null }>(
    ex,
    sql`SELECT l.owner FROM fast_fold_pools p LEFT JOIN table_leases l ON l.table_id = p.anchor_table_id AND l.expires_at > now() WHERE p.id = ${poolId}`,
  );
  return row ? row.owner : undefined;
}

/** Pools a director should run: open ones, and closed ones that still have players. */
export async function livePoolIds(ex: Executor): Promise<number[]> {
  const list = await rows<Pick<FastFoldPoolRow, 'id'>>(
    ex,
    sql`SELECT p.id FROM fast_fold_pools p
        WHERE p.status = 'open' OR EXISTS (SELECT 1 FROM fast_fold_players m WHERE m.pool_id = p.id) ORDER BY p.id`,
  );
  return list.map((r) => r.id);
}

export type PoolListRow = FastFoldPoolRow & { players: number };

export async function listPools(ex: Executor, filter: { id?: number; variant?: string; status?: 'open' | 'closed' }): Promise<PoolListRow[]> {
  const conds = [sql`true`];
  if (filter.id !== undefined) conds.push(sql`p.id = ${filter.id}`);
  if (filter.variant) conds.push(sql`p.variant = ${filter.variant}`);
  if (filter.status) conds.push(sql`p.status = ${filter.status}`);
  return rows<PoolListRow>(
    ex,
    sql`SELECT p.*, (SELECT count(*)::int FROM fast_fold_players m WHERE m.pool_id = p.id) AS players
        FROM fast_fold_pools p WHERE ${sql.join(conds, sql` AND `)} ORDER BY p.big_blind, p.id`,
  );
}

/** A pool's tables (not deleted), oldest first: the first is the anchor. */
export async function poolTableIds(ex: Executor, poolId: number): Promise<number[]> {
  const list = await rows<{ id: number }>(ex, sql`SELECT id FROM poker_tables WHERE pool_id = ${poolId} AND deleted_at IS NULL ORDER BY id`);
  return list.map((r) => r.id);
}

export type PoolMemberRow = Pick<FastFoldPlayerRow, 'user_id' | 'is_bot' | 'since_bb'> & { username: string; avatar: string | null; balance: number };

/** Who is in the pool, with their pool account (the anchor's table account) as their stack. */
export async function poolMembers(ex: Executor, poolId: number, anchorTableId: number): Promise<PoolMemberRow[]> {
  return rows<PoolMemberRow>(
    ex,
    sql`SELECT m.user_id, m.is_bot, m.since_bb, u.username, u.avatar, coalesce(a.balance, 0)::bigint AS balance
        FROM fast_fold_players m JOIN users u ON u.id = m.user_id
        LEFT JOIN accounts a ON a.kind = 'table' AND a.user_id = m.user_id AND a.table_id = ${anchorTableId}
        WHERE m.pool_id = ${poolId} ORDER BY m.joined_at, m.user_id`,
  );
}

/** Joins the pool; false if the player is in it already. */
export async function addMember(ex: Executor, poolId: number, userId: number, isBot: boolean, sinceBigBlind: number): Promise<boolean> {
  const r = await rows(
    ex,
    sql`INSERT INTO fast_fold_players (pool_id, user_id, is_bot, since_bb) VALUES (${poolId}, ${userId}, ${isBot}, ${sinceBigBlind})
        ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return r.length > 0;
}

export async function removeMember(ex: Executor, poolId: number, userId: number): Promise<boolean> {
  const r = await rows(ex, sql`DELETE FROM fast_fold_players WHERE pool_id = ${poolId} AND user_id = ${userId} RETURNING user_id`);
  return r.length > 0;
}

/** The hands-since-big-blind counters after a deal, in one statement. */
export async function setSinceBigBlind(ex: Executor, poolId: number, counts: Array<{ userId: number; since: number }>): Promise<void> {
  if (!counts.length) return;
  const ids = `{${counts.map((c) => c.userId).join(',')}}`;
  const since = `{${counts.map((c) => c.since).join(',')}}`;
  await ex.execute(
    sql`UPDATE fast_fold_players m SET since_bb = c.since FROM unnest(${ids}::integer[], ${since}::integer[]) AS c(user_id, since)
        WHERE m.pool_id = ${poolId} AND m.user_id = c.user_id`,
  );
}

/** The pools a player is in (the lobby and the table page find their way back). */
export async function poolsOf(ex: Executor, userId: number): Promise<number[]> {
  const list = await rows<Pick<FastFoldPlayerRow, 'pool_id'>>(ex, sql`SELECT pool_id FROM fast_fold_players WHERE user_id = ${userId} ORDER BY pool_id`);
  return list.map((r) => r.pool_id);
}
