// Token buckets: a burst allowance refilled at a steady rate, per socket and kind of message.
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private capacity: number,
    private perSecond: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.last = now;
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export interface RateLimitsConfig {
  /** Game commands: burst and per second. */
  game: [number, number];
  chat: [number, number];
  /** Open sockets one address may hold (players behind one carrier NAT share an address). */
  perAddress?: number;
  /** Of those, sockets that have not signed in. */
  anonymousPerAddress?: number;
  /** A socket that neither signs in nor watches a table within this many ms is closed. */
  idleMs?: number;
}

export const DEFAULT_SOCKET_LIMITS: Required<RateLimitsConfig> = {
  game: [20, 10],
  chat: [5, 1],
  perAddress: 200,
  anonymousPerAddress: 20,
  idleMs: 10_000,
};
