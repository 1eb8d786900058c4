// Settlement: pots by contribution level (neighbours with the same contenders merged), raked and
// paid; hands that win nothing are mucked (killed). Odd chips: the whole remainder of a pot goes
// to its first winner counting from p1. Pots are formed from the contenders as they stand at the
// showdown, before losing hands are killed: that is what pokerkit 0.7.4 pays (generated hand 168
// splits four side pots separately, each with its own odd chips, although the same three
// players win them all).
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
  // Pots are formed once, from the contenders as they stand before losing hands are killed.
  const pots = computePots(s);
  const strengths: number[] = [];
  for (let i = 0; i < n; i++) strengths.push(-1);
  if (showdown) {
    for (let i = 0; i < n; i++) {
      if (!s.active[i]) continue;
      const v = strengthOf(d.config.variant, s.hole[i], s.board);
      strengths[i] = v;
      d.events.push({ type: 'hand-evaluated', player: i, strength: v, description: describeStrength(v) });
    }
    // Hands that win nothing are killed (mucked unseen by the pay-out).
    for (let i = 0; i < n; i++) {
      if (!s.active[i]) continue;
      let wins = false;
      if (strengths[i] >= 0) {
        for (let p = 0; p < pots.length && !wins; p++) {
          const players = pots[p].players;
          if (!players.includes(i)) continue;
          let best = -1;
          for (let q = 0; q < players.length; q++) if (strengths[players[q]] > best) best = strengths[players[q]];
          if (strengths[i] >= best) wins = true;
        }
      }
      if (!wins) {
        wActive(d)[i] = false;
        d.events.push({ type: 'hand-killed', player: i });
      }
    }
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
      let best = -1;
      for (let q = 0; q < pot.players.length; q++) if (strengths[pot.players[q]] > best) best = strengths[pot.players[q]];
      winners = [];
      for (let q = 0; q < pot.players.length; q++) if (strengths[pot.players[q]] === best) winners.push(pot.players[q]);
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
