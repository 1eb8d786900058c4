// What the house takes from each pot: the rake (a percent, capped per hand, no flop no drop) and
// the bad-beat jackpot's share of a raked pot. Both are recorded per pot for the ledger and the
// hand history (PHH `_cuts`).
import { percentRake, type RakeFn } from '../engine';
import type { TableRules } from './types';

/** The rake and the jackpot's share of one pot. */
export interface PotCut {
  rake: number;
  jackpot: number;
}

/** A rake function for the engine's settlement that also records each pot's cut in `cuts`. */
export function houseCut(rules: Pick<TableRules, 'rakePercent' | 'rakeCap' | 'jackpotPercent'>, cuts: PotCut[]): RakeFn {
  const rake = percentRake({ percent: rules.rakePercent, cap: rules.rakeCap, noFlopNoDrop: true });
  return (pot, ctx) => {
    const r = rake(pot, { ...ctx, rakeSoFar: cuts.reduce((a, c) => a + c.rake, 0) });
    const j = r > 0 ? Math.min(pot - r, Math.floor((pot * Math.round(rules.jackpotPercent * 100)) / 10000)) : 0;
    cuts.push({ rake: r, jackpot: j });
    return r + j;
  };
}
