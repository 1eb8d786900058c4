// This instance's part of the room: its leases (steward.ts), the owners' announcements, the
// administrators' table changes, and the periodic refresh of who owns what (directory.ts).
import type { Database } from '../db/client';
import type { TableRegistry } from './registry';
import type { Bus } from '../cluster/bus';
import type { TableRouter } from './router';
import { LeaseStore } from '../cluster/leases';
import { Steward, type StewardOptions } from '../cluster/steward';

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface RoomOptions {
  leaseTtlMs?: number;
  leaseTickMs?: number;
  /** Whether the database answered the lease tick (readiness). */
  onDatabase?: (ok: boolean, error?: unknown) => void;
  metrics?: StewardOptions['metrics'];
}

export class Room {
  readonly steward: Steward;
  private readonly leases: LeaseStore;
  private readonly off: Array<() => void> = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  /** When the owners were last read: a longer gap than a lease means others may have pruned our viewers. */
  private refreshedAt = 0;
  /** A lone instance (no Redis) takes every table at once, whatever a previous run's leases say. */
  private readonly alone: boolean;

  constructor(
    db: Database,
    private readonly bus: Bus,
    private readonly registry: TableRegistry,
    private readonly router: TableRouter,
    private readonly log: Log,
    private readonly opts: RoomOptions,
  ) {
    this.alone = !bus.shared;
    this.leases = new LeaseStore(db, opts.leaseTtlMs ?? 10_000);
    this.steward = new Steward(
      this.leases,
      {
        tableIds: () => registry.tableIds(),
        adopt: (tableId, epoch, reloaded) => this.adopt(tableId, epoch, reloaded),
        lost: (tableId) => registry.drop(tableId),
        drain: (tableId) => registry.drain(tableId).then(() => undefined),
        database: (ok, e) => opts.onDatabase?.(ok, e),
        announce: (tableId, owner) => void bus.publish('owners', { tableId, owner }).catch((e) => log.error(e, 'owner announcement failed')),
        log,
      },
      { instanceId: bus.instanceId, alone: this.alone, tickMs: opts.leaseTickMs ?? 1000, metrics: opts.metrics },
    );
    // Frames sent while Redis was away are lost: every watcher here asks its owner for a whole view.
    bus.onHealth?.((ok) => ok && router.directory.resubscribeAll());
    this.off.push(
      bus.subscribe('owners', (m) => {
        const { tableId, owner } = m as { tableId: number; owner: string | null };
        router.directory.ownerChanged(tableId, owner);
        if (owner === null) void this.steward.tickNow();
      }),
      // An administrator created or edited a table on another instance.
      bus.subscribe('tables', (m) => {
        const { tableId, from } = m as { tableId: number; from: string };
        if (from !== bus.instanceId) void this.applyTableChange(tableId).catch((e) => log.error(e, `table ${tableId}: could not apply the change`));
      }),
    );
  }

  private async adopt(tableId: number, epoch: number, reloaded: boolean): Promise<boolean> {
    const reason = reloaded ? 'database connection lost' : this.alone ? 'server restarted' : 'table taken over by another server';
    const adopted = await this.registry.adopt(tableId, epoch, reason, reloaded ? 'reload' : this.alone ? 'restart' : 'takeover');
    if (adopted && (adopted.voided || adopted.returned))
      this.log.warn({ tableId, epoch, ...adopted }, 'took a table over: unsettled hand voided, chips of players no longer seated returned');
    return adopted !== null;
  }

  /** Takes this instance's tables and starts the ticks. */
  async start(): Promise<void> {
    await this.steward.start();
    await this.refresh();
    const tick = this.opts.leaseTickMs ?? 1000;
    this.timer = setInterval(() => void this.refresh().catch((e) => this.log.warn({ err: String(e) }, 'table owners not refreshed')), tick);
    this.timer.unref();
  }

  private async refresh(): Promise<void> {
    const [ids, pool, leases, seen, tournament] = await Promise.all([
      this.registry.tableIds(),
      // A pool's tables are leased by its director (pools/room.ts), routed by those leases.
      this.alone ? [] : this.registry.poolTableIds(),
      this.leases.all(),
      this.alone ? [] : this.leases.seenInstances(),
      // A lone instance runs every director itself: its tournament tables are all local.
      this.alone ? [] : this.leases.tournamentTables(),
    ]);
    this.router.directory.refresh([...ids, ...pool, ...tournament.map((l) => l.tableId)], [...leases, ...tournament]);
    if (this.alone) return;
    this.registry.pruneViewers(new Set(seen));
    // Away longer than a lease (paused, cut off): the owners may have dropped this instance's viewers.
    const now = Date.now();
    if (this.refreshedAt && now - this.refreshedAt > this.leases.ttlMs) this.router.directory.resubscribeAll();
    this.refreshedAt = now;
  }

  /** A table was created or edited here: its owner applies it (a new one is taken), then every instance hears of it. */
  async tableChanged(tableId: number): Promise<void> {
    await this.applyTableChange(tableId);
    await this.bus.publish('tables', { tableId, from: this.bus.instanceId });
  }

  private async applyTableChange(tableId: number): Promise<void> {
    const r = await this.registry.sync(tableId);
    if (r === 'not-owned') await (this.alone ? this.steward.take(tableId, true) : this.steward.tickNow());
  }

  /** Deploy: every hand in play finishes, every table is handed over, the heartbeat goes. */
  async drain(): Promise<void> {
    await this.steward.drainAll();
    await this.steward.stop(true);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const off of this.off) off();
    await this.steward.stop(false);
  }
}
