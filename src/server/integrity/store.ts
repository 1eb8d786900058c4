// The job's reads and writes of its running sums: the rows a batch touches are loaded into an
// Accumulator, the batch added, and the touched rows written back in the same transaction.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/client';
import type { IntegrityActivityRow, IntegrityPairRow, IntegrityPlayerStatsRow } from '../db/rows';
import { Accumulator, statKey } from './accumulate';
import { type Activity, type PairCounters, type PlayerCounters, emptyActivity, emptyPair, emptyPlayer, pairKey } from './counters';
import { handRecordOf, type HandRecord, type StoredHand } from './record';

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((i) => sql`${i}::integer`),
    sql`, `,
  );

/** Settled hands after `after`, below the oldest hand still running (it settles later, the cursor waits for it). */
export async function settledHandsAfter(ex: Executor, after: number, limit: number): Promise<{ records: HandRecord[]; lastId: number }> {
  const got = await rows<StoredHand & { status: string }>(
    ex,
    sql`SELECT h.id, h.table_id, h.ended_at, h.phh, h.summary, h.status, t.variant, t.big_blind, t.tournament_id
        FROM hands h JOIN poker_tables t ON t.id = h.table_id
        WHERE h.id > ${after} AND h.status <> 'running'
          AND h.id < coalesce((SELECT min(id) FROM hands WHERE status = 'running'), 9223372036854775807)
        ORDER BY h.id LIMIT ${limit}`,
  );
  const records = got
    .filter((r) => r.status === 'settled')
    .map(handRecordOf)
    .filter((r): r is HandRecord => r !== null);
  return { records, lastId: got.length ? Number(got[got.length - 1].id) : after };
}

/** The pairs of players (`a:b`, a < b) dealt together in these hands: the pair rows a batch touches. */
export function pairsOf(records: readonly HandRecord[]): string[] {
  const keys = new Set<string>();
  for (const h of records) {
    const ids = h.players.filter((p) => !p.isBot).map((p) => p.userId);
    for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) keys.add(pairKey(ids[i], ids[j]));
  }
  return [...keys];
}

/** The sums of these players (their stats, activity) and of these pairs. */
export async function loadState(ex: Executor, userIds: readonly number[], pairKeys: readonly string[], totalHands: number): Promise<Accumulator> {
  const acc = new Accumulator();
  acc.totalHands = totalHands;
  if (!userIds.length) return acc;
  const ids = idList(userIds);
  for (const r of await rows<IntegrityPlayerStatsRow>(ex, sql`SELECT * FROM integrity_player_stats WHERE user_id IN (${ids})`))
    acc.stats.set(statKey(r.user_id, r.game, Number(r.big_blind)), { ...emptyPlayer(), ...(r.counters as PlayerCounters) });
  for (const r of await rows<IntegrityActivityRow>(ex, sql`SELECT * FROM integrity_activity WHERE user_id IN (${ids})`))
    acc.activity.set(r.user_id, { ...emptyActivity(), ...(r.activity as Activity) });
  for (let k = 0; k < pairKeys.length; k += 1000) {
    const values = sql.join(
      pairKeys.slice(k, k + 1000).map((key) => {
        const [a, b] = key.split(':').map(Number);
        return sql`(${a}::integer, ${b}::integer)`;
      }),
      sql`, `,
    );
    for (const r of await rows<IntegrityPairRow>(ex, sql`SELECT * FROM integrity_pairs WHERE (user_a, user_b) IN (${values})`))
      acc.pairs.set(pairKey(r.user_a, r.user_b), { ...emptyPair(), ...(r.counters as PairCounters) });
  }
  return acc;
}

/** Writes back what the batch touched; days are added to (the accumulator holds only the batch's). */
export async function saveState(ex: Executor, acc: Accumulator): Promise<void> {
  for (const [key, c] of acc.stats) {
    const [userId, game, bb] = key.split('|');
    if (!acc.touchedUsers.has(Number(userId))) continue;
    await ex.execute(
      sql`INSERT INTO integrity_player_stats (user_id, game, big_blind, hands, counters) VALUES (${Number(userId)}, ${game}, ${Number(bb)}, ${c.hands}, ${JSON.stringify(c)}::jsonb)
          ON CONFLICT (user_id, game, big_blind) DO UPDATE SET hands = excluded.hands, counters = excluded.counters`,
    );
  }
  for (const userId of acc.touchedUsers) {
    const a = acc.activity.get(userId);
    if (a)
      await ex.execute(
        sql`INSERT INTO integrity_activity (user_id, activity) VALUES (${userId}, ${JSON.stringify(a)}::jsonb)
            ON CONFLICT (user_id) DO UPDATE SET activity = excluded.activity`,
      );
  }
  for (const key of acc.touchedPairs) {
    const c = acc.pairs.get(key)!;
    const [a, b] = key.split(':').map(Number);
    await ex.execute(
      sql`INSERT INTO integrity_pairs (user_a, user_b, together, counters) VALUES (${a}, ${b}, ${c.together}, ${JSON.stringify(c)}::jsonb)
          ON CONFLICT (user_a, user_b) DO UPDATE SET together = excluded.together, counters = excluded.counters`,
    );
  }
  for (const [key, d] of acc.days) {
    const [userId, day] = key.split('|');
    await ex.execute(
      sql`INSERT INTO integrity_player_days (user_id, day, hands, net) VALUES (${Number(userId)}, ${day}, ${d.hands}, ${Math.round(d.net)})
          ON CONFLICT (user_id, day) DO UPDATE SET hands = integrity_player_days.hands + excluded.hands, net = integrity_player_days.net + excluded.net`,
    );
  }
}
