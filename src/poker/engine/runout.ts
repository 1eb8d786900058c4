// Run it twice: the run-out count choice, as pokerkit's runout-count selection in its cash-game
// mode. Offered (when the hand's config has runItTwice) once, at the first showdown that comes
// before the river: the betting ended all-in with board cards still to come. Every player still
// in chooses 1 or 2, in any order, before or after showing. The first choice sets the count; a
// different choice after it makes it 1 (pokerkit: "if runout counts are in disagreement, only 1
// runout is performed"). When the showdown closes, the rest of the board is dealt that many
// times; each pot is then split evenly between the boards (settle.ts), docs/engine.md.
import { draft, done, logAppend, PLAYER_LABEL } from './draft';
import { afterShow } from './flow';
import type { HandState, RuleError, StepResult } from './types';

const err = (code: RuleError['code'], message: string): RuleError => ({ code, message });

/** Most run-outs a player may ask for. */
export const MAX_RUNOUTS = 2;

/** Cards still needed to deal `runs` run-outs of the rest of the board (each street: a burn and its cards). */
function cardsFor(s: HandState, runs: number): number {
  const left = 5 - s.board.length;
  const streets = s.board.length === 0 ? 3 : s.board.length === 3 ? 2 : s.board.length === 4 ? 1 : 0;
  return runs * (left + streets);
}

/** Whether the deck still holds enough cards for `runs` run-outs (what was dealt: hole cards, board, burns). */
function deckAllows(s: HandState, runs: number): boolean {
  let used = s.board.length + (s.board.length === 0 ? 0 : s.board.length === 3 ? 1 : s.board.length === 4 ? 2 : 3);
  for (const h of s.hole) used += h.length;
  return used + cardsFor(s, runs) <= s.config.game.deckSize;
}

export function verifyRunoutCountSelection(s: HandState, player: number, count: number): RuleError | null {
  if (!Number.isInteger(player) || player < 0 || player >= s.config.n) return err('INVALID_PLAYER', `no player ${String(player)}`);
  const r = s.runout;
  if (s.phase !== 'showdown' || r === null || !r.pending.some(Boolean)) return err('NO_RUNOUT_CHOICE', 'no run-out choice is pending');
  if (!r.pending[player]) return err('NO_RUNOUT_CHOICE', `p${player + 1} has no run-out choice to make`);
  if (!Number.isInteger(count) || count < 1 || count > MAX_RUNOUTS)
    return err('INVALID_AMOUNT', `the run-out count is 1 or ${MAX_RUNOUTS}, not ${String(count)}`);
  if (count > 1 && !deckAllows(s, count)) return err('DECK_EXHAUSTED', 'the deck has too few cards left to run it twice');
  return null;
}

export const canSelectRunoutCount = (s: HandState, player: number, count: number): boolean => verifyRunoutCountSelection(s, player, count) === null;

/** The players who still have to choose the number of run-outs. */
export function runoutSelectors(s: HandState): number[] {
  const out: number[] = [];
  if (s.runout === null) return out;
  const p = s.runout.pending;
  for (let i = 0; i < p.length; i++) if (p[i]) out.push(i);
  return out;
}

/** Records the player's choice; the last choice closes it (with the showdown) and the hand goes on. */
export function selectRunoutCount(s: HandState, player: number, count: number): StepResult {
  const e = verifyRunoutCountSelection(s, player, count);
  if (e) return { ok: false, error: e };
  const d = draft(s);
  const r = s.runout!; // verified: a choice is pending
  const pending = r.pending.slice();
  pending[player] = false;
  d.runout = { ...r, pending, choice: r.choice === null ? count : r.choice === count ? count : 1 };
  logAppend(d, `${PLAYER_LABEL[player]} rc ${count}`);
  d.events.push({ type: 'runout-selected', player, count });
  afterShow(d);
  return done(d);
}
