// Main and side pots by contribution level (pokerkit's construction): each distinct level of
// what players put in forms a pot; only players still holding cards can win it; neighbouring
// pots with the same contenders are merged. Untrimmed antes all go into the first pot.
import type { PotView } from './types';

interface PotInput {
  readonly config: { readonly n: number; readonly startingStacks: readonly number[]; readonly antes: readonly number[]; readonly anteTrimming: boolean };
  readonly stacks: readonly number[];
  readonly bets: readonly number[];
  readonly active: readonly boolean[];
}

/**
 * `fallback`: who else may contend a level that none of the players still holding cards reached
 * (the settlement passes the contenders as they stood before hands were killed).
 */
export function computePots(s: PotInput, includeBets = false, fallback?: readonly boolean[]): PotView[] {
  const c = s.config;
  const n = c.n;
  const contributions: number[] = [];
  const pending: number[] = [];
  let amount = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const put = c.startingStacks[i] - s.stacks[i];
    const contribution = includeBets ? put : put - s.bets[i];
    contributions.push(contribution);
    pending.push(put);
    total += contribution;
  }
  if (total === 0) return [];
  if (!c.anteTrimming) {
    for (let i = 0; i < n; i++) {
      const a = c.antes[i];
      amount += a;
      contributions[i] -= a;
      pending[i] -= a;
    }
  }
  // The distinct contribution levels, ascending (insertion: n is small).
  const levels: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = contributions[i];
    let k = levels.length;
    while (k > 0 && levels[k - 1] > v) k--;
    if (k > 0 && levels[k - 1] === v) continue;
    levels.push(v);
    for (let m = levels.length - 1; m > k; m--) levels[m] = levels[m - 1];
    levels[k] = v;
  }
  const pots: PotView[] = [];
  let previous = 0;
  for (let l = 0; l < levels.length; l++) {
    const level = levels[l];
    for (let i = 0; i < n; i++) if (contributions[i] >= level) amount += level - previous;
    const players: number[] = [];
    for (let i = 0; i < n; i++) if (pending[i] >= level && s.active[i]) players.push(i);
    if (players.length === 0 && fallback) for (let i = 0; i < n; i++) if (pending[i] >= level && fallback[i]) players.push(i);
    while (pots.length > 0 && sameList(pots[pots.length - 1].players, players)) amount += pots.pop()!.amount;
    if (amount > 0) pots.push({ amount, players });
    amount = 0;
    previous = level;
  }
  return pots;
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
