// Messages between the server instances of one room. One process uses the in-process bus; with
// REDIS_URL every instance shares Redis pub/sub. A message reaches the subscribers of the
// instance that sent it at once (not through Redis) and every other instance through Redis.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export type BusHandler = (message: unknown) => void;

export interface Bus {
  /** This instance's id: tells its own messages apart when Redis echoes them. */
  readonly instanceId: string;
  /** Whether other instances hear this bus (Redis); an in-process bus means one instance alone. */
  readonly shared: boolean;
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: BusHandler): () => void;
  /** Told when the bus's connection is lost or back (Redis); an in-process bus never is. */
  onHealth?(listener: (ok: boolean, error?: unknown) => void): void;
  close(): Promise<void>;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** Handlers per channel, called one by one; a failing handler does not stop the others. */
class Handlers {
  private readonly byChannel = new Map<string, Set<BusHandler>>();
  constructor(private readonly log?: Log) {}

  add(channel: string, handler: BusHandler): { first: boolean; remove: () => boolean } {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(handler);
    return {
      first,
      remove: () => {
        set!.delete(handler);
        if (set!.size > 0) return false;
        this.byChannel.delete(channel);
        return true;
      },
    };
  }

  deliver(channel: string, message: unknown): void {
    for (const h of this.byChannel.get(channel) ?? []) {
      try {
        h(message);
      } catch (e) {
        this.log?.error(e, `bus handler for ${channel} failed`);
      }
    }
  }
}

export class LocalBus implements Bus {
  readonly instanceId = randomBytes(6).toString('hex');
  readonly shared = false;
  private readonly handlers: Handlers;
  constructor(log?: Log) {
    this.handlers = new Handlers(log);
  }
  async publish(channel: string, message: unknown): Promise<void> {
    this.handlers.deliver(channel, message);
  }
  subscribe(channel: string, handler: BusHandler): () => void {
    const { remove } = this.handlers.add(channel, handler);
    return () => void remove();
  }
  async close(): Promise<void> {}
}

interface Envelope {
  from: string;
  message: unknown;
}

export class RedisBus implements Bus {
  readonly instanceId = randomBytes(6).toString('hex');
  readonly shared = true;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers: Handlers;
  private readonly healthListeners: Array<(ok: boolean, error?: unknown) => void> = [];
  private healthy = true;
  private lastError: unknown = null;

  /** `prefix` keeps rooms that share one Redis apart (tests run many). */
  constructor(
    url: string,
    private readonly prefix = 'poker:',
    private readonly log?: Log,
    /** Each connection error (metrics). */
    private readonly onError?: () => void,
  ) {
    this.handlers = new Handlers(log);
    // Commands queue while Redis is away and go out when it is back.
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
    for (const c of [this.pub, this.sub]) {
      c.on('error', (e: Error) => {
        this.lastError = e;
        this.onError?.();
        this.log?.warn({ err: e.message }, 'redis connection error');
      });
      for (const event of ['ready', 'close', 'end', 'reconnecting']) c.on(event, () => this.checkHealth());
    }
    this.sub.on('message', (fullChannel: string, text: string) => {
      if (!fullChannel.startsWith(this.prefix)) return;
      let env: Envelope;
      try {
        env = JSON.parse(text) as Envelope;
      } catch {
        return;
      }
      if (env.from === this.instanceId) return;
      this.handlers.deliver(fullChannel.slice(this.prefix.length), env.message);
    });
  }

  private checkHealth(): void {
    const ok = this.pub.status === 'ready' && this.sub.status === 'ready';
    if (ok === this.healthy) return;
    this.healthy = ok;
    for (const l of this.healthListeners) l(ok, ok ? undefined : (this.lastError ?? new Error('redis connection closed')));
  }

  onHealth(listener: (ok: boolean, error?: unknown) => void): void {
    this.healthListeners.push(listener);
  }

  /** Resolves once both connections are up (start-up waits for Redis). */
  async ready(): Promise<void> {
    await Promise.all([this.pub.ping(), this.sub.ping()]);
  }

  async publish(channel: string, message: unknown): Promise<void> {
    this.handlers.deliver(channel, message);
    await this.pub.publish(this.prefix + channel, JSON.stringify({ from: this.instanceId, message } satisfies Envelope));
  }

  subscribe(channel: string, handler: BusHandler): () => void {
    const { first, remove } = this.handlers.add(channel, handler);
    if (first) void this.sub.subscribe(this.prefix + channel).catch((e) => this.log?.error(e, `redis subscribe ${channel} failed`));
    return () => {
      if (remove()) void this.sub.unsubscribe(this.prefix + channel).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
