// Settlement, as pokerkit 0.7.4 does it (HAND_KILLING, then CHIPS_PUSHING):
// 1. hands that can win nothing are killed, all at once. pokerkit's test (can_win_now) keeps a
//    hand that is at least as strong as the best hand contending some pot, any pot, even a side
//    pot it has no part in (generated hand 168: only p2 is killed, so four side pots stay apart);
// 2. the pots are formed again from the hands still alive: by contribution level, neighbours with
//    the same contenders merged;
// 3. each pot is raked (the rake function sees the pots of step 2) and split among its best
//    hands; the whole odd-chip remainder goes to the first winner counting from p1.
// Killing before merging moves odd chips: a side pot paid on its own and the same chips merged
// into its neighbour do not split alike (tests/conformance/kill-merge/).
import { draft, done, wActive, wStacks, type Draft } from './draft';
import { activeCount } from './flow';
import { computePots } from './pots';
import { describeLow, describeStrength } from './strength';
import type { HandState, PotPart, PotResult, RuleError, StepResult } from './types';
import { bestOf, handValues, type Values } from './values';

export interface RakeContext {
  /** 0 = main pot. */
  readonly potIndex: number;
  /** No flop, no drop. */
  readonly flopDealt: boolean;
  /** Rake already taken from earlier pots of this hand (for caps). */
  readonly rakeSoFar: number;
  readonly contenders: number;
}

export type RakeFn = (pot: number, ctx: RakeContext) => number;

export interface SettleOptions {
  readonly rake?: RakeFn;
}

/** The usual cash-game rake: a percentage of each pot, capped per hand, nothing without a flop. */
export function percentRake(opts: { percent: number; cap: number; noFlopNoDrop?: boolean }): RakeFn {
  // Basis points keep the arithmetic in integers (4.5% = 450 bp).
  const bp = Math.round(opts.percent * 100);
  return (pot, ctx) => {
    if ((opts.noFlopNoDrop ?? true) && !ctx.flopDealt) return 0;
    const r = Math.floor((pot * bp) / 10000);
    return Math.max(0, Math.min(r, opts.cap - ctx.rakeSoFar));
  };
}

const err = (code: RuleError['code'], message: string): RuleError => ({ code, message });

export function verifySettle(s: HandState): RuleError | null {
  if (s.phase === 'complete') return err('HAND_OVER', 'the hand is already settled');
  if (s.phase !== 'settlement') return err('WRONG_PHASE', `the hand is not finished (phase ${s.phase})`);
  return null;
}

export function settle(s: HandState, opts: SettleOptions = {}): StepResult {
  const e = verifySettle(s);
  if (e) return { ok: false, error: e };
  const d = draft(s);
  const n = d.config.n;
  const showdown = activeCount(s) > 1;
  let pots = computePots(s);
  let values: Values = [];
  if (showdown) {
    values = handValues(s, s.active);
    evaluatedEvents(d, s, values);
    // Hand killing, as pokerkit decides it (can_win_now, all at once, on the pots as they stand):
    // a hand lives when, on some board and half, it is at least as strong as the best hand
    // contending some pot, any pot, even one it has no part in. Hands that cannot be valued
    // (unknown cards) are killed.
    let killed = 0;
    for (let i = 0; i < n; i++) {
      if (!s.active[i] || livesOn(values, pots, i)) continue;
      wActive(d)[i] = false;
      killed++;
      d.events.push({ type: 'hand-killed', player: i });
    }
    // The pots are formed again without the killed hands: neighbours that now have the same
    // contenders merge, and each merged pot is raked and split (odd chips) as one.
    // A pot whose contenders were all killed (none could be valued: unknown cards in a replayed
    // hand) stays with them, split as before; pokerkit would burn its chips.
    if (killed > 0) pots = computePots(d, false, s.active);
  }
  const flopDealt = d.board.length >= 3;
  const results: PotResult[] = [];
  const won: number[] = new Array<number>(n).fill(0);
  const stacks = wStacks(d);
  let totalRake = 0;
  for (let p = 0; p < pots.length; p++) {
    const pot = pots[p];
    let rake = 0;
    if (opts.rake) {
      rake = opts.rake(pot.amount, { potIndex: p, flopDealt, rakeSoFar: totalRake, contenders: pot.players.length });
      if (!Number.isSafeInteger(rake) || rake < 0 || rake > pot.amount) {
        return { ok: false, error: err('INVALID_RAKE', `rake ${rake} is not a whole number between 0 and ${pot.amount}`) };
      }
    }
    totalRake += rake;
    const paid = pot.amount - rake;
    if (values.length <= 1 && (values[0]?.length ?? 1) === 1) {
      // One board, high only (every hand of NLHE, PLO...): the pot to its best hands, no parts.
      const v = showdown ? values[0][0] : null;
      const top = v ? bestOf(v, pot.players) : -1;
      const part = share(0, 'high', paid, v ? withValue(pot.players, v, top) : pot.players.slice());
      for (let k = 0; k < part.winners.length; k++) {
        won[part.winners[k]] += part.shares[k];
        stacks[part.winners[k]] += part.shares[k];
      }
      results.push({ amount: pot.amount, players: pot.players, rake, winners: part.winners, shares: part.shares });
      d.events.push({ type: 'pot-awarded', pot: p, amount: pot.amount, rake, players: pot.players, winners: part.winners, shares: part.shares });
      continue;
    }
    const parts = splitPot(paid, pot.players, values, d.active);
    const byPlayer = new Array<number>(n).fill(0);
    const paidTo = new Array<boolean>(n).fill(false);
    for (const part of parts) {
      for (let k = 0; k < part.winners.length; k++) {
        byPlayer[part.winners[k]] += part.shares[k];
        paidTo[part.winners[k]] = true;
      }
    }
    const winners: number[] = [];
    const shares: number[] = [];
    for (let i = 0; i < n; i++) {
      if (!paidTo[i]) continue;
      winners.push(i);
      shares.push(byPlayer[i]);
      won[i] += byPlayer[i];
      stacks[i] += byPlayer[i];
    }
    results.push({ amount: pot.amount, players: pot.players, rake, winners, shares, parts });
    d.events.push({ type: 'pot-awarded', pot: p, amount: pot.amount, rake, players: pot.players, winners, shares, parts });
  }
  d.result = { pots: results, totalRake, won };
  d.phase = 'complete';
  d.events.push({ type: 'hand-ended', stacks, rake: totalRake });
  return done(d);
}

