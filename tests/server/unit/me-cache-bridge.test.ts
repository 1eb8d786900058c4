// The bridge between the instances' caches: an invalidation reaches the others once, in one
// message per tick, and is never announced again by those who hear it (no echo).
import { describe, expect, it } from 'vitest';
import type { Bus, BusHandler } from '../../../src/server/cluster/bus';
import { ME_CACHE_CHANNEL, bridgeMeCache } from '../../../src/server/plugins/me-cache-bridge';
import { MeCache } from '../../../src/server/accounts/me-cache';
import type { Me } from '../../../src/shared/api/user';

/** Buses that hand every message to every instance, the sender included (as Redis pub/sub with the local delivery). */
function network() {
  const sent: Array<{ channel: string; message: unknown }> = [];
  const all: Array<{ channel: string; handler: BusHandler }> = [];
  const bus = (instanceId: string): Bus => ({
    instanceId,
    shared: true,
    async publish(channel, message) {
      // Bounded: an echo loop shows as too many messages rather than running forever.
      if (sent.length >= 20) return;
      sent.push({ channel, message });
      for (const h of all.filter((x) => x.channel === channel)) h.handler(message);
    },
    subscribe(channel, handler) {
      const entry = { channel, handler };
      all.push(entry);
      return () => void all.splice(all.indexOf(entry), 1);
    },
    async close() {},
  });
  return { sent, bus };
}

const me = { userId: 1, username: 'u', role: 'PLAYER', status: 'active' } as Me;
const cached = (c: MeCache, userId: number) => c.set(userId, c.mark(), { me: { ...me, userId }, tokenVersion: 0 });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('bridgeMeCache', () => {
  it('an invalidation on one instance drops the copy on the others, once, without an echo', async () => {
    const net = network();
    const [a, b, c] = [new MeCache(), new MeCache(), new MeCache()];
    const offs = [bridgeMeCache(a, net.bus('a'), console), bridgeMeCache(b, net.bus('b'), console), bridgeMeCache(c, net.bus('c'), console)];
    for (const cache of [a, b, c]) for (const id of [1, 2, 3, 4]) cached(cache, id);

    a.invalidate(1);
    a.invalidate(2);
    a.invalidate(1);
    await tick();
    expect(net.sent).toEqual([{ channel: ME_CACHE_CHANNEL, message: { from: 'a', userIds: [1, 2] } }]);
    for (const cache of [a, b, c]) expect([1, 2, 3, 4].map((id) => !!cache.get(id))).toEqual([false, false, true, true]);

    // A read that began before the message arrived does not store what it read.
    const mark = b.mark();
    c.invalidate(3);
    await tick();
    b.set(3, mark, { me, tokenVersion: 0 });
    expect(b.get(3)).toBeUndefined();
    expect(net.sent).toHaveLength(2);

    for (const off of offs) off();
    a.invalidate(4);
    await tick();
    expect(net.sent).toHaveLength(2);
    expect(b.get(4)).toBeDefined();
  });
});
