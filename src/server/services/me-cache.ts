// The signed-in user's own record (GET /me and every token check) kept in memory, so the hot
// path costs no database round trip. Invalidated after commit by the only writers: the ledger
// (balance events) and UserService (profile, role, password, token version, delete). A read that
// began before an invalidation never stores what it read. Per process: a deployment with several
// server processes sets ME_CACHE_TTL_MS=0 (see docs/server.md). The TTL bounds any write made
// outside the app (an operator's SQL).
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

  invalidate(userId: number): void {
    this.dirty.set(userId, ++this.seq);
    this.entries.delete(userId);
  }
}
