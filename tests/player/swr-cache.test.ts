import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CacheCollector, CACHE_TIME_MS, SUBSCRIPTION_BATCH_MS } from '../../src/player/swr';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const cache = new Map<string, unknown>([['k', { data: 1 }]]);
  const c = new CacheCollector(cache as never);
  return { cache, c };
}

describe('SWR cache kept 60 s after last use', () => {
  it('uses the spec constants', () => {
    expect(CACHE_TIME_MS).toBe(60_000);
    expect(SUBSCRIPTION_BATCH_MS).toBe(500);
  });

  it('evicts an entry 60 s after its last subscriber leaves', () => {
    const { cache, c } = setup();
    const off = c.subscribe('k');
    vi.advanceTimersByTime(500);
    expect(c.subscribers('k')).toBe(1);
    off();
    vi.advanceTimersByTime(500); // batch applied
    vi.advanceTimersByTime(59_999);
    expect(cache.has('k')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(cache.has('k')).toBe(false);
  });

  it('keeps it when a new subscriber comes back in time', () => {
    const { cache, c } = setup();
    const off = c.subscribe('k');
    vi.advanceTimersByTime(500);
    off();
    vi.advanceTimersByTime(30_000);
    c.subscribe('k');
    vi.advanceTimersByTime(120_000);
    expect(cache.has('k')).toBe(true);
  });

  it('batches subscription changes: an unmount and remount within 500 ms is not a release', () => {
    const { cache, c } = setup();
    const off = c.subscribe('k');
    vi.advanceTimersByTime(500);
    off();
    c.subscribe('k');
    expect(c.subscribers('k')).toBe(1); // nothing applied yet
    vi.advanceTimersByTime(500);
    expect(c.subscribers('k')).toBe(1);
    vi.advanceTimersByTime(120_000);
    expect(cache.has('k')).toBe(true);
  });
});
