// Dealing: explicit hole and board steps (cards may be unknown, -1, when replaying real hands),
// and an automatic dealer that takes cards from an injected, already shuffled deck.
import { cardsText } from './cardtext';
import { DEAL_HOLE_PREFIX, draft, done, joined, logAppend, wHole, wHolePending, type Draft } from './draft';
import { afterDeal } from './flow';
import { UNKNOWN_CARD, type CardInt, type HandState, type RuleError, type RunoutState, type StepResult } from './types';

const err = (code: RuleError['code'], message: string): RuleError => ({ code, message });

/** The lowest card int of the game's deck: 0, or 16 (the six of clubs) in the 36-card short deck. */
export const lowestCard = (s: { config: { game: { deckSize: number } } }): number => (s.config.game.deckSize === 36 ? 16 : 0);

/** Whether the card is already out (in a hand or on the board). */
function isOut(s: HandState, c: CardInt): boolean {
  for (let i = 0; i < s.hole.length; i++) {
    const h = s.hole[i];
    for (let k = 0; k < h.length; k++) if (h[k] === c) return true;
  }
  const b = s.board;
  for (let k = 0; k < b.length; k++) if (b[k] === c) return true;
  for (const x of s.extraBoards) for (let k = cardsShared(s); k < x.length; k++) if (x[k] === c) return true;
  return false;
}

/** Cards every board shares (dealt before the run-outs split). */
function cardsShared(s: { runout: RunoutState | null }): number {
  const street = s.runout === null ? -1 : s.runout.street;
  return street <= 1 ? 0 : street + 1;
}

function verifyCards(s: HandState, cards: readonly CardInt[]): RuleError | null {
  if (cards.length === 0) return err('INVALID_CARDS', 'no cards given');
  for (let k = 0; k < cards.length; k++) {
    const c = cards[k];
    if (c === UNKNOWN_CARD) continue;
    if (!Number.isInteger(c) || c < 0 || c > 51) return err('INVALID_CARDS', `not a card: ${c}`);
    if (c < lowestCard(s)) return err('INVALID_CARDS', `${cardsText([c])} is not in the ${s.config.game.deckSize}-card deck`);
    // Out already, or repeated within the cards given.
    if (isOut(s, c) || cards.indexOf(c) < k) return err('DUPLICATE_CARD', `card ${cardsText([c])} is already out`);
  }
  return null;
}

function verifyDealing(s: HandState): RuleError | null {
  if (s.phase === 'settlement' || s.phase === 'complete') return err('HAND_OVER', 'the hand is over');
  if (s.phase !== 'dealing') return err('WRONG_PHASE', `no dealing is pending (phase ${s.phase})`);
  return null;
}

export function verifyDealHole(s: HandState, player: number, cards: readonly CardInt[]): RuleError | null {
  const e = verifyDealing(s);
  if (e) return e;
  if (!Number.isInteger(player) || player < 0 || player >= s.config.n) return err('INVALID_PLAYER', `no player ${player}`);
  if (s.holePending[player] === 0) return err('TOO_MANY_CARDS', `p${player + 1} is owed no hole cards`);
  if (cards.length > s.holePending[player]) return err('TOO_MANY_CARDS', `p${player + 1} is owed ${s.holePending[player]} cards, not ${cards.length}`);
  return verifyCards(s, cards);
}

export const canDealHole = (s: HandState, player: number, cards: readonly CardInt[]): boolean => verifyDealHole(s, player, cards) === null;

/** `cards` must be a fresh array the draft may keep. */
function applyHole(d: Draft, player: number, cards: CardInt[]): void {
  const had = d.hole[player];
  wHole(d)[player] = had.length === 0 ? cards : joined(had, cards);
  wHolePending(d)[player] -= cards.length;
  logAppend(d, DEAL_HOLE_PREFIX[player] + cardsText(cards));
  d.events.push({ type: 'hole-dealt', player, cards });
}

export function dealHole(s: HandState, player: number, cards: readonly CardInt[]): StepResult {
  const e = verifyDealHole(s, player, cards);
  if (e) return { ok: false, error: e };
  const d = draft(s);
  applyHole(d, player, cards.slice());
  afterDeal(d);
  return done(d);
}

export function verifyDealBoard(s: HandState, cards: readonly CardInt[]): RuleError | null {
  const e = verifyDealing(s);
  if (e) return e;
  for (let i = 0; i < s.holePending.length; i++) if (s.holePending[i] > 0) return err('WRONG_PHASE', 'hole cards must be dealt first');
  if (s.boardPending === 0) return err('TOO_MANY_CARDS', 'no board cards are owed');
  if (cards.length > s.boardPending) return err('TOO_MANY_CARDS', `${s.boardPending} board cards are owed, not ${cards.length}`);
  return verifyCards(s, cards);
}

