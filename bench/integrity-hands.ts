// One simulated hold'em hand of the integrity bench: real cards, betting by each player's style and
// hand strength (and by the planted behaviour of dumpers and colluders), a real showdown. The
// record has the shape the integrity job reads from a settled hand (server/integrity/record.ts).
import { cardToString, evaluateHoldem } from '../src/poker';
import type { HandRecord, RecordAction } from '../src/server/integrity/record';
import { decisionMs, type SimPlayer } from './integrity-population';

const STACK_BB = 100;

/** Preflop strength 0..1: pairs, high cards, suited, connected. */
function preflop(a: number, b: number): number {
  const [x, y] = [a >> 2, b >> 2].sort((m, n) => n - m);
  let s = (x + y) / 24;
  if (x === y) s = 0.55 + (x / 12) * 0.45;
  if ((a & 3) === (b & 3)) s += 0.06;
  if (x - y === 1) s += 0.04;
  return Math.min(1, s);
}

/** After the flop: 0..1 from the made hand's category. */
function postflop(hole: number[], board: number[]): number {
  const strength = evaluateHoldem([...hole, ...board]);
  return Math.min(1, strength / 7462 + 0.15);
}

interface Seat {
  p: SimPlayer;
  hole: number[];
  committed: number;
  total: number;
  folded: boolean;
  allIn: boolean;
}

type Decision = 'f' | 'cc' | 'cbr';

/** What this player does now (facing: the amount to call). */
function decide(s: Seat, strength: number, facing: number, bb: number, others: Seat[], aggressor: Seat | null, r: () => number): Decision {
  const p = s.p;
  const partner = p.partner !== null ? others.find((o) => o.p.userId === p.partner && !o.folded) : undefined;
  if (partner && p.role === 'colluder') {
    // Partners never bet into each other heads-up and give way to each other's bets.
    const alone = others.filter((o) => !o.folded && o !== s).length === 1;
    if (facing > 0 && partner.committed >= s.committed + facing && r() < 0.8) return 'f';
    if (alone) return 'cc';
  }
  if (partner && p.role === 'squeezer') {
    // A team whipsaws whoever sits between them: the partner's raise is raised again, whatever the
    // cards, while a third player is caught in the pot; alone together they only check and call.
    const caught = others.some((o) => !o.folded && o !== s && o !== partner);
    if (caught && facing > 0 && aggressor === partner && r() < 0.7) return 'cbr';
    if (!caught) return 'cc';
  }
  if (partner && (p.role === 'dumper' || p.role === 'tdumper')) return facing > 0 ? (r() < 0.55 ? 'cc' : 'f') : 'cc';
  if (partner && (p.role === 'receiver' || p.role === 'treceiver')) return r() < 0.85 ? 'cbr' : 'cc';
  const edge = strength + (r() - 0.5) * 0.2;
  if (facing === 0) return edge > p.raiseAt || r() < p.bluff ? (r() < p.aggression + 0.2 ? 'cbr' : 'cc') : 'cc';
  const price = facing / (facing + bb * 4);
  if (edge > p.raiseAt && r() < p.aggression) return 'cbr';
  return edge > p.playAt + price * 0.3 || r() < p.bluff / 2 ? 'cc' : 'f';
}

/** One street of betting; returns the actions. */
function street(seats: Seat[], n: number, st: number, board: number[], bb: number, r: () => number, out: RecordAction[]) {
  let level = st === 0 ? bb : 0;
  let raises = 0;
  let aggressor: Seat | null = null;
  let toAct = seats.map((s) => !s.folded && !s.allIn);
  let i = st === 0 ? 2 % n : 0;
  for (let guard = 0; toAct.some(Boolean) && guard < 60; guard++, i = (i + 1) % n) {
    const s = seats[i];
    if (!toAct[i]) continue;
    toAct[i] = false;
    if (seats.filter((x) => !x.folded).length < 2) break;
    const facing = level - s.committed;
    const strength = st === 0 ? preflop(s.hole[0], s.hole[1]) : postflop(s.hole, board);
    let d = decide(s, strength, facing, bb, seats, aggressor, r);
    if (d === 'cbr' && raises >= 3) d = 'cc';
    if (d === 'f' && facing <= 0) d = 'cc';
    const room = STACK_BB * bb - s.total;
    const action: RecordAction = { p: i, street: st, kind: d, ms: decisionMs(s.p, facing > 0, r) };
    if (d === 'f') s.folded = true;
    else {
      const target = d === 'cbr' ? Math.max(level * 3, bb * 2) : level;
      const pay = Math.min(room, target - s.committed);
      s.committed += pay;
      s.total += pay;
      if (pay >= room) s.allIn = true;
      if (d === 'cbr' && s.committed > level) {
        level = s.committed;
        raises++;
        aggressor = s;
        action.to = level;
        toAct = seats.map((x, k) => k !== i && !x.folded && !x.allIn);
      } else action.kind = 'cc';
    }
    out.push(action);
  }
  for (const s of seats) s.committed = 0;
}

/** Shuffles a deck with `r`. */
function deck(r: () => number): number[] {
  const d = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [d[i], d[j]] = [d[j], d[i]];
  }
  return d;
}

export function simulateHand(id: number, tableId: number, at: number, players: SimPlayer[], bb: number, r: () => number): HandRecord {
  const n = players.length;
  const d = deck(r);
  const seats: Seat[] = players.map((p, i) => ({ p, hole: [d[2 * i], d[2 * i + 1]], committed: 0, total: 0, folded: false, allIn: false }));
  seats[0].committed = seats[0].total = bb / 2;
  seats[1].committed = seats[1].total = bb;
  const board = d.slice(2 * n, 2 * n + 5);
  const actions: RecordAction[] = [];
  let dealt = 0;
  for (let st = 0; st < 4; st++) {
    if (seats.filter((s) => !s.folded).length < 2) break;
    dealt = st === 0 ? 0 : st + 2;
    street(seats, n, st, board.slice(0, dealt), bb, r, actions);
  }
  const live = seats.filter((s) => !s.folded);
  const shown = live.length >= 2 ? board : board.slice(0, dealt);
  const pot = seats.reduce((a, s) => a + s.total, 0);
  const best = live.length >= 2 ? Math.max(...live.map((s) => evaluateHoldem([...s.hole, ...board]))) : 0;
  const winners = live.length >= 2 ? live.filter((s) => evaluateHoldem([...s.hole, ...board]) === best) : live;
  return {
    id,
    tableId,
    at,
    game: 'texas',
    bigBlind: bb,
    tournament: false,
    players: seats.map((s) => ({
      userId: s.p.userId,
      isBot: false,
      start: STACK_BB * bb,
      end: STACK_BB * bb - s.total + (winners.includes(s) ? Math.floor(pot / winners.length) : 0),
      cards: s.hole.map(cardToString),
      shown: live.length >= 2 && !s.folded,
    })),
    board: (live.length >= 2 ? board : shown).map(cardToString),
    actions,
  };
}
