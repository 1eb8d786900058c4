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
import { draft, freeze, wActive, wStacks } from './draft';
import { activeCount } from './flow';
import { computePots } from './pots';
import { describeStrength, strengthOf } from './strength';
import type { HandState, PotResult, RuleError, StepResult } from './types';

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
  const strengths: number[] = [];
  for (let i = 0; i < n; i++) strengths.push(-1);
  let pots = computePots(s);
  if (showdown) {
    for (let i = 0; i < n; i++) {
      if (!s.active[i]) continue;
      const v = strengthOf(d.config.variant, s.hole[i], s.board);
      strengths[i] = v;
      d.events.push({ type: 'hand-evaluated', player: i, strength: v, description: describeStrength(v, d.config.game) });
    }
    // Hand killing, as pokerkit decides it (can_win_now, all at once, on the pots as they stand):
    // a hand lives when it is at least as strong as the best hand contending some pot, any pot,
    // even one it has no part in. Hands that cannot be valued (unknown cards) are killed.
    const best: number[] = [];
    for (let p = 0; p < pots.length; p++) {
      let top = -1;
      const players = pots[p].players;
      for (let q = 0; q < players.length; q++) if (strengths[players[q]] > top) top = strengths[players[q]];
      best.push(top);
    }
    let killed = 0;
    for (let i = 0; i < n; i++) {
      if (!s.active[i]) continue;
      let lives = false;
      if (strengths[i] >= 0) for (let p = 0; p < best.length && !lives; p++) lives = strengths[i] >= best[p];
      if (!lives) {
        wActive(d)[i] = false;
        killed++;
        d.events.push({ type: 'hand-killed', player: i });
      }
    }
    // The pots are formed again without the killed hands: neighbours that now have the same
    // contenders merge, and each merged pot is raked and split (odd chips) as one.
    // A pot whose contenders were all killed (none could be valued: unknown cards in a replayed
    // hand) stays with them, split as before; pokerkit would burn its chips.
    if (killed > 0) pots = computePots(d, false, s.active);
  }
  const flopDealt = d.board.length >= 3;
  const results: PotResult[] = [];
  const won: number[] = [];
  for (let i = 0; i < n; i++) won.push(0);
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
    let winners: number[];
    if (!showdown) winners = pot.players.slice();
    else {
      let top = -1;
      for (let q = 0; q < pot.players.length; q++) if (strengths[pot.players[q]] > top) top = strengths[pot.players[q]];
      winners = [];
      for (let q = 0; q < pot.players.length; q++) if (strengths[pot.players[q]] === top) winners.push(pot.players[q]);
    }
    const paid = pot.amount - rake;
    const shares: number[] = [];
    if (winners.length > 0) {
      const q = Math.floor(paid / winners.length);
      const r = paid - q * winners.length;
      for (let k = 0; k < winners.length; k++) {
        const share = q + (k === 0 ? r : 0);
        shares.push(share);
        won[winners[k]] += share;
        stacks[winners[k]] += share;
      }
    }
    results.push({ amount: pot.amount, players: pot.players, rake, winners, shares });
    d.events.push({ type: 'pot-awarded', pot: p, amount: pot.amount, rake, players: pot.players, winners, shares });
  }
  d.result = { pots: results, totalRake, won };
  d.phase = 'complete';
  d.events.push({ type: 'hand-ended', stacks, rake: totalRake });
  return { ok: true, state: freeze(d), events: d.events };
}
