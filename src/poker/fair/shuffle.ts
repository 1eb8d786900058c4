// Fisher-Yates over an injected uniform integer source, so the engine stays pure: the server
// passes node:crypto's randomInt, the fair deal passes a stream derived from a seed, tests pass
// a counter.

/** Returns an integer uniform in [0, maxExclusive). */
export type RandomInt = (maxExclusive: number) => number;

/**
 * A shuffled copy of `items` (the input is not mutated). For i from n-1 down to 1, swap item i
 * with item randomInt(i + 1). Throws RangeError if the source returns anything outside [0, i].
 */
export function shuffle<T>(items: readonly T[], randomInt: RandomInt): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    if (!Number.isInteger(j) || j < 0 || j > i) throw new RangeError(`randomInt(${i + 1}) returned ${j}`);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}
