// Whole six-max hands with random legal actions, settlement and evaluation: our engine against
// poker-ts's table engine, same run, same seeded random policy, fresh 1000-chip stacks every hand.
//
// Policy (identical on both sides): facing a bet, fold 15%; bet/raise 25% (when legal) to a
// uniform raise-to amount in the legal range; else check or call. poker-ts lists "fold" as legal
// even when checking is free (our engine refuses that fold, as pokerkit does), so poker-ts only
// folds when it faces a bet, like ours: otherwise it would fold far more often, play shorter
// hands and reach fewer showdowns.
// Fairness: both sides shuffle a full deck every hand (ours from its own seeded stream, poker-ts
// internally), query the legal actions before every decision from the same seeded action stream,
// and play to the end with showdown evaluation and pot distribution. Both are warmed up, then
// timed in alternating rounds (so load changes on a shared machine hit both alike, and which side
// goes first alternates too); the median round counts, and the ratio is the median of the
// per-round ratios. A short untimed pass prints both sides' workload (actions and showdowns per hand).
import pokerTs from 'poker-ts';
import { autoShowOrMuck, checkOrCall, completeBetOrRaiseTo, createHand, dealFromDeck, fold, legalActions, settle } from '../src/poker/index';
import { ok as must } from '../tests/support/engine';
import { random as rng, shuffle } from '../tests/support/prng';

const PLAYERS = 6;
const STACK = 1000;
const ROUNDS = 15;
const CONFIG = { variant: 'NT' as const, startingStacks: new Array(PLAYERS).fill(STACK), blindsOrStraddles: [5, 10, 0, 0, 0, 0], minBet: 10 };

interface Tally {
  actions: number;
  showdowns: number;
}

function oursHand(act: () => number, deckRand: () => number, deck: number[], tally: Tally | null): void {
  shuffle(deckRand, deck);
  let s = must(createHand(CONFIG));
  let showdown = false;
  while (s.phase !== 'complete') {
    if (s.phase === 'dealing') s = must(dealFromDeck(s, deck));
    else if (s.phase === 'betting') {
      const l = legalActions(s)!;
      const x = act();
      if (tally) tally.actions++;
      if (l.canFold && x < 0.15) s = must(fold(s));
      else if (l.raise && x < 0.4) s = must(completeBetOrRaiseTo(s, l.raise.minTo + Math.floor(act() * (l.raise.maxTo - l.raise.minTo + 1))));
      else s = must(checkOrCall(s));
    } else if (s.phase === 'showdown') {
      showdown = true;
      s = must(autoShowOrMuck(s));
    } else s = must(settle(s));
  }
  if (tally && showdown) tally.showdowns++;
}

function theirsHand(act: () => number, tally: Tally | null): void {
  const table = new pokerTs.Table({ smallBlind: 5, bigBlind: 10 }, PLAYERS);
  for (let i = 0; i < PLAYERS; i++) table.sitDown(i, STACK);
  table.startHand();
  while (table.isHandInProgress()) {
    while (table.isBettingRoundInProgress()) {
      const { actions, chipRange } = table.legalActions();
      const x = act();
      if (tally) tally.actions++;
      const canFold = actions.includes('fold') && !actions.includes('check');
      const raise = actions.includes('raise') ? 'raise' : actions.includes('bet') ? 'bet' : null;
      if (canFold && x < 0.15) table.actionTaken('fold');
      else if (raise && chipRange && x < 0.4) table.actionTaken(raise, chipRange.min + Math.floor(act() * (chipRange.max - chipRange.min + 1)));
      else table.actionTaken(actions.includes('check') ? 'check' : 'call');
    }
    table.endBettingRound();
    if (table.areBettingRoundsCompleted()) {
      if (tally) tally.showdowns++;
      table.showdown();
    }
  }
}

type Runner = (act: () => number, tally: Tally | null) => void;

function timeRound(run: Runner, act: () => number, hands: number): number {
  const t0 = performance.now();
  for (let i = 0; i < hands; i++) run(act, null);
  return hands / ((performance.now() - t0) / 1000);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runHandBench(): Promise<void> {
  const hands = Number(process.env.BENCH_HANDS ?? 1500);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const deckRand = rng(777);
  const ours: Runner = (act, tally) => oursHand(act, deckRand, deck, tally);
  const theirs: Runner = (act, tally) => theirsHand(act, tally);
  // Workload check (untimed): same policy, comparable hands on both sides.
  const tallyOf = (run: Runner): Tally => {
    const t = { actions: 0, showdowns: 0 };
    const act = rng(4242);
    for (let i = 0; i < 2000; i++) run(act, t);
    return t;
  };
  const to = tallyOf(ours);
  const tt = tallyOf(theirs);
  const actOurs = rng(12345);
  const actTheirs = rng(12345);
  // Warm-up (JIT) for both.
  timeRound(ours, actOurs, Math.min(3000, hands));
  timeRound(theirs, actTheirs, Math.min(3000, hands));
  const rOurs: number[] = [];
  const rTheirs: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which side goes first, so neither always runs right after the other.
    const first = r % 2 === 0;
    const t1 = first ? timeRound(ours, actOurs, hands) : timeRound(theirs, actTheirs, hands);
    const t2 = first ? timeRound(theirs, actTheirs, hands) : timeRound(ours, actOurs, hands);
    const [ro, rt] = first ? [t1, t2] : [t2, t1];
    rOurs.push(ro);
    rTheirs.push(rt);
    ratios.push(ro / rt);
  }
  const o = median(rOurs);
  const t = median(rTheirs);
  const ratio = median(ratios); // each round's two sides ran back to back, under the same load
  const per = (x: Tally) => `${(x.actions / 2000).toFixed(1)} actions/hand, ${((x.showdowns / 2000) * 100).toFixed(0)}% showdowns`;
  console.log(`whole hand, six-max NLHE, random legal actions (median of ${ROUNDS} alternating rounds of ${hands} hands each):`);
  console.log(`  ours      ${Math.round(o).toLocaleString('en-US')} hands/s   (${per(to)})`);
  console.log(`  poker-ts  ${Math.round(t).toLocaleString('en-US')} hands/s   (${per(tt)})`);
  console.log(`  ratio     ${ratio.toFixed(2)}x (median of the per-round ratios; bar: 2x)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runHandBench();
