// All-in expected value: when two hold'em players were all in before the river, each one's share
// of the pot by equity at that moment, against what the cards then gave them. Over many hands the
// two sums meet; a large gap is luck or, lasting, a sign worth a look (docs/integrity.md).
import { evaluateHoldem, parseCard } from '../../poker';
import type { HandRecord } from './record';

export interface AllinResult {
  /** The hand's player index. */
  i: number;
  ev: number;
  actual: number;
}

const SAMPLES = 300;

/** Deterministic per hand (the same figures on every run). */
function rng(seed: number) {
  let x = seed % 2147483647 || 1;
  return () => (x = (x * 48271) % 2147483647) / 2147483647;
}

function equity(a: number[], b: number[], board: number[], handId: number): number {
  const used = new Set([...a, ...b, ...board]);
  const rest: number[] = [];
  for (let c = 0; c < 52; c++) if (!used.has(c)) rest.push(c);
  const need = 5 - board.length;
  let won = 0;
  let total = 0;
  const score = (extra: number[]) => {
    const full = [...board, ...extra];
    const x = evaluateHoldem([...a, ...full]);
    const y = evaluateHoldem([...b, ...full]);
    won += x > y ? 1 : x === y ? 0.5 : 0;
    total++;
  };
  if (need === 1) for (const c of rest) score([c]);
  else if (need === 2) for (let i = 0; i < rest.length; i++) for (let j = i + 1; j < rest.length; j++) score([rest[i], rest[j]]);
  else {
    const r = rng(handId);
    for (let s = 0; s < SAMPLES; s++) {
      const pick = new Set<number>();
      while (pick.size < need) pick.add(rest[Math.floor(r() * rest.length)]);
      score([...pick]);
    }
  }
  return total ? won / total : 0.5;
}

/** The two players' expected and actual results, or null when the hand was no such all-in. */
export function allinResults(h: HandRecord): AllinResult[] | null {
  if (h.game !== 'texas' || h.board.length !== 5 || !h.actions.length) return null;
  const folded = new Set(h.actions.filter((a) => a.kind === 'f').map((a) => a.p));
  const live = h.players.map((_, i) => i).filter((i) => !folded.has(i));
  if (live.length !== 2) return null;
  const lastStreet = h.actions[h.actions.length - 1].street;
  if (lastStreet >= 3) return null;
  const [i, j] = live;
  const [ci, cj] = [h.players[i].cards, h.players[j].cards];
  if (ci.length !== 2 || cj.length !== 2 || [...ci, ...cj].some((c) => c.startsWith('?'))) return null;
  const stake = -Math.min(h.players[i].end - h.players[i].start, h.players[j].end - h.players[j].start);
  if (stake <= 0) return null;
  try {
    const seen = h.board.slice(0, lastStreet === 0 ? 0 : lastStreet + 2).map(parseCard);
    const eq = equity(ci.map(parseCard), cj.map(parseCard), seen, h.id);
    const clip = (v: number) => Math.max(-stake, Math.min(stake, v));
    return [
      { i, ev: (2 * eq - 1) * stake, actual: clip(h.players[i].end - h.players[i].start) },
      { i: j, ev: (1 - 2 * eq) * stake, actual: clip(h.players[j].end - h.players[j].start) },
    ];
  } catch {
    return null;
  }
}
