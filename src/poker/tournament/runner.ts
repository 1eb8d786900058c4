// Plays whole tournaments with bots for tests and the benchmark: the engine driven directly
// ("fast mode": no timers), decks shuffled with an injected source, levels advanced by
// simulated time (each round of hands, one hand at every table that can deal, counts
// `secondsPerHand`). Engine refusals or broken invariants here are bugs, so they throw.
import { fullDeck } from '../cards';
import { checkOrCall, completeBetOrRaiseTo, fold } from '../engine/betting';
import { dealFromDeck } from '../engine/deal';
import { legalActions } from '../engine/legal';
import { settle } from '../engine/settle';
import { autoShowOrMuck } from '../engine/showdown';
import { createHand, potTotal } from '../engine/state';
import type { HandConfig, HandState, StepResult } from '../engine/types';
import { shuffle, type RandomInt } from '../fair/shuffle';
import { simpleBot, type BotPolicy } from './bots';
import { beginHand, handFinished, type HandSetup } from './hand';
import type { PayoutTable } from './payouts';
import type { Finish } from './places';
import { createTournament, readyTableIds, results, setClock, start, type Step, type TournamentEvent, type TournamentState } from './state';
import { levelAt, type TournamentStructure } from './structure';
import type { PlayerId } from './types';

function must(r: StepResult): HandState {
  if (!r.ok) throw new Error(`engine refused: ${r.error.code} ${r.error.message}`);
  return r.state;
}

/** Plays one hand to the end with `policy` for every player; returns the stacks after, in the config's order. */
export function playHand(config: HandConfig, deck: readonly number[], policy: BotPolicy, random: RandomInt): readonly number[] {
  let s = must(createHand(config));
  while (s.phase !== 'complete') {
    if (s.phase === 'dealing') s = must(dealFromDeck(s, deck));
    else if (s.phase === 'betting') {
      const legal = legalActions(s);
      if (!legal) throw new Error('betting with nobody to act');
      const i = legal.player;
      const d = policy({ legal, stack: s.stacks[i], bet: s.bets[i], pot: potTotal(s), bigBlind: config.minBet, street: s.street }, random);
      if (d.kind === 'fold' && legal.canFold) s = must(fold(s));
      else if (d.kind === 'raise' && legal.raise) s = must(completeBetOrRaiseTo(s, Math.max(legal.raise.minTo, Math.min(legal.raise.maxTo, d.to))));
      else s = must(checkOrCall(s));
    } else if (s.phase === 'showdown') s = must(autoShowOrMuck(s));
    else s = must(settle(s));
  }
  return s.stacks;
}

export interface RunOptions {
  readonly structure: TournamentStructure;
  readonly payouts?: PayoutTable;
  /** Entrant count (ids p1, p2, ...) or the ids. */
  readonly players: number | readonly PlayerId[];
  /** Default: 100 tugrik per entrant. */
  readonly prizePool?: number;
  readonly handForHandMargin?: number;
  /** Shuffles every deck (and draws the seats unless `seatRandom` is given). */
  readonly deckRandom: RandomInt;
  /** The bots' choices and the order tables report their hands (default: deckRandom). */
  readonly botRandom?: RandomInt;
  readonly seatRandom?: RandomInt;
  readonly policy?: BotPolicy;
  /** Simulated playing time per round of hands (default 60 s). */
  readonly secondsPerHand?: number;
  /** Safety stop (default 10 million hands). */
  readonly maxHands?: number;
  /** After each hand, with the state after it and its events. */
  readonly onHand?: (state: TournamentState, hand: HandSetup, stacksAfter: readonly number[], events: readonly TournamentEvent[]) => void;
  /** After each round (every table idle). */
  readonly onRound?: (state: TournamentState) => void;
}

export interface RunResult {
  readonly state: TournamentState;
  readonly hands: number;
  readonly rounds: number;
  readonly tablesAtStart: number;
  readonly results: readonly Finish[];
  readonly events: readonly TournamentEvent[];
}

function ok(r: Step): Extract<Step, { ok: true }> {
  if (!r.ok) throw new Error(`tournament refused: ${r.error.code} ${r.error.message}`);
  return r;
}

/** Runs a whole tournament with bots until it has a winner. */
export function runTournament(o: RunOptions): RunResult {
  const players = typeof o.players === 'number' ? Array.from({ length: o.players }, (_, i) => `p${i + 1}`) : o.players;
  const created = createTournament({
    structure: o.structure,
    payouts: o.payouts,
    prizePool: o.prizePool ?? players.length * 100,
    players,
    handForHandMargin: o.handForHandMargin,
  });
  if (!created.ok) throw new Error(created.error.message);
  const botRandom = o.botRandom ?? o.deckRandom;
  const policy = o.policy ?? simpleBot;
  const events: TournamentEvent[] = [];
  let step = ok(start(created.state, o.seatRandom ?? o.deckRandom));
  let state = step.state;
  events.push(...step.events);
  const tablesAtStart = state.tables.length;
  const cards = fullDeck();
  let elapsed = 0;
  let hands = 0;
  let rounds = 0;
  const tick = (ms: number) => {
    elapsed += ms;
    step = ok(setClock(state, elapsed));
    state = step.state;
    events.push(...step.events);
  };
  while (state.phase === 'running') {
    const clock = levelAt(state.structure, elapsed);
    if (clock.onBreak) {
      tick(clock.msToNext ?? 0);
      continue;
    }
    const ready = readyTableIds(state);
    if (ready.length === 0) throw new Error(`no table can deal (${state.playersLeft} players left)`);
    const setups: HandSetup[] = [];
    for (const id of ready) {
      const r = beginHand(state, id);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
      setups.push(r.hand);
    }
    // Tables report in a random order, as they would live.
    for (const setup of shuffle(setups, botRandom)) {
      const after = playHand(setup.config, shuffle(cards, o.deckRandom), policy, botRandom);
      step = ok(handFinished(state, setup.tableId, { stacksAfter: after, startingStacks: setup.config.startingStacks }));
      state = step.state;
      events.push(...step.events);
      o.onHand?.(state, setup, after, step.events);
      if (++hands >= (o.maxHands ?? 10_000_000)) throw new Error(`no winner after ${hands} hands`);
    }
    rounds++;
    o.onRound?.(state);
    tick((o.secondsPerHand ?? 60) * 1000);
  }
  return { state, hands, rounds, tablesAtStart, results: results(state), events };
}
