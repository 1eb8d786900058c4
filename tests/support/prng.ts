// One seeded PRNG for the tests: every random deal reproduces from its seed. Never for a real
// deck (those come from node:crypto).

/** mulberry32: a uniform float in [0, 1) per call. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same stream as `random`, as a uniform integer in [0, n) per call. */
export function prng(seed: number): (n: number) => number {
  const next = random(seed);
  return (n) => Math.floor(next() * n);
}

/** `count` distinct cards (0..51), a partial Fisher-Yates over `rnd`. */
export function deal(rnd: (n: number) => number, count: number): number[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + rnd(52 - i);
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck.slice(0, count);
}

/** Shuffles `deck` in place (Fisher-Yates from the top, over `rand`) and returns it: a new full deck by default. */
export function shuffle(rand: () => number, deck: number[] = Array.from({ length: 52 }, (_, i) => i)): number[] {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}
