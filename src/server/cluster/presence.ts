// Who is online across the room: each instance keeps a Redis SET of the users with a socket on
// it, rewritten every few seconds with a TTL, so the sets of a killed instance expire on their own
// (users drop out within `ttlMs`). The room-wide count is the size of the union of the live sets,
// computed in Redis; a user with sockets on two instances counts once.
import { Redis } from 'ioredis';

export interface PresenceOptions {
  /** Key prefix (the room's redisPrefix), so rooms sharing a Redis stay apart. */
  prefix: string;
  instanceId: string;
  /** The users with a socket on this instance now. */
  onlineUserIds: () => Iterable<number>;
  /** How often this instance's set is rewritten (default 5 s). */
  refreshMs?: number;
  /** How long a set lives without a refresh (default 15 s): a killed instance's users drop out then. */
  ttlMs?: number;
  /** How long a count is reused (default 1.5 s): dashboards polling do not each ask Redis. */
  cacheMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
  /** Each connection error of its own client (metrics). */
  onError?: () => void;
  now?: () => number;
}

// KEYS[1]: the index of instance ids; ARGV[1]: the prefix of their sets. Ids whose set expired
// (or is empty) leave the index; the answer is the size of the union of the others. The sets are
// named in the script, not declared: fine on one Redis, not on a Redis Cluster.
const COUNT = `
local ids = redis.call('SMEMBERS', KEYS[1])
local keys = {}
for _, id in ipairs(ids) do
  local k = ARGV[1] .. id
  if redis.call('EXISTS', k) == 1 then keys[#keys + 1] = k else redis.call('SREM', KEYS[1], id) end
end
if #keys == 0 then return 0 end
return #redis.call('SUNION', unpack(keys))
`;

type PresenceRedis = Redis & { presenceCount(index: string, setPrefix: string): Promise<number> };

export class Presence {
  private readonly redis: PresenceRedis;
  private readonly owned: boolean;
  private readonly opts: Required<Omit<PresenceOptions, 'log' | 'onError'>> & Pick<PresenceOptions, 'log' | 'onError'>;
  private timer: ReturnType<typeof setInterval> | null = null;
  private cached: { value: Promise<number>; until: number } | null = null;

  /** `redis`: a client to share (the caller closes it) or a URL (a connection of its own). */
  constructor(redis: Redis | string, opts: PresenceOptions) {
    this.owned = typeof redis === 'string';
    const client = typeof redis === 'string' ? new Redis(redis, { maxRetriesPerRequest: 1, commandTimeout: 2000 }) : redis;
    if (this.owned)
      client.on('error', (e) => {
        opts.onError?.();
        opts.log?.warn({ err: e.message }, 'presence redis connection error');
      });
    if (!('presenceCount' in client)) client.defineCommand('presenceCount', { numberOfKeys: 1, lua: COUNT });
    this.redis = client as PresenceRedis;
    this.opts = { refreshMs: 5000, ttlMs: 15_000, cacheMs: 1500, now: Date.now, ...opts };
  }

  /** The ids of the instances that wrote a set; each set is setPrefix + id. */
  private get index(): string {
    return `${this.opts.prefix}presence`;
  }
  private get setPrefix(): string {
    return `${this.opts.prefix}presence:`;
  }

  /** Writes this instance's set now, then every refreshMs. */
  async start(): Promise<void> {
    await this.refresh().catch((e: Error) => this.opts.log?.warn({ err: e.message }, 'presence refresh failed'));
    this.timer ??= setInterval(() => {
      this.refresh().catch((e: Error) => this.opts.log?.warn({ err: e.message }, 'presence refresh failed'));
    }, this.opts.refreshMs);
    this.timer.unref();
  }

  /** Rewrites this instance's set in one transaction (no count sees it half written). */
  async refresh(): Promise<void> {
    const ids = [...new Set(this.opts.onlineUserIds())];
    const key = this.setPrefix + this.opts.instanceId;
    const tx = this.redis.multi().del(key);
    if (ids.length > 0)
      tx.sadd(key, ...ids)
        .pexpire(key, this.opts.ttlMs)
        .sadd(this.index, this.opts.instanceId);
    const results = await tx.exec();
    const failed = results?.find(([e]) => e);
    if (failed) throw failed[0];
  }

  /**
   * Distinct users online on every live instance. This instance's set is rewritten first, so its
   * own sockets count at once; the others' are at most refreshMs old. When Redis cannot answer,
   * this instance's own count (logged).
   */
  count(): Promise<number> {
    const now = this.opts.now();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const value = this.refresh()
      .then(() => this.redis.presenceCount(this.index, this.setPrefix))
      .then(Number)
      .catch((e: Error) => {
        this.opts.log?.warn({ err: e.message }, 'presence count failed: this instance only');
        this.cached = null;
        return new Set(this.opts.onlineUserIds()).size;
      });
    this.cached = { value, until: now + this.opts.cacheMs };
    return value;
  }

  /** Stops refreshing and removes this instance's set (its users leave the count at once). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.redis
      .multi()
      .del(this.setPrefix + this.opts.instanceId)
      .srem(this.index, this.opts.instanceId)
      .exec()
      .catch(() => undefined);
    if (this.owned) this.redis.disconnect();
  }
}
