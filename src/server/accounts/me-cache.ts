// The signed-in user's own record (GET /me and every token check) kept in memory, so the hot
// path costs no database round trip. Invalidated after commit by the only writers: the ledger
// (balance events) and UserService (profile, role, password, token version, delete). A read that
// began before an invalidation never stores what it read. Each process keeps its own copy; with
// several instances (REDIS_URL) every invalidation also goes over the bus to the others
// (plugins/me-cache-bridge.ts), which forget() theirs. The TTL bounds any write made outside the
// app (an operator's SQL) and a bus message lost while Redis was away.
import type { Me } from '../../shared/api/user';

export interface CachedMe {
  me: Me;
  tokenVersion: number;
}

export class MeCache {
  private readonly entries = new Map<number, CachedMe & { until: number }>();
  /** The sequence number of each user's last invalidation. */
  private readonly dirty = new Map<number, number>();
  private seq = 0;
  private readonly listeners = new Set<(userId: number) => void>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(userId: number): CachedMe | undefined {
    const e = this.entries.get(userId);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(userId);
      return undefined;
    }
    return e;
  }

  /** Call before reading from the database; pass the result to set(). */
  mark(): number {
    return ++this.seq;
  }

  set(userId: number, mark: number, value: CachedMe): void {
    if (!this.enabled || (this.dirty.get(userId) ?? 0) > mark) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as number);
    this.entries.set(userId, { ...value, until: this.now() + this.ttlMs });
  }

  /** A write made here committed: drop the copy and tell the listeners (the other instances). */
  invalidate(userId: number): void {
    this.forget(userId);
    for (const l of this.listeners) l(userId);
  }

  /** Drops the copy without telling anyone: for an invalidation heard from another instance. */
  forget(userId: number): void {
    this.dirty.set(userId, ++this.seq);
    this.entries.delete(userId);
  }

  /** Called on every invalidate() (not forget()). */
  onInvalidate(listener: (userId: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
