// One hand at a table: the engine's state plus how its players map onto seats, its start, the
// steps nobody takes (dealing, showdown, settlement) and the players' moves. The server's actor
// owns timing, money and publishing.
import {
  applyAction as applyEngineAction,
  autoShowOrMuck,
  canWinNow,
  cardText,
  computePots,
  createHand,
  dealFromDeck,
  forcedBets,
  GAMES,
  legalActions,
  runoutSelectors,
  settle,
  showdownIndex,
  showOrMuckHoleCards,
  type Action,
  type HandConfig,
  type HandEvent,
  type HandState,
  type RuleError,
} from '../engine';
import type { DeckCommitment, EntropyContribution } from '../fair';
import { houseCut, type PotCut } from './house-cut';
import type { HandLineup } from './lineup';
import type { TableRules } from './types';

/** The hand's fairness commitments (src/poker/fair/commit.ts). */
export interface HandFair {
  /** The players' contributions mixed into the deck seed, by seat. */
  entropy: EntropyContribution[];
  /** Merkle tree over the salted deck; its root is published at the start. */
  commitment: DeckCommitment;
}

export interface HandRun {
  handId: number;
  handNumber: number;
  /** When the hand was dealt (ms since the epoch, the table's clock): the PHH time fields. */
  startedAt?: number;
  /** The server seed (secret) and its SHA-256, committed a hand ahead. */
  seed: string;
  seedHash: string;
  deck: number[];
  /** Absent only where tests build a run from a rigged deck. */
  fair?: HandFair;
  /**
   * The engine state when the betting ended: viewers see it, not the showdown and the awards,
   * until the settlement is written and the result published (`resultPublished`).
   */
  beforeResult?: HandState;
  resultPublished?: boolean;
  lineup: HandLineup;
  /** Engine player index -> seat. */
  seats: number[];
  userIds: number[];
  startStacks: number[];
  state: HandState;
  /** Per pot: rake for the house and the jackpot's share, filled by settlement. */
  cuts: PotCut[];
  /** Seats whose players turned auto-muck off: their losing hands are shown. */
  showLosers?: ReadonlySet<number>;
  /** When the current actor's clock started and where it ends. */
  actionDeadline: number | null;
  timeBankDeadline: number | null;
  turnStartedAt: number | null;
  /** How long each betting action took (ms), in the order of the hand's player actions. */
  decisions?: number[];
}

export type HandStep = { ok: true; events: HandEvent[] } | { ok: false; error: RuleError };

/**
 * The engine's index of this seat's occupant in the hand, or -1. A seat is matched with the player
 * the hand dealt there, not by its number alone: whoever sits there since (a cash-table newcomer
 * between hands, a tournament player moved in) was not dealt this hand and sees none of it.
 */
export function playerIndexOf(run: HandRun, seat: { seat: number; userId: number }): number {
  const i = run.seats.indexOf(seat.seat);
  return i >= 0 && run.userIds[i] === seat.userId ? i : -1;
}

/** The seat of the hand's player `i` while that player still sits in it, else null (see playerIndexOf). */
export function seatOfPlayer<S extends { userId: number }>(seats: ReadonlyArray<S | null>, run: HandRun, i: number): S | null {
  const seat = seats[run.seats[i]];
  return seat && seat.userId === run.userIds[i] ? seat : null;
}

/** A tournament level's blinds and antes, by the hand's player order (the director's). */
export interface HandPosts {
  blinds: number[];
  antes: number[];
}

/** Creates the hand, posts, deals hole cards. */
export function startHand(
  rules: TableRules,
  run: Omit<HandRun, 'state' | 'cuts' | 'actionDeadline' | 'timeBankDeadline' | 'turnStartedAt'>,
  deadPosts: number[],
  posts?: HandPosts,
  straddlers?: ReadonlySet<number>,
): { ok: true; run: HandRun; events: HandEvent[] } | { ok: false; error: RuleError } {
  const created = createHand(handConfig(rules, run, deadPosts, posts, straddlers));
  if (!created.ok) return created;
  const events: HandEvent[] = [...created.events];
  const full: HandRun = { ...run, state: created.state, cuts: [], actionDeadline: null, timeBankDeadline: null, turnStartedAt: null };
  const advanced = advance(rules, full);
  if (!advanced.ok) return advanced;
  return { ok: true, run: full, events: events.concat(advanced.events) };
}

/**
 * The game's deck from the fair shuffle of 52: short deck moves the 36 cards from the sixes up to
 * the front, in their shuffled order (a uniform shuffle of those 36), the rest after them, never
 * dealt. The commitment covers this order, so positions stay those of the committed deck; a
 * verifier reorders deckFromSeed(seed) the same way.
 */
export function gameDeck(variant: TableRules['variant'], deck: number[]): number[] {
  const lowest = 52 - GAMES[variant].deckSize;
  return lowest === 0 ? deck : [...deck.filter((c) => c >= lowest), ...deck.filter((c) => c < lowest)];
}

/** Whether the table's hand number `handNumber` is a bomb pot (every Nth hand). */
export const isBombPotHand = (rules: TableRules, handNumber: number): boolean => (rules.bombPotEvery ?? 0) > 0 && handNumber % rules.bombPotEvery! === 0;

/** A bomb pot's ante: twice the big blind from everyone (docs/table.md). */
export const bombPotAnte = (rules: TableRules): number => 2 * rules.bigBlind;

