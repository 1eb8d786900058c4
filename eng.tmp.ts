import { autoShowOrMuck, checkOrCall, completeBetOrRaiseTo, createHand, dealFromDeck, fold, legalActions, settle } from './src/poker/index';
import { ok as must } from './tests/support/engine';
import { random as rng, shuffle } from './tests/support/prng';
const CONFIG = { variant: 'NT' as const, startingStacks: new Array(6).fill(1000), blindsOrStraddles: [5, 10, 0, 0, 0, 0], minBet: 10 };
const act = rng(1), deckRand = rng(2);
const deck = Array.from({ length: 52 }, (_, i) => i);
function hand() {
  shuffle(deckRand, deck);
  let s = must(createHand(CONFIG));
  while (s.phase !== 'complete') {
    if (s.phase === 'dealing') s = must(dealFromDeck(s, deck));
    else if (s.phase === 'betting') {
      const l = legalActions(s)!; const x = act();
      if (l.canFold && x < 0.15) s = must(fold(s));
      else if (l.raise && x < 0.4) s = must(completeBetOrRaiseTo(s, l.raise.minTo + Math.floor(act() * (l.raise.maxTo - l.raise.minTo + 1))));
      else s = must(checkOrCall(s));
    } else if (s.phase === 'showdown') s = must(autoShowOrMuck(s));
    else s = must(settle(s));
  }
}
const N = Number(process.env.N ?? 300000);
const t = performance.now(); for (let i = 0; i < N; i++) hand(); console.log(N / ((performance.now() - t) / 1000), 'hands/s');
