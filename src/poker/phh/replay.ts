// PHH replay: apply a hand history's actions to the engine, step by step. The outcome comes
// from the actions and the cut the file records (_cuts, one per pot paid, as toPhh writes it);
// finishing_stacks is never an input, only checked against (compareFinishingStacks).
import { completeBetOrRaiseTo, checkOrCall, fold } from '../engine/betting';
import { parseCardsText } from '../engine/cardtext';
import { dealBoard, dealHole } from '../engine/deal';
import { selectRunoutCount } from '../engine/runout';
import { settle, type RakeFn, type SettleOptions } from '../engine/settle';
import { showOrMuckHoleCards } from '../engine/showdown';
import { createHand } from '../engine/state';
import type { HandConfig, HandEvent, HandState, StepResult } from '../engine/types';
import { decimalPlaces, toUnits } from './amounts';
import { amountsField, parsePhh, stripComment, type PhhHand } from './parse';

export type ReplayResult = { ok: true; state: HandState; finishingStacks: number[]; events: HandEvent[] } | { ok: false; error: string; actionIndex?: number };

/** Applies one PHH action string ("p2 cbr 300", "d db 7h8h9c", ...) to a state. */
export function applyPhhAction(s: HandState, action: string, places = 0): StepResult | { ok: false; error: { code: 'INVALID_ACTION'; message: string } } {
  const bad = (message: string) => ({ ok: false as const, error: { code: 'INVALID_ACTION' as const, message } });
  const parts = stripComment(action).split(/\s+/);
  if (parts[0] === 'd') {
    if (parts[1] === 'dh' && parts.length === 4) {
      const p = /^p(\d+)$/.exec(parts[2]);
      const cards = parseCardsText(parts[3]);
      if (!p || !cards) return bad(`malformed hole dealing "${action}"`);
      return dealHole(s, Number(p[1]) - 1, cards);
    }
    if (parts[1] === 'db' && parts.length === 3) {
      const cards = parseCardsText(parts[2]);
      if (!cards) return bad(`malformed board dealing "${action}"`);
      return dealBoard(s, cards);
    }
    return bad(`unsupported dealer action "${action}"`);
  }
  const p = /^p(\d+)$/.exec(parts[0] ?? '');
  if (!p) return bad(`unknown actor in "${action}"`);
  const player = Number(p[1]) - 1;
  if (player < 0 || player >= s.config.n) return bad(`no player ${parts[0]}`);
  switch (parts[1]) {
    case 'f':
      return parts.length === 2 ? fold(s, player) : bad(`malformed fold "${action}"`);
    case 'cc':
      return parts.length === 2 ? checkOrCall(s, player) : bad(`malformed check/call "${action}"`);
    case 'cbr': {
      const amount = parts.length === 3 ? toUnits(parts[2], places) : null;
      if (amount === null) return bad(`malformed amount in "${action}"`);
      return completeBetOrRaiseTo(s, amount, player);
    }
    case 'rc': {
      const count = parts.length === 3 && /^\d+$/.test(parts[2]) ? Number(parts[2]) : null;
      return count === null ? bad(`malformed run-out choice "${action}"`) : selectRunoutCount(s, player, count);
    }
    case 'sm': {
      if (parts.length === 2) return showOrMuckHoleCards(s, false, undefined, player);
      const cards = parts.length === 3 ? parseCardsText(parts[2]) : null;
      if (!cards) return bad(`malformed show "${action}"`);
      return showOrMuckHoleCards(s, true, cards, player);
    }
    default:
      return bad(`unsupported action "${action}"`);
  }
}

export function replayActions(config: HandConfig, actions: readonly string[], places = 0, opts: SettleOptions = {}): ReplayResult {
  const start = createHand(config);
  if (!start.ok) return { ok: false, error: `${start.error.code}: ${start.error.message}` };
  let s = start.state;
  const events: HandEvent[] = [...start.events];
  for (let k = 0; k < actions.length; k++) {
    if (stripComment(actions[k]) === '') continue;
    const r = applyPhhAction(s, actions[k], places);
    if (!r.ok) return { ok: false, error: `action ${k + 1} "${actions[k]}": ${r.error.code}: ${r.error.message}`, actionIndex: k };
    s = r.state;
    events.push(...r.events);
  }
  if (s.phase !== 'settlement') return { ok: false, error: `the actions end before the hand does (phase ${s.phase})` };
  const done = settle(s, opts);
  if (!done.ok) return { ok: false, error: `${done.error.code}: ${done.error.message}` };
  events.push(...done.events);
  return { ok: true, state: done.state, finishingStacks: done.state.stacks.slice(), events };
}

