// The QPay job: every `pollMs` it closes creations left half-done, expires open invoices whose time
// is over (QPay's cancelled first, then a last check), and asks QPay about open invoices that had
// no news for `checkMs` (a callback that never came, QPay down when it called). One pass at a
// time; every step is idempotent, so several instances may run it.
import { systemClock, type TimerHandle } from '../../core/clock';
import type { QPayDeposits, QPayLogger } from './invoices';
import type { QPayRepo } from './repo';
import type { QPaySettlement } from './settle';

/** A creation not confirmed by QPay within this long is failed (nobody saw its QR code). */
const CREATING_MS = 2 * 60_000;
const BATCH = 50;
/** Open invoices asked about at once. */
const PARALLEL = 5;

export class QPayPoller {
  private timer: TimerHandle | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly deposits: QPayDeposits,
    private readonly settlement: QPaySettlement,
    private readonly repo: QPayRepo,
    private readonly opts: { pollMs: number; checkMs: number },
    private readonly log: QPayLogger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = systemClock.setTimer(ms, () => {
      this.running = this.pass()
        .catch((e: unknown) => this.log.warn(`QPay job: ${(e as Error).message}`))
        .finally(() => {
          this.running = null;
          this.schedule(this.opts.pollMs);
        });
    });
  }

  /** One pass (tests call it directly). */
  async pass(): Promise<void> {
    for (const r of await this.repo.failStaleCreating(CREATING_MS)) this.settlement.notify(r);
    for (const r of await this.repo.expired(BATCH)) {
      if (this.stopped && this.timer) break;
      await this.deposits.expire(r).catch((e: unknown) => this.log.warn(`QPay: invoice ${r.ref} not expired yet: ${(e as Error).message}`));
    }
    const due = await this.repo.dueForCheck(this.opts.checkMs, BATCH);
    for (let i = 0; i < due.length; i += PARALLEL) await Promise.all(due.slice(i, i + PARALLEL).map((r) => this.deposits.checkOpen(r).catch(() => undefined)));
  }
}
