// The showdown: players show or muck in order, starting with the last aggressor of the last
// round (else the first live player left of the button). In an all-in showdown nobody may muck.
import { cardsText } from './cardtext';
import { draft, done, logAppend, MUCK_ENTRY, rest, SHOW_PREFIX, wActive, wHole, wShown } from './draft';
import { afterShow } from './flow';
import { strengthOf } from './strength';
import { handValues } from './values';
import { computePots } from './pots';
import { UNKNOWN_CARD, type CardInt, type HandState, type RuleError, type StepResult } from './types';

const err = (code: RuleError['code'], message: string): RuleError => ({ code, message });

export function showdownIndex(s: HandState): number | null {
  return s.phase === 'showdown' && s.showdownQueue.length > 0 ? s.showdownQueue[0] : null;
}

/**
 * `show` false mucks. `cards` (replay only) reveals hole cards that were dealt face down as
 * unknown; known cards cannot be swapped for others. In the showdown any player still due may
 * show or muck (not only the first of the order); outside it a player may still show his cards
 * (a voluntary show, e.g. after winning uncontested), which changes nothing else.
 * Showing unknown cards ("????", replay of real hands) keeps the hand unknown: it then cannot win
 * and, in an all-in run-out, is due to show again on the next street (pokerkit's behaviour).
 */
/** Whether card c is in another player's hand or on the board. */
function outElsewhere(s: HandState, i: number, c: CardInt): boolean {
  for (let j = 0; j < s.hole.length; j++) {
    if (j === i) continue;
    const h = s.hole[j];
    for (let k = 0; k < h.length; k++) if (h[k] === c) return true;
  }
  return s.board.includes(c);
}

export function verifyShowOrMuckHoleCards(s: HandState, show: boolean, cards?: readonly CardInt[], player?: number): RuleError | null {
  const inShowdown = s.phase === 'showdown' && s.showdownQueue.length > 0;
  const i = player ?? (inShowdown ? s.showdownQueue[0] : -1);
  if (i < 0) return err('WRONG_PHASE', `no showdown is pending (phase ${s.phase})`);
  if (!Number.isInteger(i) || i >= s.config.n) return err('INVALID_PLAYER', `no player ${i}`);
  const due = inShowdown && s.showdownQueue.includes(i);
  if (!due) {
    if (!show) return err(inShowdown ? 'NOT_YOUR_TURN' : 'WRONG_PHASE', `p${i + 1} has nothing to muck now`);
    if (s.hole[i].length === 0) return err('INVALID_PLAYER', `p${i + 1} holds no cards`);
  }
  if (!show) {
    if (s.allInShowdown) return err('MUST_SHOW', 'hands are shown when players are all-in');
    let others = 0;
    for (let j = 0; j < s.config.n; j++) if (j !== i && s.active[j]) others++;
    return others === 0 ? err('MUST_SHOW', 'the last live hand cannot be mucked') : null;
  }
  const own = s.hole[i];
  if (cards === undefined) {
    // Showing the cards held: they were checked when dealt; only unknown ones matter.
    if (due || !own.includes(UNKNOWN_CARD)) return null;
    return err('UNKNOWN_CARDS', 'cannot show unknown cards');
  }
  const revealed = cards;
  if (revealed.length !== own.length) return err('INVALID_CARDS', `p${i + 1} holds ${own.length} cards, not ${revealed.length}`);
  let unknown = 0;
  for (let k = 0; k < revealed.length; k++) {
    const c = revealed[k];
    if (c === UNKNOWN_CARD) {
      if (own[k] !== UNKNOWN_CARD) return err('INVALID_CARDS', `p${i + 1}'s cards are known`);
      unknown++;
      continue;
    }
    if (!Number.isInteger(c) || c < 0 || c > 51) return err('INVALID_CARDS', `not a card: ${c}`);
    if (own[k] !== UNKNOWN_CARD && !own.includes(c)) return err('INVALID_CARDS', `p${i + 1} was not dealt ${cardsText([c])}`);
    if (revealed.indexOf(c) < k || outElsewhere(s, i, c)) return err('DUPLICATE_CARD', `card ${cardsText([c])} is already out`);
  }
  if (unknown > 0 && !due) return err('UNKNOWN_CARDS', 'cannot show unknown cards');
  return null;
}

export const canShowOrMuckHoleCards = (s: HandState, show: boolean, cards?: readonly CardInt[], player?: number): boolean =>
  verifyShowOrMuckHoleCards(s, show, cards, player) === null;

