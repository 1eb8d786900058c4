// Property tests: thousands of random hands (2-9 players, uneven stacks, antes and straddles
// sometimes, both variants) with random legal actions and random illegal attempts.
// After every step: chips conserved (stacks + bets + pots constant, except the rake), no
// negative stacks, inputs untouched (and every earlier state of the hand still serializes as it
// did when made: structural sharing never writes to a shared array); legalActions agrees with
// what the steps accept; every hand ends.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoShowOrMuck,
  canCheckOrCall,
  canFold,
  checkOrCall,
  completeBetOrRaiseTo,
  createHand,
  dealFromDeck,
  fold,
  legalActions,
  percentRake,
  potTotal,
  settle,
  showOrMuckHoleCards,
  showdownIndex,
  toPhh,
  parsePhh,
  replayHand,
  type HandConfig,
  type HandState,
  type StepResult,
} from '../../src/poker/index';
import { random as rng, shuffle } from '../support/prng';

/** Everything a step could change, cheaply (a full JSON dump per step would dominate the run). */
const fingerprint = (s: HandState) =>
  [
    s.phase,
    s.street,
    s.stacks,
    s.bets,
    s.active,
    s.hole.map((h) => h.join('.')),
    s.shown,
    s.board,
    s.actors,
    s.showdownQueue,
    s.returned,
    s.acted,
    s.deckPos,
  ].join('|');

const chipsOf = (s: HandState) => s.stacks.reduce((a, b) => a + b, 0) + potTotal(s);

const handArb = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  variant: fc.constantFrom<'NT' | 'PO'>('NT', 'PO'),
  stacks: fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 2, maxLength: 9 }),
  ante: fc.constantFrom(0, 0, 1, 5),
  straddle: fc.boolean(),
  trimming: fc.boolean(),
  rake: fc.boolean(),
});

type HandSpec = { seed: number; variant: 'NT' | 'PO'; stacks: number[]; ante: number; straddle: boolean; trimming: boolean; rake: boolean };

function configOf(h: HandSpec): HandConfig {
  const n = h.stacks.length;
  const blinds = new Array(n).fill(0);
  blinds[0] = 5;
  blinds[1] = 10;
  if (h.straddle && n > 3) blinds[2] = 20;
  return { variant: h.variant, startingStacks: h.stacks, antes: new Array(n).fill(h.ante), blindsOrStraddles: blinds, minBet: 10, anteTrimming: h.trimming };
}

let handsPlayed = 0;

function play(h: HandSpec): void {
  const rand = rng(h.seed);
  const deck = shuffle(rand);
  const first = createHand(configOf(h));
  if (!first.ok) throw new Error(first.error.message);
  let s = first.state;
  const total = chipsOf(s);
  let raked = 0;
  const step = (r: StepResult, before: HandState, snapshot: string): HandState => {
    expect(fingerprint(before)).toBe(snapshot); // the input is never mutated
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    const next = r.state;
    if (next.phase === 'complete') raked = next.result!.totalRake;
    expect(chipsOf(next) + raked).toBe(total);
    for (let i = 0; i < next.stacks.length; i++) {
      expect(next.stacks[i]).toBeGreaterThanOrEqual(0);
      expect(next.bets[i]).toBeGreaterThanOrEqual(0);
    }
    return next;
  };
  // Structural sharing check: every state of the hand, serialized whole when it was made, must
  // still serialize the same when the hand is over (no later step wrote to a shared array).
  const history: [HandState, string][] = [[s, JSON.stringify(s)]];
  const keep = (x: HandState) => {
    history.push([x, JSON.stringify(x)]);
    return x;
  };
  const expectRefused = (r: StepResult, before: HandState, snapshot: string) => {
    expect(r.ok).toBe(false);
    expect(fingerprint(before)).toBe(snapshot);
  };
  for (let guard = 0; s.phase !== 'complete'; guard++) {
    expect(guard).toBeLessThan(400); // every hand terminates
    const snap = fingerprint(s);
    if (guard > 0) keep(s);
    if (s.phase === 'dealing') s = step(dealFromDeck(s, deck), s, snap);
    else if (s.phase === 'betting') {
      const l = legalActions(s)!;
      const i = l.player;
      // legalActions agrees with the verifiers.
      expect(canFold(s, i)).toBe(l.canFold);
      expect(canCheckOrCall(s, i)).toBe(true);
      // Random illegal attempts are refused and change nothing.
      const other = (i + 1 + Math.floor(rand() * (s.config.n - 1))) % s.config.n;
      expectRefused(checkOrCall(s, other), s, snap);
      if (!l.canFold) expectRefused(fold(s, i), s, snap);
      if (l.raise) {
        expectRefused(completeBetOrRaiseTo(s, l.raise.maxTo + 1, i), s, snap);
        if (l.raise.minTo > l.callAmount + s.bets[i] + 1) expectRefused(completeBetOrRaiseTo(s, l.raise.minTo - 1, i), s, snap);
      } else expectRefused(completeBetOrRaiseTo(s, s.stacks[i] + s.bets[i], i), s, snap);
      const x = rand();
      if (l.canFold && x < 0.2) s = step(fold(s, i), s, snap);
      else if (l.raise && x < 0.45) {
        const to = rand() < 0.3 ? l.raise.maxTo : l.raise.minTo + Math.floor(rand() * (l.raise.maxTo - l.raise.minTo + 1));
        s = step(completeBetOrRaiseTo(s, to, i), s, snap);
      } else s = step(checkOrCall(s, i), s, snap);
    } else if (s.phase === 'showdown') {
      const i = showdownIndex(s)!;
      if (!s.allInShowdown && rand() < 0.3) s = step(showOrMuckHoleCards(s, false, undefined, i), s, snap);
      else if (s.allInShowdown && rand() < 0.2) {
        expectRefused(showOrMuckHoleCards(s, false, undefined, i), s, snap);
        s = step(autoShowOrMuck(s), s, snap);
      } else s = step(autoShowOrMuck(s), s, snap);
    } else if (s.phase === 'settlement') {
      s = step(settle(s, h.rake ? { rake: percentRake({ percent: 5, cap: 30 }) } : {}), s, snap);
    }
  }
  keep(s);
  for (const [x, json] of history) expect(JSON.stringify(x)).toBe(json);
  // Every hand exports to PHH and replays to the same stacks (without rake).
  if (!h.rake) {
    const parsed = parsePhh(toPhh(s));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      const again = replayHand(parsed.hand);
      expect(again.ok && again.finishingStacks).toEqual(s.stacks);
    }
  }
  handsPlayed++;
}

describe('random hands', () => {
  it('conserve chips, refuse illegal moves without side effects, and always finish', () => {
    fc.assert(
      fc.property(handArb, (h) => play(h)),
      { numRuns: 1000, seed: 20240611 },
    );
    expect(handsPlayed).toBeGreaterThanOrEqual(1000);
  });
});