/**
 * The cut the file records: `_cuts` (one per pot paid, in engine chips) and, to check that the
 * pots are the same, `_pot_amounts`. null when the file records none; a string when unreadable.
 */
export function recordedCuts(hand: PhhHand): { cuts: number[]; potAmounts: number[] | null } | string | null {
  if (hand.fields._cuts === undefined) return null;
  const cuts = amountsField(hand, '_cuts');
  if (!cuts || cuts.some((x) => x < 0)) return '_cuts must be an array of non-negative amounts';
  let potAmounts: number[] | null = null;
  if (hand.fields._pot_amounts !== undefined) {
    potAmounts = amountsField(hand, '_pot_amounts');
    if (!potAmounts || potAmounts.length !== cuts.length) return '_pot_amounts must be an array of amounts, one per entry of _cuts';
  }
  return { cuts, potAmounts };
}

/**
 * Replays a parsed hand. Unless `opts.rake` says otherwise, the cut the file records (_cuts) is
 * taken from each pot; the pots must then be the ones the file lists.
 */
export function replayHand(hand: PhhHand, opts: SettleOptions = {}): ReplayResult {
  if (opts.rake) return replayActions(hand.config, hand.actions, hand.places, opts);
  const recorded = recordedCuts(hand);
  if (typeof recorded === 'string') return { ok: false, error: recorded };
  if (!recorded) return replayActions(hand.config, hand.actions, hand.places, opts);
  const { cuts, potAmounts } = recorded;
  const rake: RakeFn = (pot, ctx) => Math.min(pot, cuts[ctx.potIndex] ?? 0);
  const r = replayActions(hand.config, hand.actions, hand.places, { ...opts, rake });
  if (!r.ok) return r;
  const pots = r.state.result!.pots;
  const amounts = pots.map((p) => p.amount);
  if (pots.length !== cuts.length || (potAmounts && amounts.some((x, k) => x !== potAmounts[k])) || pots.some((p, k) => p.rake !== cuts[k])) {
    return {
      ok: false,
      error: `the recorded cut does not fit the pots: _cuts ${JSON.stringify(cuts)}${potAmounts ? ` of _pot_amounts ${JSON.stringify(potAmounts)}` : ''}, pots paid ${JSON.stringify(amounts)} (engine chips)`,
    };
  }
  return r;
}

/** Text in, finishing stacks (in engine chips; see PhhHand.places) out. */
export function replayPhh(text: string, opts: SettleOptions = {}): ReplayResult & { places?: number } {
  const parsed = parsePhh(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return { ...replayHand(parsed.hand, opts), places: parsed.hand.places };
}

export interface StacksComparison {
  /** Decimal places of both lists (the finer of the file's amounts and its recorded stacks). */
  readonly places: number;
  /** The replayed stacks, less `_rake_by_player` when the file says what a site raked from whom. */
  readonly got: number[];
  /** The file's finishing_stacks (`_pokerkit_finishing_stacks` when it has them: see below). */
  readonly want: number[];
  readonly matches: boolean;
}

/**
 * The replayed stacks against the file's finishing_stacks; null when the file has none, a
 * string when they cannot be read. Two extras of the conformance corpus are understood: real
 * hands raked by their site list the rake taken from each player (`_rake_by_player`), and hands
 * whose source paid half chips hold the integer outcome in `_pokerkit_finishing_stacks`.
 */
export function compareFinishingStacks(hand: PhhHand, stacks: readonly number[]): StacksComparison | string | null {
  const fields = hand.fields;
  const field = fields._pokerkit_finishing_stacks !== undefined ? '_pokerkit_finishing_stacks' : 'finishing_stacks';
  if (fields[field] === undefined) return null;
  let places = hand.places;
  for (const f of [field, '_rake_by_player']) {
    const v = fields[f];
    if (Array.isArray(v)) for (const x of v) places = Math.max(places, decimalPlaces(x));
  }
  const at = { ...hand, places };
  const want = amountsField(at, field);
  if (!want || want.length !== stacks.length) return `${field} must be an array of amounts, one per player`;
  const raked = fields._rake_by_player === undefined ? null : amountsField(at, '_rake_by_player');
  if (fields._rake_by_player !== undefined && (!raked || raked.length !== stacks.length)) return '_rake_by_player must hold one amount per player';
  const widen = 10 ** (places - hand.places);
  const got = stacks.map((x, i) => x * widen - (raked ? raked[i] : 0));
  return { places, got, want, matches: got.every((x, i) => x === want[i]) };
}
