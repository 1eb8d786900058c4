// `npx tsx bench/engine-steady.bench.ts`: whole six-max hands of one game with the bench's seeded
// random policy (bench/hand.ts), deterministic, for counting instructions per hand across commits
// in steady state: bundle it (esbuild), run it under `valgrind --tool=cachegrind --cache-sim=no
// node --single-threaded` with two hand counts, and divide the difference by the hands between
// them, so start-up and the JIT's warm-up cancel out (docs/architecture.md, "What the reshape cost").
// Env: V (game code, NT), N (hands, 300,000).
import { random as rng, shuffle } from '../tests/support/prng';
import { handRunner } from './engine-side';

const variant = (process.env.V ?? 'NT') as 'NT';
const run = handRunner(rng, shuffle, { variant, deckSeed: 2, actSeed: 1 });
const N = Number(process.env.N ?? 300_000);
console.log(`${variant}: ${N} hands, ${Math.round(run(N))} hands/s`);
