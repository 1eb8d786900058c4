// A fast seeded generator (xoshiro128**) for the bots' Monte Carlo: thousands of draws a decision,
// where node:crypto would cost a call each. Never used for cards: decks come from crypto seeds.

export interface BotRandom {
  /** Uniform in [0, 1). */
  float(): number;
  /** Uniform integer in [0, n) for small n (the bias, n / 2^32, is far below what a bot notices). */
  int(n: number): number;
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

export function botRandom(seed: readonly [number, number, number, number]): BotRandom {
  let a = seed[0] >>> 0;
  let b = seed[1] >>> 0;
  let c = seed[2] >>> 0;
  let d = seed[3] >>> 0;
  if ((a | b | c | d) === 0) a = 1; // the all-zero state never leaves zero
  const next = (): number => {
    const r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return r;
  };
  return {
    float: () => next() / 4294967296,
    int: (n) => Math.floor((next() / 4294967296) * n),
  };
}
