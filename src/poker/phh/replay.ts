// PHH replay: apply a hand history's actions to the engine, step by step. The outcome comes
// from the actions alone; fields such as finishing_stacks are never read.
import { completeBetOrRaiseTo, checkOrCall, fold } from '../engine/betting';
import { parseCardsText } from '../engine/cardtext';
import { dealBoard, dealHole } from '../engine/deal';
import { settle, type SettleOptions } from '../engine/settle';
import { showOrMuckHoleCards } from '../engine/showdown';
import { createHand } from '../engine/state';
import type { HandConfig, HandEvent, HandState, StepResult } from '../engine/types';
import { toUnits } from './amounts';
import { parsePhh, stripComment, type PhhHand } from './parse';

export type ReplayResult =
  | { ok: true; state: HandState; finishingStacks: number[]; events: HandEvent[] }
  | { ok: false; error: string; actionIndex?: number };

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

export function replayHand(hand: PhhHand, opts: SettleOptions = {}): ReplayResult {
  return replayActions(hand.config, hand.actions, hand.places, opts);
}

/** Text in, finishing stacks (in engine chips; see PhhHand.places) out. */
export function replayPhh(text: string, opts: SettleOptions = {}): ReplayResult & { places?: number } {
  const parsed = parsePhh(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return { ...replayHand(parsed.hand, opts), places: parsed.hand.places };
}
