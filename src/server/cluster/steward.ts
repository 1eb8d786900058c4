// Which tables this instance owns. Every tick it beats its heart, renews its leases (a lease it
// could not renew is lost: its actor stops at once), takes free or expired tables up to its fair
// share of the live instances, and gives one back at a hand's end when it holds more than that.
// A lone instance (no Redis) takes every table at start, whatever the leases of a previous run say.
import type { Metrics } from '../core/metrics';
import type { LeaseStore } from './leases';
import { Ticker } from './ticker';

export interface StewardHost {
  /** Live table ids. */
  tableIds(): Promise<number[]>;
  /** Now ours at `epoch`: recover and open the table. False if it could not (the lease is released). */
  adopt(tableId: number, epoch: number, reloaded: boolean): Promise<boolean>;
  /** Lost (not renewed, or a write refused as stale): stop at once. */
  lost(tableId: number): Promise<void>;
  /** Finish the hand in play and stop; resolves once nothing more will be written. */
  drain(tableId: number): Promise<void>;
  /** Tell every instance who owns the table now (null: nobody, take it). */
  announce(tableId: number, owner: string | null): void;
  /** Whether the database answered the tick's heartbeat (readiness). */
  database(ok: boolean, error?: unknown): void;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

export interface StewardOptions {
  instanceId: string;
  /** One instance alone: take every table at start. */
  alone: boolean;
  tickMs: number;
  /** Leases taken, lost and given up, in the instance's metrics. */
  metrics?: Pick<Metrics, 'leaseTaken' | 'leaseLost' | 'leaseReleased'>;
}

export class Steward {
  private readonly held = new Map<number, number>();
  private readonly taking = new Map<number, Promise<boolean>>();
  /** Tables being handed over at their hand's end (rebalancing). */
  private readonly leaving = new Set<number>();
  /** Tables whose actor stopped on a write of unknown outcome, by the epoch held: reloaded at a tick. */
  private readonly reloading = new Map<number, number>();
  private readonly ticker: Ticker;
  private draining = false;

  constructor(
    private readonly leases: LeaseStore,
    private readonly host: StewardHost,
    private readonly opts: StewardOptions,
  ) {
    this.ticker = new Ticker(
      () => this.tick(),
      opts.tickMs,
      (e) => host.log.error(e, 'table leases: tick failed'),
    );
  }

  get instanceId(): string {
    return this.opts.instanceId;
  }
  epochOf(tableId: number): number | undefined {
    return this.held.get(tableId);
  }
  owned(): number[] {
    return [...this.held.keys()];
  }

  async start(): Promise<void> {
    await this.leases.heartbeat(this.opts.instanceId, false);
    if (this.opts.alone) for (const id of await this.host.tableIds()) await this.take(id, true);
    else await this.tick();
    this.ticker.start();
  }

  /** One tick now (a table was freed or created); ticks never overlap. */
  tickNow(): Promise<void> {
    return this.ticker.now();
  }

  private async tick(): Promise<void> {
    if (this.ticker.isStopped) return;
    try {
      await this.leases.heartbeat(this.opts.instanceId, this.draining);
    } catch (e) {
      // Said once by readiness, not at every tick; the leases wait for the database.
      this.host.database(false, e);
      return;
    }
    this.host.database(true);
    // Only the leases asked about can be judged: a table taken (or reloaded at a new epoch) while
    // the renewal was on its way was not in it, and is not lost for that.
    const asked = new Map(this.held);
    const renewed = await this.leases.renew(this.opts.instanceId, asked);
    for (const [id, epoch] of asked) if (!renewed.has(id) && this.held.get(id) === epoch) await this.lose(id, 'lease not renewed');
    for (const id of [...this.reloading.keys()]) await this.reloadNow(id);
    if (this.draining) return;
    // Only a table held before the reading began can be judged deleted by its absence: one created
    // and taken while the reading was on its way is not in it.
    const heldBefore = new Set(this.held.keys());
    const [tables, leases, live] = await Promise.all([this.host.tableIds(), this.leases.all(), this.leases.liveInstances()]);
    const tableSet = new Set(tables);
    // Deleted tables: let them go.
    for (const id of this.owned()) if (!tableSet.has(id) && heldBefore.has(id)) await this.giveUp(id);
    // Alone, every table is ours (a previous run's heartbeat may still look alive for a while).
    const share = this.opts.alone ? tables.length : Math.ceil(tables.length / Math.max(1, live.length));
    const leased = new Map(leases.map((l) => [l.tableId, l]));
    const free = tables.filter((id) => !this.held.has(id) && (!leased.has(id) || leased.get(id)!.expired));
    for (const id of free) {
      if (this.held.size >= share) break;
      await this.take(id, false);
    }
    // Over the share (an instance joined): hand one table over at a time, at its hand's end,
    // without holding up the ticks (the other leases must still be renewed meanwhile).
    if (!this.opts.alone && this.held.size > share && live.length > 1 && this.leaving.size === 0) {
      const id = this.owned()[this.held.size - 1];
      this.leaving.add(id);
      void this.giveUp(id)
        .catch((e) => this.host.log.error(e, `table ${id}: hand-over failed`))
        .finally(() => this.leaving.delete(id));
    }
  }

