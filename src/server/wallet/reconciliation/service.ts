// Reconciliation (docs/payments.md): the daily report per day and channel, its differences, and
// the alert: how many differences are unexplained (the back office's badge; a metric for ops).
import type { z } from 'zod';
import type { List } from '../../../shared/api/common';
import type { ReconciliationDifference, ReconciliationDifferenceQuery, ReconciliationQuery, ReconciliationRow } from '../../../shared/api/reconciliation';
import type { Executor } from '../../db/client';
import { badRequest } from '../../core/errors';
import { pageWindow } from '../../core/paging';
import { dayOf, reconcile } from './compare';
import { loadReconData } from './load';
import type { QPayFeed } from './qpay-feed';

/** The window of the alert, and of the report when no dates are given. */
export const ALERT_DAYS = 30;
const CACHE_MS = 30_000;
const MAX_DAYS = 366;

function range(q: { from?: string; to?: string; day?: string }): { from: string; to: string } {
  const to = q.day ?? q.to ?? dayOf(Date.now());
  const from = q.day ?? q.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (ALERT_DAYS - 1) * 86_400_000);
  if (from > to) throw badRequest('`from` is after `to`', 'INVALID_INPUT', [{ path: 'from', message: 'After to' }]);
  if (Date.parse(to) - Date.parse(from) > MAX_DAYS * 86_400_000)
    throw badRequest(`At most ${MAX_DAYS} days at a time`, 'INVALID_INPUT', [{ path: 'from', message: 'Too early' }]);
  return { from, to };
}

/** Both lists are by day (newest first unless asked); `id` is react-admin's default. */
const SORTS = ['day', 'id'] as const;

function page<T>(all: T[], q: { page: number; perPage: number }): List<T> {
  return { items: all.slice((q.page - 1) * q.perPage, q.page * q.perPage), total: all.length };
}

export class Reconciliation {
  private cached: { at: number; count: number } | null = null;

  constructor(
    private readonly db: Executor,
    /** Null when QPay is off. */
    readonly feed: QPayFeed | null,
  ) {}

  private async compute(from: string, to: string) {
    return reconcile(await loadReconData(this.db, from, to));
  }

  /** One row per day (newest first) and channel, filtered, a page of them. */
  async rows(q: z.output<typeof ReconciliationQuery>): Promise<List<ReconciliationRow>> {
    pageWindow(q, SORTS, 'day');
    const { from, to } = range(q);
    const { rows } = await this.compute(from, to);
    return page(
      rows.filter((r) => (!q.channel || r.channel === q.channel) && (!q.status || r.status === q.status)),
      q,
    );
  }

  async differences(q: z.output<typeof ReconciliationDifferenceQuery>): Promise<List<ReconciliationDifference>> {
    pageWindow(q, SORTS, 'day');
    const { from, to } = range(q);
    const { items } = await this.compute(from, to);
    const order = q.order === 'ASC' ? 1 : -1;
    return page(
      items
        .filter((i) => (!q.channel || i.channel === q.channel) && (!q.kind || i.kind === q.kind))
        .sort((a, b) => order * a.day.localeCompare(b.day) || a.id.localeCompare(b.id)),
      q,
    );
  }

  /** Unexplained differences of the last ALERT_DAYS days (cached 30 s): the alert's figure, and ops' metric. */
  async unexplainedDifferences(): Promise<number> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.count;
    const { from, to } = range({});
    const count = (await this.compute(from, to)).items.length;
    this.cached = { at: Date.now(), count };
    return count;
  }

  async alerts() {
    return { differences: await this.unexplainedDifferences(), days: ALERT_DAYS, checkedAt: new Date(this.cached?.at ?? Date.now()).toISOString() };
  }

  /** Forget the cached count (after staff acted or QPay's list was fetched). */
  invalidate(): void {
    this.cached = null;
  }
}