export const canDealBoard = (s: HandState, cards: readonly CardInt[]): boolean => verifyDealBoard(s, cards) === null;

/** `cards` must be a fresh array the draft may keep. */
function applyBoard(d: Draft, cards: CardInt[]): void {
  d.boardPending -= cards.length;
  logAppend(d, 'd db ' + cardsText(cards));
  const extra = d.extraBoards.length;
  if (extra === 0) {
    d.board = joined(d.board, cards);
    d.events.push({ type: 'street-dealt', street: d.street, cards, board: d.board });
    return;
  }
  // Run it twice: the cards go to the board being dealt, the last one.
  const board = joined(d.extraBoards[extra - 1], cards);
  d.extraBoards = [...d.extraBoards.slice(0, extra - 1), board];
  d.events.push({ type: 'street-dealt', street: d.street, cards, board, boardIndex: extra });
}

export function dealBoard(s: HandState, cards: readonly CardInt[]): StepResult {
  const e = verifyDealBoard(s, cards);
  if (e) return { ok: false, error: e };
  const d = draft(s);
  applyBoard(d, cards.slice());
  afterDeal(d);
  return done(d);
}

function owedCount(pending: readonly number[]): number {
  let k = 0;
  for (let i = 0; i < pending.length; i++) if (pending[i] > 0) k++;
  return k;
}

/**
 * Deals everything currently owed from `deck` (52 shuffled card ints), continuing where the last
 * call stopped: hole cards one at a time round the table from p1, then one burn before each of
 * the flop, turn and river. The deck itself comes from the fair shuffle, outside the engine.
 */
export function dealFromDeck(s: HandState, deck: ArrayLike<CardInt>): StepResult {
  const e = verifyDealing(s);
  if (e) return { ok: false, error: e };
  const d = draft(s);
  const n = d.config.n;
  const pending = s.holePending;
  let most = 0;
  for (let i = 0; i < n; i++) if (pending[i] > most) most = pending[i];
  let pos = d.deckPos;
  if (most > 0) {
    // One card at a time round the table, as many rounds as the most owed.
    let need = 0;
    for (let i = 0; i < n; i++) need += pending[i];
    if (pos + need > deck.length) return { ok: false, error: err('DECK_EXHAUSTED', 'the deck ran out of cards') };
    if (most === 2 && need === 2 * owedCount(pending)) {
      // Hold'em: two cards to each player owed, as exact two-card literals (no pushed arrays).
      const m = need >> 1;
      let r = pos;
      for (let i = 0; i < n; i++) {
        if (pending[i] === 0) continue;
        applyHole(d, i, [deck[r], deck[r + m]]);
        r++;
      }
      pos += need;
    } else {
      const got: CardInt[][] = [];
      for (let i = 0; i < n; i++) got.push([]);
      for (let round = 0; round < most; round++) {
        for (let i = 0; i < n; i++) if (round < pending[i]) got[i].push(deck[pos++]);
      }
      for (let i = 0; i < n; i++) if (got[i].length > 0) applyHole(d, i, got[i]);
    }
  } else if (d.boardPending > 0) {
    const count = d.boardPending;
    if (pos + 1 + count > deck.length) return { ok: false, error: err('DECK_EXHAUSTED', 'the deck ran out of cards') };
    pos++; // burn
    let cards: CardInt[];
    if (count === 1) cards = [deck[pos]];
    else if (count === 3) cards = [deck[pos], deck[pos + 1], deck[pos + 2]];
    else {
      cards = [];
      for (let k = 0; k < count; k++) cards.push(deck[pos + k]);
    }
    pos += count;
    applyBoard(d, cards);
  }
  d.deckPos = pos;
  // The deck must not repeat a card already out (two 26-bit masks: no allocation).
  let lo = 0;
  let hi = 0;
  const lowest = lowestCard(d);
  const shared = cardsShared(d);
  for (let i = 0; i <= n + d.extraBoards.length; i++) {
    const h = i < n ? d.hole[i] : i === n ? d.board : d.extraBoards[i - n - 1];
    for (let k = i > n ? shared : 0; k < h.length; k++) {
      const c = h[k];
      if (c === UNKNOWN_CARD) continue;
      if (!(c >= lowest && c <= 51) || (c | 0) !== c)
        return { ok: false, error: err('INVALID_CARDS', `the deck holds something that is not a card of the game: ${c}`) };
      if (c < 26) {
        const bit = 1 << c;
        if (lo & bit) return { ok: false, error: err('DUPLICATE_CARD', 'the deck repeats a card') };
        lo |= bit;
      } else {
        const bit = 1 << (c - 26);
        if (hi & bit) return { ok: false, error: err('DUPLICATE_CARD', 'the deck repeats a card') };
        hi |= bit;
      }
    }
  }
  afterDeal(d);
  return done(d);
}
