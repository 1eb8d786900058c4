// `npx tsx bench/engine-steady.bench.ts`: whole six-max hands of one game with the bench's seeded
// random policy (bench/hand.ts), deterministic, for counting instructions per hand across commits
// in steady state: bundle it (esbuild), run it under `valgrind --tool=cachegrind --cache-sim=no
// node --single-threaded` with two hand counts, and divide the difference by the hands between
// them, so start-up and the JIT's warm-up cancel out (docs/architecture.md, "What the reshape cost").
// Env: V (game code, NT), N (hands, 300,000).
import { autoShowOrMuck, checkOrCall, completeBetOrRaiseTo, createHand, dealFromDeck, fold, legalActions, settle } from '../src/poker/index';
import { ok as must } from '../tests/support/engine';
import { random as rng, shuffle } from '../tests/support/prng';

const CONFIG = { variant: (process.env.V ?? 'NT') as 'NT', startingStacks: new Array(6).fill(1000), blindsOrStraddles: [5, 10, 0, 0, 0, 0], minBet: 10 };
const act = rng(1);
const deckRand = rng(2);
const deck = Array.from({ length: 52 }, (_, i) => i);

function hand(): void {
  shuffle(deckRand, deck);
  let s = must(createHand(CONFIG));
  while (s.phase !== 'complete') {
    if (s.phase === 'dealing') s = must(dealFromDeck(s, deck));
    else if (s.phase === 'betting') {
      const l = legalActions(s)!;
      const x = act();
      if (l.canFold && x < 0.15) s = must(fold(s));
      else if (l.raise && x < 0.4) s = must(completeBetOrRaiseTo(s, l.raise.minTo + Math.floor(act() * (l.raise.maxTo - l.raise.minTo + 1))));
      else s = must(checkOrCall(s));
    } else if (s.phase === 'showdown') s = must(autoShowOrMuck(s));
    else s = must(settle(s));
  }
}

const N = Number(process.env.N ?? 300_000);
const t0 = performance.now();
for (let i = 0; i < N; i++) hand();
console.log(`${CONFIG.variant}: ${N} hands, ${Math.round(N / ((performance.now() - t0) / 1000))} hands/s`);