function evaluatedEvents(d: Draft, s: HandState, values: Values): void {
  const game = d.config.game;
  for (let b = 0; b < values.length; b++) {
    for (let i = 0; i < d.config.n; i++) {
      if (!s.active[i]) continue;
      const v = values[b][0][i];
      const event = { type: 'hand-evaluated' as const, player: i, strength: v, description: describeStrength(v, game) };
      // The first board of a high-only game (NLHE) as a plain literal: spreads build each object key by key.
      if (b === 0 && !game.hiLo) {
        d.events.push(event);
        continue;
      }
      const low = game.hiLo ? Math.max(0, values[b][1][i]) : undefined;
      d.events.push({ ...event, ...(b > 0 ? { board: b } : {}), ...(low === undefined ? {} : { low, lowDescription: describeLow(low) }) });
    }
  }
}

/** pokerkit's can_win_now at the settlement: some board, some half, some pot where the hand is at least the best. */
function livesOn(values: Values, pots: readonly { players: readonly number[] }[], i: number): boolean {
  for (const halves of values) {
    for (const v of halves) {
      if (v[i] < 0) continue;
      for (let p = 0; p < pots.length; p++) if (v[i] >= bestOf(v, pots[p].players)) return true;
    }
  }
  return false;
}

const share = (board: number, half: 'high' | 'low', amount: number, winners: number[]): PotPart => {
  const q = Math.floor(amount / winners.length);
  const r = amount - q * winners.length;
  const shares = winners.slice();
  for (let k = 0; k < shares.length; k++) shares[k] = q + (k === 0 ? r : 0);
  return { board, half, amount, winners, shares };
};

/** The players whose value is `top` (plain loops: settlement runs once a hand, on the hot path). */
function withValue(players: readonly number[], v: readonly number[], top: number): number[] {
  let k = 0;
  for (let q = 0; q < players.length; q++) if (v[players[q]] === top) k++;
  if (k === players.length) return players.slice();
  const out = players.slice(0, k);
  for (let q = 0, j = 0; q < players.length; q++) if (v[players[q]] === top) out[j++] = players[q];
  return out;
}

/**
 * pokerkit's chips pushing: the pot is divided evenly between the boards (the odd chips to the
 * first board), each board's part between the halves some hand still in makes on that board (high
 * first, then low; the odd chip to the high half), and each half among the contenders with the
 * best value there; a remainder goes to the first of them from p1. When no contender of the pot
 * has a low but another hand still in does, pokerkit still makes a low half and gives it to every
 * contender (none holds a better "no low" than the others): so does this.
 */
function splitPot(amount: number, players: readonly number[], values: Values, active: readonly boolean[]): PotPart[] {
  const parts: PotPart[] = [];
  const boards = values.length;
  const q = Math.floor(amount / boards);
  const r = amount - q * boards;
  for (let b = 0; b < boards; b++) {
    const sub = q + (b === 0 ? r : 0);
    const halves: number[] = [];
    for (let k = 0; k < values[b].length; k++) if (values[b][k].some((x, i) => active[i] && x >= 0)) halves.push(k);
    if (halves.length === 0) halves.push(0); // only hands nobody could value (replays of unknown cards)
    const sq = Math.floor(sub / halves.length);
    const sr = sub - sq * halves.length;
    for (let h = 0; h < halves.length; h++) {
      const amt = sq + (h === 0 ? sr : 0);
      if (amt === 0) continue;
      const v = values[b][halves[h]];
      const top = bestOf(v, players);
      const winners = withValue(players, v, top);
      parts.push(share(b, halves[h] === 0 ? 'high' : 'low', amt, winners));
    }
  }
  return parts;
}
