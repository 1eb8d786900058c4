// One side of `npm run bench -- --vs` (bench/engine-vs.ts), and the loop of
// bench/engine-steady.bench.ts: the whole-hand loop of bench/hand.ts over the engine of the tree
// this file sits in. The comparison copies this file into the base
// tree, so each engine gets its own copy of the loop (its own call sites, no shared type feedback).
import { autoShowOrMuck, checkOrCall, completeBetOrRaiseTo, createHand, dealFromDeck, fold, legalActions, settle } from '../src/poker/index';
import type { HandState, StepResult } from '../src/poker/index';

type Rng = () => number;
type Shuffle = (rand: Rng, deck: number[]) => unknown;

function must(r: StepResult): HandState {
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

/** The game and the two seeded streams (the deck's shuffle, the players' choices). */
export interface HandLoop {
  variant: 'NT';
  deckSeed: number;
  actSeed: number;
}

/** A timed loop: `run(hands)` plays that many hands and returns hands per second. */
export function handRunner(
  rng: (seed: number) => Rng,
  shuffle: Shuffle,
  loop: HandLoop = { variant: 'NT', deckSeed: 777, actSeed: 12345 },
): (hands: number) => number {
  const CONFIG = { variant: loop.variant, startingStacks: [1000, 1000, 1000, 1000, 1000, 1000], blindsOrStraddles: [5, 10, 0, 0, 0, 0], minBet: 10 };
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const deckRand = rng(loop.deckSeed);
  const act = rng(loop.actSeed);
  return (hands) => {
    const t0 = performance.now();
    for (let h = 0; h < hands; h++) {
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
    return hands / ((performance.now() - t0) / 1000);
  };
}
