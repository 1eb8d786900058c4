// What one hand says about each player and each pair: the betting replayed just far enough to
// know who faced a bet, who raised first, who saw the flop and showdown, who folded what to whom.
import { CATEGORY_START, evaluateHoldem, parseCard } from '../../poker';
import type { HandRecord } from './record';

export interface PlayerFacts {
  vpip: boolean;
  pfr: boolean;
  threeBetOpp: boolean;
  threeBet: boolean;
  bets: number;
  calls: number;
  sawFlop: boolean;
  flopAggr: boolean;
  wtsd: boolean;
  wsd: boolean;
  net: number;
  /** [ms, facing a bet] of each decision with a recorded time. */
  decisions: Array<[number, boolean]>;
  /** Players (indexes) whose bet this player folded a strong hand to. */
  strongFoldTo: number[];
}

export interface HandFacts {
  players: PlayerFacts[];
  /** Pairs of indexes who both saw the flop, and whether a bet or raise went between them. */
  flopPairs: Array<{ a: number; b: number; aggr: boolean; headsUp: boolean }>;
  /** Chips from loser to winner (indexes), the losses shared in proportion to the gains. */
  flows: Array<{ from: number; to: number; amount: number }>;
  /**
   * Squeeze spots: `actor` facing a bet or raise of `raiser` with a third player still in between
   * them; whether the actor raised again, and whether a third player then folded on that street.
   */
  squeezes: Squeeze[];
}

export interface Squeeze {
  raiser: number;
  actor: number;
  reraise: boolean;
  squeezedOut: boolean;
}

const rank = (card: string) => '23456789TJQKA'.indexOf(card[0]);

/** Preflop QQ+ or AK; after the flop two pair or better with the board dealt so far (hold'em). */
export function isStrong(cards: readonly string[], board: readonly string[], street: number): boolean {
  if (cards.length !== 2 || cards.some((c) => c.startsWith('?'))) return false;
  if (street === 0) {
    const [x, y] = cards.map(rank).sort((m, n) => n - m);
    return (x === y && x >= 10) || (x === 12 && y === 11);
  }
  const seen = board.slice(0, street + 2);
  if (seen.length < 3) return false;
  try {
    return evaluateHoldem([...cards, ...seen].map(parseCard)) >= TWO_PAIR_MIN;
  } catch {
    return false;
  }
}
/** The weakest two pair on the evaluator's scale (higher wins). */
const TWO_PAIR_MIN = CATEGORY_START[2];

function blank(net: number): PlayerFacts {
  const f = { vpip: false, pfr: false, threeBetOpp: false, threeBet: false, bets: 0, calls: 0, sawFlop: false, flopAggr: false };
  return { ...f, wtsd: false, wsd: false, net, decisions: [], strongFoldTo: [] };
}

/** Replays the betting of a hand into facts per player and pair. */
export function handFacts(h: HandRecord): HandFacts {
  const n = h.players.length;
  const facts = h.players.map((p) => blank(p.end - p.start));
  const folded = new Array<boolean>(n).fill(false);
  const aggrBy: boolean[][] = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  let street = 0;
  let level = h.bigBlind;
  let raises = 0;
  let lastAggressor = -1;
  const committed = new Array<number>(n).fill(0);
  if (n > 0) committed[0] = Math.floor(h.bigBlind / 2);
  if (n > 1) committed[1] = h.bigBlind;
  /** Chips put in on earlier streets; a player whose stack is all in cannot be squeezed. */
  const past = new Array<number>(n).fill(0);
  const allIn = (o: number) => past[o] + committed[o] >= h.players[o].start;
  const squeezes: Squeeze[] = [];
  /** This street's re-raises over a third player, with the players caught between. */
  let caught: Array<{ s: Squeeze; between: number[] }> = [];
  for (const a of h.actions) {
    const f = facts[a.p];
    if (!f) continue;
    if (a.street !== street) {
      street = a.street;
      level = 0;
      raises = 0;
      lastAggressor = -1;
      committed.forEach((c, o) => (past[o] += c));
      committed.fill(0);
      caught = [];
    }
    const facing = level > committed[a.p];
    if (a.ms !== null) f.decisions.push([a.ms, facing]);
    if (street === 0 && raises === 1) f.threeBetOpp = true;
    if (facing && lastAggressor >= 0 && lastAggressor !== a.p) {
      const between = folded.flatMap((x, o) => (!x && !allIn(o) && o !== a.p && o !== lastAggressor ? [o] : []));
      if (between.length) {
        const sq = { raiser: lastAggressor, actor: a.p, reraise: a.kind === 'cbr', squeezedOut: false };
        squeezes.push(sq);
        if (sq.reraise) caught.push({ s: sq, between });
      }
    }
    if (a.kind === 'f') {
      for (const c of caught) if (c.between.includes(a.p)) c.s.squeezedOut = true;
      folded[a.p] = true;
      if (facing && lastAggressor >= 0 && isStrong(h.players[a.p].cards, h.board, street)) f.strongFoldTo.push(lastAggressor);
    } else if (a.kind === 'cc') {
      if (facing) {
        f.calls++;
        if (street === 0) f.vpip = true;
      }
      committed[a.p] = level;
    } else {
      f.bets++;
      if (street === 0) {
        f.vpip = true;
        f.pfr = true;
        if (raises === 1) f.threeBet = true;
      } else {
        f.flopAggr = true;
        for (let o = 0; o < n; o++) if (o !== a.p && !folded[o]) aggrBy[a.p][o] = true;
      }
      raises++;
      level = a.to ?? level + h.bigBlind;
      committed[a.p] = level;
      lastAggressor = a.p;
    }
  }
  return { players: facts, squeezes, ...finish(h, facts, folded, aggrBy) };
}

/** Flop, showdown and the money's flow, once the betting is known. */
function finish(h: HandRecord, facts: PlayerFacts[], folded: boolean[], aggrBy: boolean[][]) {
  const n = h.players.length;
  const foldedPreflop = new Array<boolean>(n).fill(false);
  for (const a of h.actions) if (a.street === 0 && a.kind === 'f') foldedPreflop[a.p] = true;
  const flop = h.board.length >= 3;
  const live = folded.filter((x) => !x).length;
  for (let i = 0; i < n; i++) {
    facts[i].sawFlop = flop && !foldedPreflop[i];
    facts[i].wtsd = facts[i].sawFlop && !folded[i] && live >= 2;
    facts[i].wsd = facts[i].wtsd && facts[i].net > 0;
  }
  const flopPairs: HandFacts['flopPairs'] = [];
  const headsUp = facts.filter((f) => f.sawFlop).length === 2;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) if (facts[a].sawFlop && facts[b].sawFlop) flopPairs.push({ a, b, aggr: aggrBy[a][b] || aggrBy[b][a], headsUp });
  const gains = facts.map((f) => Math.max(0, f.net));
  const totalGain = gains.reduce((s, g) => s + g, 0);
  const flows: HandFacts['flows'] = [];
  if (totalGain > 0)
    for (let l = 0; l < n; l++) {
      const loss = -Math.min(0, facts[l].net);
      if (loss > 0) for (let w = 0; w < n; w++) if (gains[w] > 0) flows.push({ from: l, to: w, amount: (loss * gains[w]) / totalGain });
    }
  return { flopPairs, flows };
}
