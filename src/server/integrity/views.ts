// What staff and players read: alerts ranked by score, a player's page (figures, alerts, sign-in
// traces, table partners), a linked group's page, a player's own statistics.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { List } from '../../shared/api/common';
import type { Alert, AlertQuery, IntegrityGroup, IntegrityPlayer, MyStats, Standing } from '../../shared/api/integrity';
import { type Executor, first, iso, rows } from '../db/client';
import type { IntegrityActivityRow, IntegrityAlertRow, IntegrityLoginRow, IntegrityPairRow, IntegrityPlayerDayRow, IntegrityPlayerStatsRow } from '../db/rows';
import { notFound } from '../core/errors';
import { pageSql, where } from '../core/paging';
import { type Activity, type PairCounters, type PlayerCounters, emptyActivity, emptyPlayer } from './counters';
import { figuresOf } from './figures';
import type { Evidence } from './signals';

type AlertQueryOut = z.output<typeof AlertQuery>;
export type UserBrief = { userId: number; username: string; standing: Standing | null };

const ALERT_SORT = { id: sql`a.id`, score: sql`a.score`, kind: sql`a.kind`, status: sql`a.status`, updatedAt: sql`a.updated_at`, createdAt: sql`a.created_at` };
const idsOf = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);

/** Usernames and standing of these accounts, by id. */
export async function briefs(ex: Executor, ids: readonly number[]): Promise<Map<number, UserBrief>> {
  if (!ids.length) return new Map();
  const got = await rows<{ id: number; username: string; standing: Standing | null }>(
    ex,
    sql`SELECT u.id, u.username, s.standing FROM users u LEFT JOIN integrity_standing s ON s.user_id = u.id
        WHERE u.id IN (${sql.join(
          [...new Set(ids)].map((i) => sql`${i}::integer`),
          sql`, `,
        )})`,
  );
  return new Map(got.map((r) => [r.id, { userId: r.id, username: r.username, standing: r.standing }]));
}

export async function toAlerts(ex: Executor, list: readonly IntegrityAlertRow[]): Promise<Alert[]> {
  const users = await briefs(
    ex,
    list.flatMap((a) => idsOf(a.user_ids)),
  );
  return list.map((a) => ({
    id: Number(a.id),
    kind: a.kind as Alert['kind'],
    users: idsOf(a.user_ids).map((u) => users.get(u) ?? { userId: u, username: `#${u}`, standing: null }),
    score: a.score,
    evidence: a.evidence as Evidence,
    status: a.status as Alert['status'],
    caseId: a.case_id === null ? null : Number(a.case_id),
    createdAt: iso(a.created_at),
    updatedAt: iso(a.updated_at),
  }));
}

export async function alertRows(ex: Executor, cond: SQL): Promise<IntegrityAlertRow[]> {
  return rows<IntegrityAlertRow>(ex, sql`SELECT a.* FROM integrity_alerts a WHERE ${cond} ORDER BY a.score DESC, a.id DESC LIMIT 200`);
}

const withUser = (userId: number) => sql`a.user_ids @> ${JSON.stringify([userId])}::jsonb`;

