// Evaluator figures against @pokertools/evaluator, on the same pre-generated random hands,
// in one process: 7-card hold'em, and Omaha against the usual best-of-60 five-card approach.
// Two rows each: our unchecked fast path, and the public validating call (what callers outside
// the engine use: every card checked, errors thrown). The peer validates nothing in either row.
// Bars: hold'em 5x, Omaha 10x, for both rows; the validating rows are the ones that matter.
// The validating 7-card call runs WebAssembly where it compiles (src/poker/eval/wasm7.ts); one more
// row times its JS path, what a browser page that refuses WebAssembly gets (no bar).
import { evaluate as peerEvaluate } from '@pokertools/evaluator';
import { holdem7Path, makeEvaluateHoldem, makeStrength7Js } from '../src/poker/eval/holdem';
import { evaluateHoldem, evaluateHoldem7, evaluateOmaha, evaluateOmahaUnchecked } from '../src/poker/eval/index';
import { buildEvalTables, TABLES } from '../src/poker/eval/tables';
import { buildStrength7 } from '../src/poker/eval/wasm7';
// The tests' seeded PRNG (mulberry32) and partial deal: every run times the same hands.
import { deal, prng } from '../tests/support/prng';

const ROUNDS = 7;
// Rates are per CPU-second of this process (see cpuMs).

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const fmt = (perSecond: number): string => `${(perSecond / 1e6).toFixed(perSecond < 1e7 ? 2 : 1)}M/s`;
const verdict = (ratio: number, bar: number): string => `bar ${bar}x: ${ratio >= bar ? 'PASS' : 'FAIL'}`;

/** CPU time of the process in ms: the machine is shared, so wall time would mostly measure the neighbours. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Times ours and the peer (each evaluates `count` hands and returns a checksum) in alternating
 * rounds after a warm-up, so load changes hit both alike. Returns median rates and median ratio.
 */
export function compare(count: number, ours: () => number, peer: () => number): { ours: number; peer: number; ratio: number } {
  let sink = ours() + peer() + ours() + peer(); // warm-up (JIT)
  const o: number[] = [];
  const p: number[] = [];
  const r: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let t0 = cpuMs();
    sink += ours();
    const oRate = (count / Math.max(cpuMs() - t0, 0.001)) * 1000;
    t0 = cpuMs();
    sink += peer();
    const pRate = (count / Math.max(cpuMs() - t0, 0.001)) * 1000;
    o.push(oRate);
    p.push(pRate);
    r.push(oRate / pRate);
  }
  if (sink === -1) console.log(''); // keep the checksums alive
  return { ours: median(o), peer: median(p), ratio: median(r) };
}

/** Median rate of `run` (which handles `count` hands and returns a checksum) over ROUNDS, after a warm-up. */
function rate(count: number, run: () => number): number {
  let sink = run() + run();
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = cpuMs();
    sink += run();
    rates.push((count / Math.max(cpuMs() - t0, 0.001)) * 1000);
  }
  if (sink === -1) console.log('');
  return median(rates);
}

