// Every instance keeps its own cache of users' records (accounts/me-cache.ts). With several
// instances, a write made on one (balance, profile, role, password...) must reach the copies of
// the others: each invalidation here goes over the bus, and what the others announce is dropped
// here. Registered after the bus plugin; one process (the in-process bus) has no one to tell.
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../cluster/bus';
import type { MeCache } from '../accounts/me-cache';
import { global } from './global';

export const ME_CACHE_CHANNEL = 'me.invalidated';

interface Invalidated {
  from: string;
  userIds: number[];
}

function isInvalidated(m: unknown): m is Invalidated {
  const e = m as Invalidated;
  return typeof e === 'object' && e !== null && typeof e.from === 'string' && Array.isArray(e.userIds) && e.userIds.every((id) => Number.isSafeInteger(id));
}

export function bridgeMeCache(cache: MeCache, bus: Bus, log: { error(obj: unknown, msg?: string): void }): () => void {
  // The invalidations of one tick (a settlement touches every player of the hand) go as one message.
  let pending: Set<number> | null = null;
  let closed = false;
  const flush = () => {
    const userIds = [...pending!];
    pending = null;
    if (closed) return;
    bus
      .publish(ME_CACHE_CHANNEL, { from: bus.instanceId, userIds } satisfies Invalidated)
      .catch((e) => log.error(e, 'could not announce a cache invalidation'));
  };
  const offCache = cache.onInvalidate((userId) => {
    if (!pending) {
      pending = new Set();
      queueMicrotask(flush);
    }
    pending.add(userId);
  });
  // The bus hands this instance its own messages too: those are skipped, and the others'
  // invalidations are forget(), which announces nothing (no echo).
  const offBus = bus.subscribe(ME_CACHE_CHANNEL, (m) => {
    if (!isInvalidated(m) || m.from === bus.instanceId) return;
    for (const id of m.userIds) cache.forget(id);
  });
  return () => {
    closed = true;
    offCache();
    offBus();
  };
}

export const meCacheBridgePlugin = global(async (app: FastifyInstance) => {
  if (!app.bus.shared) return;
  const off = bridgeMeCache(app.services.users.meCache, app.bus, app.log);
  app.addHook('onClose', async () => off());
});