  /** Takes a table (a new one, or one that lost its owner) if it is free. */
  take(tableId: number, force: boolean): Promise<boolean> {
    // One taking per table at a time (a tick and an administrator's new table may race here).
    const inFlight = this.taking.get(tableId);
    if (inFlight) return inFlight;
    const p = this.takeNow(tableId, force).finally(() => this.taking.delete(tableId));
    this.taking.set(tableId, p);
    return p;
  }

  private async takeNow(tableId: number, force: boolean): Promise<boolean> {
    if (this.held.has(tableId) || this.ticker.isStopped) return this.held.has(tableId);
    const epoch = await this.leases.acquire(tableId, this.opts.instanceId, force);
    if (epoch === null) return false;
    this.opts.metrics?.leaseTaken();
    return this.adoptAt(tableId, epoch);
  }

  /** The lease is ours at `epoch`: open the table, or give the lease back if that fails. */
  private async adoptAt(tableId: number, epoch: number, reloaded = false): Promise<boolean> {
    this.held.set(tableId, epoch);
    let ok = false;
    try {
      ok = await this.host.adopt(tableId, epoch, reloaded);
    } catch (e) {
      this.host.log.error(e, `table ${tableId}: could not take it over`);
    }
    if (!ok) {
      this.held.delete(tableId);
      await this.host.lost(tableId);
      await this.leases.release(tableId, this.opts.instanceId, epoch);
      this.opts.metrics?.leaseReleased();
      return false;
    }
    this.host.announce(tableId, this.opts.instanceId);
    return true;
  }

  /**
   * A write's outcome is unknown (the database went away mid-commit): the actor stops now, and the
   * table is adopted again at a new epoch once the database answers, from what it holds.
   */
  async reload(tableId: number): Promise<void> {
    const epoch = this.held.get(tableId);
    if (epoch === undefined || this.reloading.has(tableId)) return;
    this.reloading.set(tableId, epoch);
    this.host.log.warn({ tableId }, 'table stopped to be reloaded from the database');
    await this.host.lost(tableId);
    await this.tickNow();
  }

  private async reloadNow(tableId: number): Promise<void> {
    const held = this.held.get(tableId);
    const was = this.reloading.get(tableId);
    this.reloading.delete(tableId);
    if (held === undefined || held !== was) return;
    const epoch = await this.leases.reacquire(tableId, this.opts.instanceId, held).catch((e) => {
      this.reloading.set(tableId, held);
      throw e;
    });
    this.held.delete(tableId);
    if (epoch === null) return this.host.log.warn({ tableId }, 'table lease lost before its reload');
    await this.adoptAt(tableId, epoch, true);
  }

  /** The database refused a write as stale: another instance owns the table. */
  async stale(tableId: number): Promise<void> {
    if (this.held.has(tableId)) await this.lose(tableId, 'write refused as stale');
  }

  private async lose(tableId: number, why: 'lease not renewed' | 'write refused as stale'): Promise<void> {
    this.opts.metrics?.leaseLost(why === 'lease not renewed' ? 'expired' : 'stale');
    this.held.delete(tableId);
    this.reloading.delete(tableId);
    this.host.log.warn({ tableId, why }, 'table lease lost');
    await this.host.lost(tableId);
  }

  /** Finishes the table's hand in play, then releases its lease for another instance. */
  private async giveUp(tableId: number): Promise<void> {
    const epoch = this.held.get(tableId);
    if (epoch === undefined) return;
    await this.host.drain(tableId);
    this.held.delete(tableId);
    await this.leases.release(tableId, this.opts.instanceId, epoch);
    this.opts.metrics?.leaseReleased();
    this.host.announce(tableId, null);
  }

  /** Deploy: take nothing more, finish every hand in play and hand every table over. */
  async drainAll(): Promise<void> {
    this.draining = true;
    await this.ticker.idle();
    await this.leases.heartbeat(this.opts.instanceId, true);
    await Promise.all(this.owned().map((id) => this.giveUp(id).catch((e) => this.host.log.error(e, `table ${id}: hand-over failed`))));
  }

  /** Stops the ticks; `forget` also removes this instance's heartbeat. */
  async stop(forget: boolean): Promise<void> {
    await this.ticker.stop();
    if (forget) await this.leases.forget(this.opts.instanceId).catch(() => undefined);
  }
}