/**
 * The engine's config of the table's hand: its game, the blinds (or a director's posts), the
 * table's ante, straddle, bomb pot and run it twice. The fixed-limit small bet is the big blind.
 * A newcomer's post goes in dead, like the dead blinds of the conformance data (as an ante).
 */
function handConfig(
  rules: TableRules,
  run: Pick<HandRun, 'seats' | 'startStacks' | 'handNumber'>,
  deadPosts: number[],
  posts?: HandPosts,
  straddlers?: ReadonlySet<number>,
): HandConfig {
  const n = run.seats.length;
  const dead = run.seats.map((seat) => (deadPosts.includes(seat) ? rules.bigBlind : 0));
  const base = { variant: rules.variant, startingStacks: run.startStacks, minBet: rules.bigBlind, runItTwice: rules.runItTwice === true };
  if (posts) return { ...base, antes: posts.antes.slice(), blindsOrStraddles: posts.blinds.slice() };
  // The seat in the straddle position posts it when its player asked to (every player without `straddlers`).
  const at = rules.straddle === 'utg' ? 2 : n - 1;
  const wants = rules.straddle && rules.straddle !== 'off' && n >= 3 && (!straddlers || straddlers.has(run.seats[at]));
  const straddle = wants ? { position: rules.straddle as 'utg' | 'button', amount: 2 * rules.bigBlind } : null;
  const bomb = isBombPotHand(rules, run.handNumber);
  const f = forcedBets({
    players: n,
    smallBlind: rules.smallBlind,
    bigBlind: rules.bigBlind,
    straddle,
    ante: rules.ante ? { from: 'all', amount: rules.ante } : null,
    bombPotAnte: bomb ? bombPotAnte(rules) : null,
  });
  return { ...base, antes: f.antes.map((a, i) => a + dead[i]), blindsOrStraddles: f.blindsOrStraddles, bombPot: f.bombPot };
}

/** Runs every step that needs no player: dealing, showdown decisions, settlement. */
export function advance(rules: TableRules, run: HandRun): HandStep {
  const events: HandEvent[] = [];
  for (let guard = 0; guard < 64; guard++) {
    const s = run.state;
    let step;
    if ((s.phase === 'showdown' || s.phase === 'settlement') && !run.beforeResult) run.beforeResult = s;
    if (s.phase === 'dealing') step = dealFromDeck(s, run.deck);
    else if (s.phase === 'showdown') {
      const i = showdownIndex(s);
      // Run it twice: the showdown waits for the players' choices (actorOf, applyAction).
      if (i === null && runoutSelectors(s).length > 0) return { ok: true, events };
      step = i !== null && run.showLosers?.has(run.seats[i]) && !canWinNow(s, i) ? showOrMuckHoleCards(s, true, undefined, i) : autoShowOrMuck(s);
    } else if (s.phase === 'settlement') step = settle(s, { rake: houseCut(rules, run.cuts) });
    else return { ok: true, events };
    if (!step.ok) return step;
    run.state = step.state;
    for (const e of step.events) events.push(e);
  }
  return { ok: false, error: { code: 'WRONG_PHASE', message: 'hand did not settle' } };
}

/**
 * Applies a player's action (the engine's Action) for the seat's occupant; an action out of turn or
 * that the rules refuse comes back as an error and changes nothing. The steps nobody takes follow.
 */
export function applyAction(rules: TableRules, run: HandRun, seat: { seat: number; userId: number }, action: Action): HandStep {
  const player = playerIndexOf(run, seat);
  if (player < 0 || actorOf(run.state) !== player) return { ok: false, error: { code: 'NOT_YOUR_TURN', message: 'It is not your turn' } };
  const step = applyEngineAction(run.state, player, action);
  if (!step.ok) return step;
  run.state = step.state;
  const rest = advance(rules, run);
  if (!rest.ok) return rest;
  return { ok: true, events: [...step.events, ...rest.events] };
}

export const isComplete = (run: HandRun) => run.state.phase === 'complete';

/**
 * The player to act: the betting's, or at a run-it-twice showdown the first player still to choose
 * the number of run-outs (the table asks them one at a time, each on the clock).
 */
export function actorOf(s: HandState): number | null {
  const legal = legalActions(s);
  if (legal) return legal.player;
  if (s.phase === 'showdown' && showdownIndex(s) === null) return runoutSelectors(s)[0] ?? null;
  return null;
}

/** Whether the player to act is asked to run it twice (not to bet). */
export const runoutAsked = (run: HandRun): boolean => run.state.phase === 'showdown' && actorOf(run.state) !== null;

export function seatToAct(run: HandRun): number | null {
  const i = actorOf(run.state);
  return i === null ? null : run.seats[i];
}

/** The state viewers may see: the end of the betting until the result is published. */
export function shownState(run: HandRun): HandState {
  return run.beforeResult && !run.resultPublished ? run.beforeResult : run.state;
}

export function collectedPots(run: HandRun): Array<{ amount: number; seats: number[] }> {
  const s = shownState(run);
  if (s.phase === 'complete') return [];
  return computePots(s).map((p) => ({ amount: p.amount, seats: p.players.map((i) => run.seats[i]) }));
}

export const cardCodes = (cards: readonly number[]) => cards.map((c) => (c >= 0 ? cardText(c) : '??'));
