// Two instances of one room on one database and one Redis (a fresh key prefix per file), both
// listening: the suites where one instance runs something (a tournament's or a pool's director)
// and a player reaches it from the other. `second()` is the other instance; sockets put in `open`
// are closed after the file, with the file's Redis keys.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '../../../src/server/app';
import { buildInstance, setupApp } from './app';
import type { TestSocket } from './ws';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function twoInstances(live: AppOptions['live']) {
  const prefix = `test:${randomBytes(4).toString('hex')}:`;
  const ctx = setupApp({ redisUrl: REDIS_URL, redisPrefix: prefix, live });
  const open: TestSocket[] = [];
  let b: FastifyInstance | undefined;
  beforeAll(async () => {
    b = await buildInstance(ctx, { redisUrl: REDIS_URL, redisPrefix: prefix, live });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await b?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
  return { ctx, open, second: (): FastifyInstance => b! };
}
