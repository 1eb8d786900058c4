// Reports per UTC day or month: deposits, withdrawals paid, rake, jackpot fed and paid, active
// players and registrations. One row per period of the range, empty periods included (as
// react-admin lists them, with paging and CSV export).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReportQuery, ReportRow } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import { type Executor, rows } from '../db/client';
import { badRequest } from '../core/errors';
import { pageWindow } from '../core/paging';

export type ReportListQuery = z.output<typeof ReportQuery>;
type Line = Omit<ReportRow, 'period'>;

/** Most periods one report may span (ten years of days). */
const MAX_PERIODS = 3700;
const DAY = 86_400_000;

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const monthIndex = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;

/** The range asked for, as the first day of its first and last periods, and how many periods it holds. */
export function reportRange(q: Pick<ReportListQuery, 'period' | 'from' | 'to'>, now = Date.now()): { from: string; to: string; count: number } {
  const today = isoDay(now);
  if (q.period === 'month') {
    const to = monthStart(q.to ?? today);
    const from = q.from ? monthStart(q.from) : isoDay(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 12, 1));
    return check(from, to, monthIndex(to) - monthIndex(from) + 1);
  }
  const to = q.to ?? today;
  const from = q.from ?? isoDay(Date.parse(to) - 29 * DAY);
  return check(from, to, Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1);
}

function check(from: string, to: string, count: number) {
  if (count < 1) throw badRequest('`from` must not be after `to`', 'INVALID_INPUT', [{ path: 'from', message: 'After to' }]);
  if (count > MAX_PERIODS) throw badRequest(`A report spans at most ${MAX_PERIODS} periods`, 'INVALID_INPUT', [{ path: 'from', message: 'Range too long' }]);
  return { from, to, count };
}

export class ReportService {
  constructor(private readonly db: Executor) {}

  async list(q: ReportListQuery): Promise<List<ReportRow>> {
    const w = pageWindow(q, ['id', 'period'], 'id');
    const { from, to, count } = reportRange(q);
    const step = q.period === 'month' ? sql`interval '1 month'` : sql`interval '1 day'`;
    const label = q.period === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
    const dir = w.order === 'ASC' ? sql`ASC` : sql`DESC`;
    // The page of periods first, then the sums of each (only the rows shown are computed).
    const lines = await rows<Line>(
      this.db,
      sql`WITH p AS (SELECT d::date AS start FROM generate_series(${from}::date, ${to}::date, ${step}) d ORDER BY d ${dir} LIMIT ${w.limit} OFFSET ${w.offset}),
          r AS (SELECT p.start, p.start::timestamp AT TIME ZONE 'UTC' AS s, (p.start + ${step}) AT TIME ZONE 'UTC' AS e FROM p)
          SELECT to_char(r.start, ${label}) AS id,
            (SELECT coalesce(sum(amount), 0) FROM transfers WHERE kind = 'DEPOSIT' AND created_at >= r.s AND created_at < r.e)::bigint AS deposits,
            (SELECT coalesce(sum(amount), 0) FROM transfers WHERE kind = 'WITHDRAWAL_PAID' AND created_at >= r.s AND created_at < r.e)::bigint AS withdrawals,
            (SELECT coalesce(sum(amount), 0) FROM transfers WHERE kind = 'RAKE' AND created_at >= r.s AND created_at < r.e)::bigint AS rake,
            (SELECT coalesce(sum(amount), 0) FROM transfers WHERE kind = 'JACKPOT_CONTRIBUTION' AND created_at >= r.s AND created_at < r.e)::bigint AS jackpot,
            (SELECT coalesce(sum(amount), 0) FROM transfers WHERE kind = 'BONUS' AND created_at >= r.s AND created_at < r.e)::bigint AS "jackpotPaid",
            (SELECT count(DISTINCT hp.user_id) FROM hands h JOIN hand_players hp ON hp.hand_id = h.id JOIN users u ON u.id = hp.user_id
              WHERE NOT u.is_bot AND h.started_at >= r.s AND h.started_at < r.e)::bigint AS "activePlayers",
            (SELECT count(*) FROM users WHERE NOT is_bot AND created_at >= r.s AND created_at < r.e)::bigint AS registrations
          FROM r ORDER BY r.start ${dir}`,
    );
    return { items: lines.map((l) => ({ ...l, period: q.period })), total: count };
  }
}
