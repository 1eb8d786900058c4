// `npm run bench -- --vs [commit]`: this tree's engine against an earlier commit's, before and
// after in one run (issue 28: the reshape must leave the engine no slower). The base commit's
// src/poker (with its package.json and tsconfig.json: how tsx compiles it) comes out of git into a temporary folder with its own copy of the hand loop
// (bench/engine-side.ts); both engines then play the same seeded six-max hands in one process, in
// alternating rounds (bench/hand.ts's protocol), so load changes hit both alike. In one process
// the engine loaded second came out a few per cent faster in A/A trials, so it runs twice, each
// engine loaded first once, and the figure is the geometric mean of the two orders' medians.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { random, shuffle } from '../tests/support/prng';
import type * as EngineSide from './engine-side';

/** The commit before the reshape (issue 28), the default base. */
export const RESHAPE_BASE = '6285c2ef';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HANDS = Number(process.env.BENCH_HANDS ?? 1500);
const ROUNDS = 15;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Order {
  base: number;
  current: number;
  ratio: number;
}

/** Child: loads the two engines in the order given and times them in alternating rounds. */
async function child(baseRoot: string, baseFirst: boolean): Promise<Order> {
  type Side = typeof EngineSide;
  const load = (root: string): Promise<Side> => import(join(root, 'bench', 'engine-side.ts')) as Promise<Side>;
  const [first, second] = baseFirst ? [await load(baseRoot), await load(ROOT)] : [await load(ROOT), await load(baseRoot)];
  const runFirst = first.handRunner(random, shuffle);
  const runSecond = second.handRunner(random, shuffle);
  const [base, current] = baseFirst ? [runFirst, runSecond] : [runSecond, runFirst];
  // Warm-up (JIT) for both, as bench/hand.ts.
  base(2000);
  current(2000);
  const b: number[] = [];
  const c: number[] = [];
  const r: number[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    const [x, y] = k % 2 === 0 ? [base(HANDS), current(HANDS)] : [current(HANDS), base(HANDS)].reverse();
    b.push(x);
    c.push(y);
    r.push(y / x);
  }
  return { base: median(b), current: median(c), ratio: median(r) };
}

/** The base commit's engine in a temporary folder, or why it cannot be had (a shallow clone). */
function checkout(commit: string): { dir: string } | { error: string } {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    return { error: `commit ${commit} is not in this clone (a shallow clone? git fetch --unshallow)` };
  }
  const dir = mkdtempSync(join(tmpdir(), 'engine-vs-'));
  const tar = execFileSync('git', ['archive', commit, 'src/poker', 'package.json', 'tsconfig.json'], { cwd: ROOT, maxBuffer: 64 << 20 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  mkdirSync(join(dir, 'bench'));
  copyFileSync(join(ROOT, 'bench', 'engine-side.ts'), join(dir, 'bench', 'engine-side.ts'));
  return { dir };
}

const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');

export function runEngineVs(commit = RESHAPE_BASE): void {
  const got = checkout(commit);
  if ('error' in got) {
    console.log(`engine before and after: not run, ${got.error}`);
    return;
  }
  try {
    const orders: Order[] = [];
    for (const baseFirst of [true, false]) {
      const out = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
        cwd: ROOT,
        env: { ...process.env, ENGINE_VS_CHILD: JSON.stringify({ base: got.dir, baseFirst }) },
        encoding: 'utf8',
      });
      const line = out.stdout.trim().split('\n').pop() ?? '';
      if (out.status !== 0 || !line.startsWith('{')) throw new Error(`the comparison failed: ${out.stderr.trim().split('\n').slice(-3).join(' ')}`);
      orders.push(JSON.parse(line) as Order);
    }
    const ratio = Math.sqrt(orders[0].ratio * orders[1].ratio);
    console.log(`engine before and after, one process (six-max NLHE, bench/hand.ts's policy, median of ${ROUNDS} alternating rounds of ${HANDS} hands):`);
    orders.forEach((o, k) =>
      console.log(
        `  ${k === 0 ? 'base loaded first   ' : 'current loaded first'}  ${commit} ${fmt(o.base)} hands/s, this tree ${fmt(o.current)} hands/s, ratio ${o.ratio.toFixed(3)}`,
      ),
    );
    console.log(`  this tree / ${commit}: ${ratio.toFixed(3)}x (geometric mean of the two orders; bar: 1.00x, no slower)`);
  } finally {
    rmSync(got.dir, { recursive: true, force: true });
  }
}

const asChild = process.env.ENGINE_VS_CHILD;
if (asChild && import.meta.url === `file://${process.argv[1]}`) {
  const { base, baseFirst } = JSON.parse(asChild) as { base: string; baseFirst: boolean };
  console.log(JSON.stringify(await child(base, baseFirst)));
}
