// Adds settled hands to the running sums, in memory: the job loads the rows the batch touches,
// adds and writes them back; the bench keeps everything in one Accumulator. Same code for both.
import { allinResults } from './allin';
import { type Activity, emptyActivity, emptyPair, emptyPlayer, type PairCounters, type PlayerCounters, pairKey } from './counters';
import { type HandFacts, handFacts, type PlayerFacts } from './hand-facts';
import type { HandRecord } from './record';

/** A pause this long ends a session (a break). */
export const BREAK_MS = 15 * 60_000;
/** Tables with a hand of the player's within this window count as played at once. */
export const CONCURRENT_MS = 5 * 60_000;
const EVIDENCE_HANDS = 20;

type PairOf = (i: number, j: number) => { c: PairCounters; forward: boolean };

export const statKey = (userId: number, game: string, bigBlind: number) => `${userId}|${game}|${bigBlind}`;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class Accumulator {
  readonly stats = new Map<string, PlayerCounters>();
  readonly activity = new Map<number, Activity>();
  readonly pairs = new Map<string, PairCounters>();
  /** `${userId}|${day}` -> hands and net (cash) of that UTC day: the player's graph. */
  readonly days = new Map<string, { hands: number; net: number }>();
  /** Every hand counted (traffic: what sitting together is compared with). */
  totalHands = 0;
  readonly touchedUsers = new Set<number>();
  readonly touchedPairs = new Set<string>();

  add(h: HandRecord): void {
    this.totalHands++;
    const f = handFacts(h);
    const game = h.tournament ? `${h.game}-tournament` : h.game;
    const stake = h.tournament ? 0 : h.bigBlind;
    h.players.forEach((p, i) => {
      if (p.isBot) return;
      this.touchedUsers.add(p.userId);
      const spots = f.squeezes.filter((s) => s.actor === i);
      const sq = { spots: spots.length, raises: spots.filter((s) => s.reraise).length };
      const hu = f.flopPairs.some((fp) => fp.headsUp && (fp.a === i || fp.b === i));
      this.addStats(statKey(p.userId, game, stake), f.players[i], h.bigBlind, sq, h.players.length - 1, hu);
      this.addActivity(p.userId, h);
      if (!h.tournament) {
        const d = this.get(this.days, `${p.userId}|${dayOf(h.at)}`, () => ({ hands: 0, net: 0 }));
        d.hands++;
        d.net += f.players[i].net;
      }
    });
    for (const r of allinResults(h) ?? []) {
      const p = h.players[r.i];
      if (p.isBot) continue;
      const s = this.stats.get(statKey(p.userId, game, stake))!;
      s.allinN++;
      s.allinEv += r.ev;
      s.allinActual += r.actual;
    }
    this.addPairs(h, f);
  }

  private get<K, V>(m: Map<K, V>, k: K, make: () => V): V {
    let v = m.get(k);
    if (!v) m.set(k, (v = make()));
    return v;
  }

  private addStats(key: string, f: PlayerFacts, bb: number, sq: { spots: number; raises: number }, opponents: number, hu: boolean): void {
    const s = this.get(this.stats, key, emptyPlayer);
    s.hands++;
    s.opponents += opponents;
    s.huFlops += +hu;
    s.huFlopAggr += +(hu && f.flopAggr);
    s.vpip += +f.vpip;
    s.pfr += +f.pfr;
    s.threeBetOpp += +f.threeBetOpp;
    s.threeBet += +f.threeBet;
    s.bets += f.bets;
    s.calls += f.calls;
    s.sawFlop += +f.sawFlop;
    s.flopAggr += +(f.sawFlop && f.flopAggr);
    s.wtsd += +f.wtsd;
    s.wsd += +f.wsd;
    s.net += f.net;
    s.netBb += bb > 0 ? f.net / bb : 0;
    s.strongFolds += f.strongFoldTo.length;
    s.sqzSpots += sq.spots;
    s.sqzRaises += sq.raises;
    for (const [ms, facing] of f.decisions) {
      s.dN++;
      s.dSum += ms;
      s.dSumSq += ms * ms;
      if (facing) {
        s.dFacingN++;
        s.dFacingSum += ms;
      }
    }
  }

  /** Cash money in chips, tournament chips in big blinds (their blinds rise, chips are not money). */
  private addFlows(h: HandRecord, f: HandFacts, pairOf: PairOf, keep: (c: PairCounters) => void): void {
    const net = new Map<string, number>();
    const unit = h.tournament ? Math.max(1, h.bigBlind) : 1;
    for (const fl of f.flows) {
      if (h.players[fl.from].isBot || h.players[fl.to].isBot) continue;
      const { c, forward } = pairOf(fl.from, fl.to);
      const amount = fl.amount / unit;
      if (h.tournament) {
        if (forward) c.tAToB += amount;
        else c.tBToA += amount;
      } else if (forward) c.aToB += amount;
      else c.bToA += amount;
      const key = pairKey(h.players[fl.from].userId, h.players[fl.to].userId);
      net.set(key, (net.get(key) ?? 0) + (forward ? amount : -amount));
      // Big pots are the telling hands; smaller ones fill the list until there are enough of those.
      if (fl.amount >= 20 * h.bigBlind || c.handIds.length < EVIDENCE_HANDS) keep(c);
    }
    for (const [key, v] of net) {
      const c = this.pairs.get(key)!;
      if (h.tournament) c.tFlowSq += v * v;
      else c.flowSq += v * v;
    }
  }

  /** A raise answered by the other of a pair with a third player caught between them. */
  private addSqueezes(h: HandRecord, f: HandFacts, pairOf: PairOf): void {
    for (const sq of f.squeezes) {
      const [r, x] = [h.players[sq.raiser], h.players[sq.actor]];
      if (r.isBot || x.isBot || r.userId === x.userId) continue;
      const { c, forward } = pairOf(sq.raiser, sq.actor);
      if (forward) {
        c.sqzSpotsAB++;
        c.sqzRaisesAB += +sq.reraise;
      } else {
        c.sqzSpotsBA++;
        c.sqzRaisesBA += +sq.reraise;
      }
      if (!sq.reraise) continue;
      c.sqzOut += +sq.squeezedOut;
      if (!c.sqzHandIds.includes(h.id)) c.sqzHandIds = [h.id, ...c.sqzHandIds].slice(0, EVIDENCE_HANDS);
    }
  }

  private addActivity(userId: number, h: HandRecord): void {
    const a = this.get(this.activity, userId, emptyActivity);
    if (a.hands === 0) a.firstAt = a.sessionStart = h.at;
    else if (h.at - a.lastAt > BREAK_MS) a.sessionStart = h.at;
    else if (h.at > a.lastAt) a.playedMs += h.at - a.lastAt;
    a.hands++;
    a.lastAt = Math.max(a.lastAt, h.at);
    a.longestMs = Math.max(a.longestMs, a.lastAt - a.sessionStart);
    a.tables[String(h.tableId)] = h.at;
    for (const [t, at] of Object.entries(a.tables)) if (h.at - at > CONCURRENT_MS) delete a.tables[t];
    a.maxTables = Math.max(a.maxTables, Object.keys(a.tables).length);
  }

  private addPairs(h: HandRecord, f: HandFacts): void {
    const people = h.players.map((p, i) => ({ p, i })).filter((x) => !x.p.isBot);
    const pairOf = (i: number, j: number) => {
      const [x, y] = [h.players[i].userId, h.players[j].userId];
      const key = pairKey(x, y);
      this.touchedPairs.add(key);
      return { c: this.get(this.pairs, key, emptyPair), forward: x < y };
    };
    for (let m = 0; m < people.length; m++)
      for (let k = m + 1; k < people.length; k++) {
        const { c } = pairOf(people[m].i, people[k].i);
        c.together++;
        c.tTogether += +h.tournament;
        if (h.players.length === 2) c.headsUp++;
      }
    const keep = (c: PairCounters) => {
      if (!c.handIds.includes(h.id)) c.handIds = [h.id, ...c.handIds].slice(0, EVIDENCE_HANDS);
    };
    for (const fp of f.flopPairs) {
      if (h.players[fp.a].isBot || h.players[fp.b].isBot) continue;
      const { c, forward } = pairOf(fp.a, fp.b);
      const [x, y] = forward ? [fp.a, fp.b] : [fp.b, fp.a];
      c.bothFlop++;
      c.bothFlopAggr += +fp.aggr;
      c.bothFlopBetA += +f.players[x].flopAggr;
      c.bothFlopBetB += +f.players[y].flopAggr;
      if (!fp.headsUp) continue;
      c.huFlop++;
      c.huFlopAggr += +fp.aggr;
      c.huFlopBetA += +f.players[x].flopAggr;
      c.huFlopBetB += +f.players[y].flopAggr;
    }
    this.addFlows(h, f, pairOf, keep);
    this.addSqueezes(h, f, pairOf);
    f.players.forEach((pf, i) => {
      for (const to of pf.strongFoldTo) {
        if (h.players[i].isBot || h.players[to].isBot || to === i) continue;
        const { c, forward } = pairOf(i, to);
        if (forward) {
          c.strongFoldAB++;
          c.tStrongFoldAB += +h.tournament;
        } else {
          c.strongFoldBA++;
          c.tStrongFoldBA += +h.tournament;
        }
        keep(c);
      }
    });
  }
}
