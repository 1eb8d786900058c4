// QPay's own list of payments (POST /v2/payment/list) for the reconciliation, fetched per
// Ulaanbaatar date and kept (qpay_reported_payments): every hour for yesterday and today, and
// when staff ask. QPay answering nothing for a date is recorded too (a day with no payment).
import { sql } from 'drizzle-orm';
import { wholeTugrik } from '../../../shared/api/qpay';
import type { Database } from '../../db/client';
import { systemClock, type TimerHandle } from '../../core/clock';
import type { QPayClient } from '../qpay/client';
import { qpayTime } from '../qpay/rules';

/** Today and yesterday in Ulaanbaatar (UTC+8). */
export function recentUbDates(now = Date.now()): string[] {
  const d = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
  return [d(now - 86_400_000), d(now)];
}

export class QPayFeed {
  private timer: TimerHandle | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Database,
    private readonly client: QPayClient,
    private readonly log: { warn(msg: string): void },
  ) {}

  /** QPay's payments of one Ulaanbaatar date, stored; the number fetched. */
  async fetch(ubDate: string): Promise<number> {
    const asked = new Date().toISOString();
    const list = await this.client.listPayments(ubDate, ubDate);
    await this.db.transaction(async (tx) => {
      for (const p of list) {
        const amount = wholeTugrik(p.payment_amount);
        const paidAt = new Date(qpayTime(p.payment_date) ?? Date.now()).toISOString();
        await tx.execute(
          sql`INSERT INTO qpay_reported_payments (payment_id, qpay_invoice_id, status, amount_text, amount, currency, paid_at)
              VALUES (${p.payment_id}, ${p.object_id ?? ''}, ${p.payment_status}, ${String(p.payment_amount)}, ${amount !== null && amount > 0 ? amount : null},
                      ${p.payment_currency}, ${paidAt}::timestamptz)
              ON CONFLICT (payment_id) DO UPDATE SET status = EXCLUDED.status, amount_text = EXCLUDED.amount_text, amount = EXCLUDED.amount,
                currency = EXCLUDED.currency, fetched_at = now()`,
        );
      }
      // The time asked, not answered: a payment made while QPay answered may be missing from it.
      await tx.execute(
        sql`INSERT INTO qpay_list_fetches (ub_date, fetched_at) VALUES (${ubDate}, ${asked}::timestamptz)
            ON CONFLICT (ub_date) DO UPDATE SET fetched_at = EXCLUDED.fetched_at`,
      );
    });
    return list.length;
  }

  async refresh(days: string[] = recentUbDates()): Promise<number> {
    let n = 0;
    for (const d of days) n += await this.fetch(d);
    return n;
  }

  start(everyMs: number): void {
    const run = () => {
      this.running = this.refresh()
        .catch((e: unknown) => this.log.warn(`reconciliation: QPay's payment list not fetched: ${(e as Error).message}`))
        .finally(() => (this.timer = systemClock.setTimer(everyMs, run)));
    };
    this.timer = systemClock.setTimer(0, run);
  }

  async stop(): Promise<void> {
    this.timer?.cancel();
    this.timer = null;
    await this.running;
  }
}