export function showOrMuckHoleCards(s: HandState, show: boolean, cards?: readonly CardInt[], player?: number): StepResult {
  const e = verifyShowOrMuckHoleCards(s, show, cards, player);
  if (e) return { ok: false, error: e };
  const d = draft(s);
  const i = player ?? s.showdownQueue[0];
  const queue = s.showdownQueue;
  const k = s.phase === 'showdown' ? queue.indexOf(i) : -1;
  if (k === 0) d.showdownQueue = rest(queue);
  else if (k > 0) d.showdownQueue = queue.slice(0, k).concat(queue.slice(k + 1));
  let hand: readonly CardInt[] = [];
  if (show) {
    hand = s.hole[i];
    if (cards) {
      hand = cards.slice();
      wHole(d)[i] = hand;
    }
    const known = !hand.includes(UNKNOWN_CARD);
    if (s.shown[i] !== known) wShown(d)[i] = known;
    logAppend(d, SHOW_PREFIX[i] + cardsText(hand));
  } else {
    wActive(d)[i] = false;
    logAppend(d, MUCK_ENTRY[i]);
  }
  d.events.push({ type: 'showdown', player: i, shown: show, cards: hand });
  if (k >= 0) afterShow(d);
  return done(d);
}

/**
 * Whether the player's hand could still win some pot against the hands shown so far
 * (pokerkit's can_win_now): the live game's automatic "show if you can win, else muck".
 */
export function canWinNow(s: HandState, player: number): boolean {
  if (!s.active[player]) return false;
  if (s.extraBoards.length === 0 && !s.config.game.hiLo) return canWinNowHigh(s, player);
  const pots = computePots(s, true);
  // Every board and half (hi-lo): the player's own value against the shown hands of a pot he contends.
  const who = s.shown.slice();
  who[player] = true;
  const values = handValues(s, who);
  for (const halves of values) {
    for (const v of halves) {
      const mine = v[player];
      if (mine < 0) continue;
      for (let p = 0; p < pots.length; p++) {
        const players = pots[p].players;
        if (!players.includes(player)) continue;
        let best = -1;
        for (let q = 0; q < players.length; q++) if (players[q] !== player && v[players[q]] > best) best = v[players[q]];
        if (mine >= best) return true;
      }
    }
  }
  return false;
}

/** canWinNow on one board, high only (NLHE, PLO): no value tables, each shown hand valued once. */
function canWinNowHigh(s: HandState, player: number): boolean {
  const game = s.config.game;
  const mine = strengthOf(game, s.hole[player], s.board);
  if (mine < 0) return false;
  if (noneAllIn(s)) {
    // Nobody still in is all-in, so all of them put in the same: one pot, every live hand in it
    // (none at all when nobody put in a chip, as computePots finds).
    if (s.config.totalChips === stackSum(s)) return false;
    for (let j = 0; j < s.config.n; j++) {
      if (j !== player && s.active[j] && s.shown[j] && strengthOf(game, s.hole[j], s.board) > mine) return false;
    }
    return true;
  }
  const pots = computePots(s, true);
  let values: number[] | null = null; // -2: not valued yet
  for (let p = 0; p < pots.length; p++) {
    const players = pots[p].players;
    if (!players.includes(player)) continue;
    let best = -1;
    for (let q = 0; q < players.length; q++) {
      const j = players[q];
      if (j === player || !s.shown[j]) continue;
      values ??= new Array<number>(s.config.n).fill(-2);
      let v = values[j];
      if (v === -2) v = values[j] = strengthOf(game, s.hole[j], s.board);
      if (v > best) best = v;
    }
    if (mine >= best) return true;
  }
  return false;
}

function stackSum(s: HandState): number {
  let t = 0;
  for (let i = 0; i < s.config.n; i++) t += s.stacks[i];
  return t;
}

function noneAllIn(s: HandState): boolean {
  for (let i = 0; i < s.config.n; i++) if (s.active[i] && s.stacks[i] === 0) return false;
  return true;
}

/** Shows when the hand can still win (or must be shown), mucks otherwise. */
export function autoShowOrMuck(s: HandState): StepResult {
  const i = showdownIndex(s);
  if (i === null) return { ok: false, error: err('WRONG_PHASE', 'no showdown is pending') };
  return showOrMuckHoleCards(s, s.allInShowdown || canWinNow(s, i));
}
