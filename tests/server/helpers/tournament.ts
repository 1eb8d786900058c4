// Tournament tests: quick levels (blinds that finish a sit & go in a few dozen hands) and polling.
export const FAST_LEVELS = {
  levels: [
    { level: 1, smallBlind: 50, bigBlind: 100, ante: 0, durationSec: 10 },
    { level: 2, smallBlind: 100, bigBlind: 200, ante: 25, durationSec: 10 },
    { level: 3, smallBlind: 200, bigBlind: 400, ante: 50, durationSec: 10 },
    { level: 4, smallBlind: 400, bigBlind: 800, ante: 100, durationSec: 10 },
    { level: 5, smallBlind: 1000, bigBlind: 2000, ante: 200, durationSec: 10 },
  ],
};

export async function waitFor(ok: () => Promise<boolean> | boolean, ms: number, step = 50): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, step));
  }
}
