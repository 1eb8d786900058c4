// The figures a person reads, from the running sums: percentages, aggression, bb/100, timing.
import type { PlayFigures } from '../../shared/api/integrity';
import type { PlayerCounters } from './counters';

const pct = (n: number, d: number) => (d > 0 ? Math.round((1000 * n) / d) / 10 : null);
const r2 = (x: number) => Math.round(x * 100) / 100;

export function figuresOf(game: string, bigBlind: number, c: PlayerCounters): PlayFigures {
  const mean = c.dN ? c.dSum / c.dN : null;
  const sd = c.dN && mean !== null ? Math.sqrt(Math.max(0, c.dSumSq / c.dN - mean * mean)) : null;
  return {
    game,
    bigBlind,
    hands: c.hands,
    vpip: pct(c.vpip, c.hands),
    pfr: pct(c.pfr, c.hands),
    threeBet: pct(c.threeBet, c.threeBetOpp),
    aggression: c.calls > 0 ? r2(c.bets / c.calls) : null,
    wtsd: pct(c.wtsd, c.sawFlop),
    wsd: pct(c.wsd, c.wtsd),
    bbPer100: c.hands > 0 && bigBlind > 0 ? r2((100 * c.netBb) / c.hands) : null,
    net: Math.round(c.net),
    allinHands: c.allinN,
    allinEv: Math.round(c.allinEv),
    allinActual: Math.round(c.allinActual),
    decisionMeanMs: mean === null ? null : Math.round(mean),
    decisionSdMs: sd === null ? null : Math.round(sd),
  };
}
