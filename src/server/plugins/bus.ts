// The bus between instances: Redis pub/sub when REDIS_URL is set, else in-process.
import type { FastifyInstance } from 'fastify';
import { type Bus, LocalBus, RedisBus } from '../cluster/bus';
import { global } from './global';

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

export const busPlugin = global<{ bus?: Bus; redisUrl?: string; redisPrefix?: string }>(async (app: FastifyInstance, opts) => {
  let bus = opts.bus;
  if (!bus && opts.redisUrl) {
    const redis = new RedisBus(opts.redisUrl, opts.redisPrefix, app.log, () => app.metrics.redisError('bus'));
    await redis.ready();
    bus = redis;
  }
  bus ??= new LocalBus(app.log);
  app.decorate('bus', bus);
  // A bus given by the caller (tests sharing one) is the caller's to close.
  if (!opts.bus) app.addHook('onClose', () => bus.close());
});