/** One page of alerts, highest score first unless asked otherwise. */
export async function listAlerts(ex: Executor, q: AlertQueryOut): Promise<List<Alert>> {
  const p = pageSql(q, ALERT_SORT, 'score');
  const w = where([
    q.kind && sql`a.kind = ${q.kind}`,
    q.status && sql`a.status = ${q.status}`,
    q.userId && withUser(q.userId),
    q.minScore !== undefined && sql`a.score >= ${q.minScore}`,
  ]);
  const items = await rows<IntegrityAlertRow>(ex, sql`SELECT a.* FROM integrity_alerts a ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
  const total = await first<{ n: number }>(ex, sql`SELECT count(*)::bigint AS n FROM integrity_alerts a ${w}`);
  return { items: await toAlerts(ex, items), total: total?.n ?? 0 };
}

export async function getAlert(ex: Executor, id: number): Promise<Alert> {
  const r = await alertRows(ex, sql`a.id = ${id}`);
  if (!r.length) throw notFound('Alert');
  return (await toAlerts(ex, r))[0];
}

/** A player's own figures by game and stake, play time and the results per day (their profile). */
export async function myStats(ex: Executor, userId: number): Promise<MyStats> {
  const stats = await rows<IntegrityPlayerStatsRow>(ex, sql`SELECT * FROM integrity_player_stats WHERE user_id = ${userId} ORDER BY game, big_blind`);
  const act = await first<IntegrityActivityRow>(ex, sql`SELECT * FROM integrity_activity WHERE user_id = ${userId}`);
  const days = await rows<IntegrityPlayerDayRow>(ex, sql`SELECT * FROM integrity_player_days WHERE user_id = ${userId} ORDER BY day DESC LIMIT 366`);
  const a: Activity = { ...emptyActivity(), ...((act?.activity as Activity | undefined) ?? {}) };
  let cumulative = 0;
  return {
    figures: stats.map((s) => figuresOf(s.game, Number(s.big_blind), { ...emptyPlayer(), ...(s.counters as PlayerCounters) })),
    hoursPlayed: Math.round(a.playedMs / 36_000) / 100,
    longestSessionHours: Math.round(a.longestMs / 36_000) / 100,
    maxTables: a.maxTables,
    days: days.reverse().map((d) => ({ day: d.day, hands: d.hands, net: d.net, cumulative: (cumulative += d.net) })),
  };
}

async function traces(ex: Executor, userId: number): Promise<IntegrityPlayer['traces']> {
  const mine = await rows<IntegrityLoginRow>(ex, sql`SELECT * FROM integrity_logins WHERE user_id = ${userId} ORDER BY last_at DESC LIMIT 50`);
  const out: IntegrityPlayer['traces'] = [];
  for (const kind of ['ip', 'device'] as const) {
    const by = new Map<string, { count: number; lastAt: string }>();
    for (const l of mine) {
      const v = l[kind];
      if (!v) continue;
      const o = by.get(v);
      by.set(v, { count: (o?.count ?? 0) + l.count, lastAt: o && o.lastAt > iso(l.last_at) ? o.lastAt : iso(l.last_at) });
    }
    for (const [value, t] of by) {
      const others = await rows<{ username: string }>(
        ex,
        sql`SELECT DISTINCT u.username FROM integrity_logins l JOIN users u ON u.id = l.user_id
            WHERE l.${sql.raw(kind)} = ${value} AND l.user_id <> ${userId} ORDER BY u.username LIMIT 20`,
      );
      out.push({ kind, value, count: t.count, lastAt: t.lastAt, others: others.map((o) => o.username) });
    }
  }
  return out;
}

export async function playerPage(ex: Executor, userId: number): Promise<IntegrityPlayer> {
  const me = (await briefs(ex, [userId])).get(userId);
  if (!me) throw notFound('User');
  const reason = await first<{ reason: string }>(ex, sql`SELECT reason FROM integrity_standing WHERE user_id = ${userId}`);
  const pairs = await rows<IntegrityPairRow>(
    ex,
    sql`SELECT * FROM integrity_pairs WHERE user_a = ${userId} OR user_b = ${userId} ORDER BY together DESC LIMIT 20`,
  );
  const names = await briefs(
    ex,
    pairs.map((p) => (p.user_a === userId ? p.user_b : p.user_a)),
  );
  return {
    ...me,
    standingReason: reason?.reason ?? null,
    stats: await myStats(ex, userId),
    alerts: await toAlerts(ex, await alertRows(ex, withUser(userId))),
    traces: await traces(ex, userId),
    partners: pairs.map((p) => {
      const c = p.counters as PairCounters;
      const other = p.user_a === userId ? p.user_b : p.user_a;
      const toMe = p.user_a === userId ? c.bToA - c.aToB : c.aToB - c.bToA;
      return { userId: other, username: names.get(other)?.username ?? `#${other}`, handsTogether: p.together, netFromThem: Math.round(toMe) };
    }),
  };
}

/** The accounts linked to this one through open or cased linked-account alerts, followed transitively. */
export async function groupPage(ex: Executor, userId: number): Promise<IntegrityGroup> {
  const members = new Set([userId]);
  const seen = new Map<number, IntegrityAlertRow>();
  for (let frontier = [userId]; frontier.length;) {
    const next: number[] = [];
    for (const u of frontier)
      for (const a of await alertRows(ex, sql`a.kind = 'linked_accounts' AND a.status <> 'dismissed' AND ${withUser(u)}`)) {
        seen.set(Number(a.id), a);
        for (const m of idsOf(a.user_ids))
          if (!members.has(m) && members.size < 50) {
            members.add(m);
            next.push(m);
          }
      }
    frontier = next;
  }
  const users = await briefs(ex, [...members]);
  if (!users.has(userId)) throw notFound('User');
  const others = await alertRows(ex, sql`a.kind <> 'linked_accounts' AND ${withUser(userId)}`);
  return { members: [...users.values()], alerts: await toAlerts(ex, [...seen.values(), ...others]) };
}

/** A settled hand as the replayer reads it (its PHH with every card). */
export async function evidenceHand(ex: Executor, handId: number): Promise<{ handId: number; tableId: number; handNumber: number; phh: string | null }> {
  const h = await first<{ id: number; table_id: number; hand_number: number; phh: string | null }>(
    ex,
    sql`SELECT id, table_id, hand_number, phh FROM hands WHERE id = ${handId} AND status = 'settled'`,
  );
  if (!h) throw notFound('Hand');
  return { handId: Number(h.id), tableId: h.table_id, handNumber: h.hand_number, phh: h.phh };
}