export async function runEvaluatorBench(): Promise<void> {
  const buildTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    buildEvalTables();
    buildTimes.push(performance.now() - t0);
  }
  console.log(`evaluator tables: first rebuild ${buildTimes[0].toFixed(1)} ms, warm median ${median(buildTimes).toFixed(1)} ms (built once at module load)`);
  // A second instance of the 7-card WebAssembly function, timed (evaluateHoldem builds its own on
  // its first 7-card call, inside the timed loops below: one call among millions).
  const t0 = performance.now();
  const wasmBuilt = buildStrength7(TABLES) !== null;
  console.log(`evaluator 7-card WebAssembly function: ${wasmBuilt ? `built in ${(performance.now() - t0).toFixed(1)} ms (on first use)` : 'refused here'}`);

  // 7-card hold'em.
  const rnd = prng(20240601);
  const N7 = 1_000_000;
  const flat = new Uint8Array(N7 * 7);
  for (let i = 0; i < N7; i++) flat.set(deal(rnd, 7), i * 7);
  const scratch = [0, 0, 0, 0, 0, 0, 0];
  const seven = compare(
    N7,
    () => {
      let s = 0;
      for (let i = 0, o = 0; i < N7; i++, o += 7) s += evaluateHoldem7(flat[o], flat[o + 1], flat[o + 2], flat[o + 3], flat[o + 4], flat[o + 5], flat[o + 6]);
      return s;
    },
    () => {
      // The peer takes a number[]: refill one scratch array from the same flat hands, its fastest use.
      let s = 0;
      for (let i = 0, o = 0; i < N7; i++, o += 7) {
        scratch[0] = flat[o];
        scratch[1] = flat[o + 1];
        scratch[2] = flat[o + 2];
        scratch[3] = flat[o + 3];
        scratch[4] = flat[o + 4];
        scratch[5] = flat[o + 5];
        scratch[6] = flat[o + 6];
        s += peerEvaluate(scratch);
      }
      return s;
    },
  );
  console.log(
    `evaluator 7-card, unchecked evaluateHoldem7(a..g): ours ${fmt(seven.ours)}, @pokertools/evaluator ${fmt(seven.peer)}, ratio ${seven.ratio.toFixed(2)}x (${verdict(seven.ratio, 5)})`,
  );
  // Both sides get the same number[] (one scratch array refilled per hand, as a Monte Carlo loop does).
  const checked = compare(
    N7,
    () => {
      let s = 0;
      for (let i = 0, o = 0; i < N7; i++, o += 7) {
        scratch[0] = flat[o];
        scratch[1] = flat[o + 1];
        scratch[2] = flat[o + 2];
        scratch[3] = flat[o + 3];
        scratch[4] = flat[o + 4];
        scratch[5] = flat[o + 5];
        scratch[6] = flat[o + 6];
        s += evaluateHoldem(scratch);
      }
      return s;
    },
    () => {
      // The peer takes a number[]: refill one scratch array from the same flat hands, its fastest use.
      let s = 0;
      for (let i = 0, o = 0; i < N7; i++, o += 7) {
        scratch[0] = flat[o];
        scratch[1] = flat[o + 1];
        scratch[2] = flat[o + 2];
        scratch[3] = flat[o + 3];
        scratch[4] = flat[o + 4];
        scratch[5] = flat[o + 5];
        scratch[6] = flat[o + 6];
        s += peerEvaluate(scratch);
      }
      return s;
    },
  );
  console.log(
    `evaluator 7-card, validating evaluateHoldem(array): ours ${fmt(checked.ours)}, @pokertools/evaluator ${fmt(checked.peer)}, ratio ${checked.ratio.toFixed(2)}x (${verdict(checked.ratio, 5)})`,
  );
  // What the loop above costs without any evaluator: the refill of the scratch array, paid by both
  // sides and included in both rates. Shown so the row can be read; the bar is the ratio above.
  const refill = rate(N7, () => {
    let s = 0;
    for (let i = 0, o = 0; i < N7; i++, o += 7) {
      scratch[0] = flat[o];
      scratch[1] = flat[o + 1];
      scratch[2] = flat[o + 2];
      scratch[3] = flat[o + 3];
      scratch[4] = flat[o + 4];
      scratch[5] = flat[o + 5];
      scratch[6] = flat[o + 6];
      s += scratch[0] ^ scratch[1] ^ scratch[2] ^ scratch[3] ^ scratch[4] ^ scratch[5] ^ scratch[6];
    }
    return s;
  });
  const ns = (perSecond: number): string => `${(1e9 / perSecond).toFixed(1)} ns`;
  console.log(
    `  of which the bench loop alone (refilling the array, no evaluator): ${ns(refill)} per hand; ours ${ns(checked.ours)}, @pokertools/evaluator ${ns(checked.peer)} per hand in all`,
  );
  console.log(`  evaluateHoldem's 7-card path in this row: ${holdem7Path() === 'wasm' ? 'WebAssembly' : 'JS (WebAssembly refused)'}`);
  // The same call on its JS 7-card path, where a page refuses WebAssembly.
  const evaluateHoldemJs = makeEvaluateHoldem(makeStrength7Js());
  const checkedJs = compare(
    N7,
    () => {
      let s = 0;
      for (let i = 0, o = 0; i < N7; i++, o += 7) {
        scratch[0] = flat[o];
        scratch[1] = flat[o + 1];
        scratch[2] = flat[o + 2];
        scratch[3] = flat[o + 3];
        scratch[4] = flat[o + 4];
        scratch[5] = flat[o + 5];
        scratch[6] = flat[o + 6];
        s += evaluateHoldemJs(scratch);
      }
      return s;
    },
    () => {
      let s = 0;
      for (let i = 0, o = 0; i < N7; i++, o += 7) {
        scratch[0] = flat[o];
        scratch[1] = flat[o + 1];
        scratch[2] = flat[o + 2];
        scratch[3] = flat[o + 3];
        scratch[4] = flat[o + 4];
        scratch[5] = flat[o + 5];
        scratch[6] = flat[o + 6];
        s += peerEvaluate(scratch);
      }
      return s;
    },
  );
  console.log(
    `evaluator 7-card, validating evaluateHoldem(array), JS path (no WebAssembly): ours ${fmt(checkedJs.ours)}, @pokertools/evaluator ${fmt(checkedJs.peer)}, ratio ${checkedJs.ratio.toFixed(2)}x (no bar)`,
  );

  // Omaha: 4 hole cards + 5 board cards.
  const NO = 200_000;
  const holes: number[][] = new Array(NO);
  const boards: number[][] = new Array(NO);
  for (let i = 0; i < NO; i++) {
    const d = deal(rnd, 9);
    holes[i] = d.slice(0, 4);
    boards[i] = d.slice(4);
  }
  const five = [0, 0, 0, 0, 0];
  // The peer has no Omaha evaluator: the best of the 60 five-card hands (two hole, three board).
  const peerOmaha = () => {
    let s = 0;
    for (let i = 0; i < NO; i++) {
      const h = holes[i];
      const b = boards[i];
      let best = 1 << 30; // @pokertools: lower is better
      for (let x = 0; x < 4; x++)
        for (let y = x + 1; y < 4; y++)
          for (let p = 0; p < 5; p++)
            for (let q = p + 1; q < 5; q++)
              for (let r = q + 1; r < 5; r++) {
                five[0] = h[x];
                five[1] = h[y];
                five[2] = b[p];
                five[3] = b[q];
                five[4] = b[r];
                const v = peerEvaluate(five);
                if (v < best) best = v;
              }
      s += best;
    }
    return s;
  };
  const omaha = compare(
    NO,
    () => {
      let s = 0;
      for (let i = 0; i < NO; i++) s += evaluateOmahaUnchecked(holes[i], boards[i]);
      return s;
    },
    peerOmaha,
  );
  console.log(
    `evaluator Omaha, unchecked evaluateOmahaUnchecked: ours ${fmt(omaha.ours)}, best-of-60 on @pokertools/evaluator ${fmt(omaha.peer)}, ratio ${omaha.ratio.toFixed(2)}x (${verdict(omaha.ratio, 10)})`,
  );
  const checkedOmaha = compare(
    NO,
    () => {
      let s = 0;
      for (let i = 0; i < NO; i++) s += evaluateOmaha(holes[i], boards[i]);
      return s;
    },
    peerOmaha,
  );
  console.log(
    `evaluator Omaha, validating evaluateOmaha(hole, board): ours ${fmt(checkedOmaha.ours)}, best-of-60 on @pokertools/evaluator ${fmt(checkedOmaha.peer)}, ratio ${checkedOmaha.ratio.toFixed(2)}x (${verdict(checkedOmaha.ratio, 10)})`,
  );
}
