/**
 * SWR set-up. SPEC §9: "cached query data kept 60 seconds after last use; subscription changes
 * batched every 500 ms". SWR keeps its cache for the whole session and has no garbage collector,
 * so the gcMiddleware below adds one:
 *  - every mounted hook is a subscriber of its key; mounts and unmounts are queued and applied
 *    together every 500 ms (so a page change that unmounts and remounts a key does not count as
 *    "unused");
 *  - when a key's last subscriber is gone, its cache entry is deleted 60 s later unless a new
 *    subscriber arrived in between. The next use fetches it afresh.
 * dedupingInterval stays at SWR's 2 s: the cache already serves repeat reads.
 */
import type { Cache, Middleware, SWRConfiguration, State } from 'swr';
import { unstable_serialize } from 'swr';
import { useEffect } from 'react';
import { swrFetcher } from '../shared/http';

export const CACHE_TIME_MS = 60_000;
export const SUBSCRIPTION_BATCH_MS = 500;

export class CacheCollector {
  private readonly counts = new Map<string, number>();
  private readonly queue: Array<[string, 1 | -1]> = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly evictTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly cache: Cache<State>,
    private readonly cacheTimeMs = CACHE_TIME_MS,
    private readonly batchMs = SUBSCRIPTION_BATCH_MS,
  ) {}

  subscribe(key: string): () => void {
    this.enqueue(key, 1);
    return () => this.enqueue(key, -1);
  }

  subscribers(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  private enqueue(key: string, delta: 1 | -1): void {
    this.queue.push([key, delta]);
    if (this.flushTimer === null) this.flushTimer = setTimeout(() => this.flush(), this.batchMs);
  }

  /** Applies queued mounts/unmounts (runs every 500 ms while there are changes). */
  flush(): void {
    this.flushTimer = null;
    const touched = new Set<string>();
    for (const [key, delta] of this.queue.splice(0)) {
      this.counts.set(key, Math.max(0, (this.counts.get(key) ?? 0) + delta));
      touched.add(key);
    }
    for (const key of touched) {
      const n = this.counts.get(key) ?? 0;
      const pending = this.evictTimers.get(key);
      if (n > 0) {
        if (pending) clearTimeout(pending);
        this.evictTimers.delete(key);
      } else {
        this.counts.delete(key);
        if (pending) clearTimeout(pending);
        this.evictTimers.set(
          key,
          setTimeout(() => {
            this.evictTimers.delete(key);
            if ((this.counts.get(key) ?? 0) === 0) this.cache.delete(key);
          }, this.cacheTimeMs),
        );
      }
    }
  }
}

export function gcMiddleware(collector: () => CacheCollector | null): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const serialized = key ? unstable_serialize(key) : '';
    useEffect(() => {
      const c = collector();
      if (!serialized || !c) return;
      return c.subscribe(serialized);
    }, [serialized]);
    return useSWRNext(key, fetcher, config);
  };
}

/** A fresh cache (Map) with its collector: use as SWRConfig's `provider`. */
export function createSwrConfig(extra: Partial<SWRConfiguration> = {}): SWRConfiguration {
  let collector: CacheCollector | null = null;
  return {
    fetcher: swrFetcher,
    dedupingInterval: 2000,
    revalidateOnFocus: true,
    shouldRetryOnError: (err: unknown) => {
      const status = (err as { status?: number })?.status;
      return !(status && status >= 400 && status < 500);
    },
    provider: () => {
      const map = new Map() as unknown as Cache<State>;
      collector = new CacheCollector(map);
      return map;
    },
    use: [gcMiddleware(() => collector)],
    ...extra,
  };
}
