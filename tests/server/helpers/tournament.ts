// Tournament tests: quick levels (blinds that finish a sit & go in a few dozen hands), the
// tournaments they create and polling.

/** Blind levels numbered from 1, `durationSec` each, from [small blind, big blind, ante]. */
export const blindLevels = (blinds: Array<[number, number, number]>, durationSec = 10) =>
  blinds.map(([smallBlind, bigBlind, ante], i) => ({ level: i + 1, smallBlind, bigBlind, ante, durationSec }));

/** The quick schedule's [small blind, big blind, ante], level by level. */
export const FAST_BLINDS: Array<[number, number, number]> = [
  [50, 100, 0],
  [100, 200, 25],
  [200, 400, 50],
  [400, 800, 100],
  [1000, 2000, 200],
];
export const FAST_LEVELS = { levels: blindLevels(FAST_BLINDS) };

/** A six-max sit & go (POST /admin/tournament): 10,000 + 1,000 to enter, 1,500 chips, starts with six. */
export const sixMaxSng = (name: string, structure: object) => ({
  name,
  kind: 'sng',
  buyIn: 10_000,
  fee: 1_000,
  startingStack: 1_500,
  tableSize: 6,
  minEntrants: 6,
  maxEntrants: 6,
  structure,
});

export async function waitFor(ok: () => Promise<boolean> | boolean, ms: number, step = 50): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, step));
  }
}
