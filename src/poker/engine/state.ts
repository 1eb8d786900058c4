// Starting a hand: antes and blinds are posted at once, then the hole cards are owed.
import { normalizeConfig } from './config';
import { beginDealing, collectBets } from './flow';
import { done, NO_BOARDS, type Draft } from './draft';
import type { HandConfig, StepResult } from './types';

function filled<T>(n: number, v: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(v);
  return out;
}

export function createHand(config: HandConfig): StepResult {
  const norm = normalizeConfig(config);
  if (!norm.ok) return norm;
  const c = norm.config;
  const n = c.n;
  const hole: (readonly number[])[] = [];
  for (let i = 0; i < n; i++) hole.push([]);
  const d: Draft = {
    config: c,
    phase: 'dealing',
    street: 0,
    stacks: c.startingStacks.slice(),
    bets: filled(n, 0),
    active: filled(n, true),
    hole,
    shown: filled(n, false),
    board: [],
    holePending: filled(n, 0),
    boardPending: 0,
    actors: [],
    opener: 0,
    raiseIncrement: 0,
    acted: 0,
    allInRaiseSum: 0,
    raiseCount: 0,
    allInShowdown: false,
    showdownQueue: [],
    returned: filled(n, 0),
    deckPos: 0,
    log: null,
    result: null,
    extraBoards: NO_BOARDS,
    runout: null,
    owned: ~0, // every array above is fresh
    events: [{ type: 'hand-started', players: n, variant: c.variant, stacks: c.startingStacks }],
  };
  const stacks = d.stacks as number[];
  const bets = d.bets as number[];
  for (let i = 0; i < n; i++) {
    const a = c.antes[i];
    if (a > 0) {
      stacks[i] -= a;
      bets[i] = a;
      d.events.push({ type: 'ante-posted', player: i, amount: a });
    }
  }
  // Antes go in whole unless trimming is on (then the part nobody matched comes back).
  collectBets(d, c.anteTrimming);
  for (let i = 0; i < n; i++) {
    const b = c.blinds[i];
    if (b > 0) {
      stacks[i] -= b;
      bets[i] = b;
      d.events.push({ type: 'blind-posted', player: i, amount: b });
    }
  }
  beginDealing(d, 0);
  return done(d);
}

/** Chips in play: stacks + bets + the pot; constant through a hand except for the rake. */
export function potTotal(s: { config: { totalChips: number }; stacks: readonly number[]; bets: readonly number[]; result: unknown }): number {
  if (s.result) return 0;
  let t = s.config.totalChips;
  for (const x of s.stacks) t -= x;
  return t;
}
