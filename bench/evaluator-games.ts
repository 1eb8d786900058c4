// Evaluator rows of the games beyond NLHE/PLO4, each against its best npm peer, same hands, same
// run (compare() of evaluator.ts: alternating rounds in process CPU time, median ratio):
// - Omaha high with 5 and 6 hole cards: best-of-100 / best-of-150 five-card hands on
//   @pokertools/evaluator (no npm package evaluates Omaha with 5 or 6 cards).
// - Short deck (6+), seven cards: poker-odds-calc's six-plus hold'em evaluator, the only npm
//   package found that ranks short-deck hands (flush over full house, A-6-7-8-9).
// - Eight-or-better low, and Omaha hi-lo's low: no npm peer found (searched: low, hi-lo, razz,
//   ace-to-five, eight or better); the row compares with a brute-force floor in the same run:
//   every five-card subset (every two-plus-three for Omaha) checked for five distinct low ranks.
import { createRequire } from 'node:module';
import { evaluate as peerEvaluate } from '@pokertools/evaluator';
import { evaluateLow8Unchecked, evaluateOmahaLow8Unchecked, evaluateOmahaUnchecked, evaluateShortDeck7 } from '../src/poker/eval/index';
import { deal, prng } from '../tests/support/prng';
import { compare, fmt } from './evaluator';

interface PeerCard {
  getRank(): number;
}
interface SixPlusGame {
  getHandStrentgh(board: PeerCard[], player: PeerCard[]): { points: number };
}

const require = createRequire(import.meta.url);

function sixPlusPeer(): { game: SixPlusGame; card: (c: number) => PeerCard } {
  require('poker-odds-calc/dist/lib/Utils'); // Array.prototype.sortCards, which its evaluator uses
  const Game = require('poker-odds-calc/dist/lib/Game').default as new (name: string) => SixPlusGame;
  const Card = require('poker-odds-calc/dist/lib/Card').default as new (suit: string, num: string | number, game: SixPlusGame) => PeerCard;
  const game = new Game('sixplus_holdem');
  const nums: (string | number)[] = [2, 3, 4, 5, 6, 7, 8, 9, 'T', 'J', 'Q', 'K', 'A'];
  const cards = Array.from({ length: 52 }, (_, c) => new Card('cdhs'[c & 3], nums[c >> 2], game));
  return { game, card: (c) => cards[c] };
}

/** Best-of on @pokertools/evaluator for Omaha with `nh` hole cards (lower is better there). */
function peerOmahaBestOf(holes: number[][], boards: number[][], nh: number): () => number {
  const five = [0, 0, 0, 0, 0];
  return () => {
    let s = 0;
    for (let i = 0; i < holes.length; i++) {
      const h = holes[i];
      const b = boards[i];
      let best = 1 << 30;
      for (let x = 0; x < nh; x++)
        for (let y = x + 1; y < nh; y++)
          for (let p = 0; p < 5; p++)
            for (let q = p + 1; q < 5; q++)
              for (let r = q + 1; r < 5; r++) {
                five[0] = h[x];
                five[1] = h[y];
                five[2] = b[p];
                five[3] = b[q];
                five[4] = b[r];
                const v = peerEvaluate(five);
                if (v < best) best = v;
              }
      s += best;
    }
    return s;
  };
}

/** The brute-force low of five cards: a mask of five distinct low ranks (smaller is better), or 0x7fffffff. */
function lowOf5(a: number, b: number, c: number, d: number, e: number): number {
  let m = 0;
  for (const x of [a, b, c, d, e]) {
    const r = x >> 2;
    const bit = r === 12 ? 1 : r <= 6 ? 1 << (r + 1) : 0;
    if (bit === 0 || m & bit) return 0x7fffffff;
    m |= bit;
  }
  return m;
}

function bruteLow7(cards: number[]): number {
  let best = 0x7fffffff;
  for (let a = 0; a < 7; a++)
    for (let b = a + 1; b < 7; b++)
      for (let c = b + 1; c < 7; c++)
        for (let d = c + 1; d < 7; d++)
          for (let e = d + 1; e < 7; e++) {
            const v = lowOf5(cards[a], cards[b], cards[c], cards[d], cards[e]);
            if (v < best) best = v;
          }
  return best;
}

function bruteOmahaLow(h: number[], b: number[]): number {
  let best = 0x7fffffff;
  for (let x = 0; x < h.length; x++)
    for (let y = x + 1; y < h.length; y++)
      for (let p = 0; p < 5; p++)
        for (let q = p + 1; q < 5; q++)
          for (let r = q + 1; r < 5; r++) {
            const v = lowOf5(h[x], h[y], b[p], b[q], b[r]);
            if (v < best) best = v;
          }
  return best;
}

function omahaHands(rnd: (n: number) => number, count: number, nh: number): { holes: number[][]; boards: number[][] } {
  const holes: number[][] = [];
  const boards: number[][] = [];
  for (let i = 0; i < count; i++) {
    const d = deal(rnd, nh + 5);
    holes.push(d.slice(0, nh));
    boards.push(d.slice(nh));
  }
  return { holes, boards };
}

const row = (name: string, ours: number, peerName: string, peer: number, ratio: number) =>
  console.log(`evaluator ${name}: ours ${fmt(ours)}, ${peerName} ${fmt(peer)}, ratio ${ratio.toFixed(2)}x`);

export function runGameEvaluatorBench(): void {
  const rnd = prng(20261128);
  for (const nh of [5, 6]) {
    const { holes, boards } = omahaHands(rnd, 60_000, nh);
    const r = compare(
      holes.length,
      () => {
        let s = 0;
        for (let i = 0; i < holes.length; i++) s += evaluateOmahaUnchecked(holes[i], boards[i]);
        return s;
      },
      peerOmahaBestOf(holes, boards, nh),
    );
    row(`Omaha ${nh} hole + 5 board, unchecked`, r.ours, `best-of-${nh * (nh - 1) * 5} on @pokertools/evaluator`, r.peer, r.ratio);
  }
  // Short deck: seven cards of the 36-card deck.
  const sdDeck = Array.from({ length: 36 }, (_, i) => i + 16);
  const NS = 40_000;
  const sd: number[][] = [];
  for (let i = 0; i < NS; i++) {
    const d = sdDeck.slice();
    for (let k = 0; k < 7; k++) {
      const j = k + rnd(36 - k);
      [d[k], d[j]] = [d[j], d[k]];
    }
    sd.push(d.slice(0, 7));
  }
  const { game, card } = sixPlusPeer();
  const sdPeerHands = sd.map((h) => ({ board: h.slice(2).map(card), hole: h.slice(0, 2).map(card) }));
  const short = compare(
    NS,
    () => {
      let s = 0;
      for (const h of sd) s += evaluateShortDeck7(h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
      return s;
    },
    () => {
      let s = 0;
      for (const h of sdPeerHands) s += game.getHandStrentgh(h.board, h.hole).points % 1024;
      return s;
    },
  );
  row('short deck 7-card, evaluateShortDeck7', short.ours, 'poker-odds-calc sixplus_holdem', short.peer, short.ratio);
  // Eight-or-better low: no peer; a brute-force floor.
  const NL = 200_000;
  const lows: number[][] = [];
  for (let i = 0; i < NL; i++) lows.push(deal(rnd, 7));
  const low = compare(
    NL,
    () => {
      let s = 0;
      for (const h of lows) s += evaluateLow8Unchecked(h, 7);
      return s;
    },
    () => {
      let s = 0;
      for (const h of lows) s += bruteLow7(h) & 255;
      return s;
    },
  );
  row('eight-or-better low, 7 cards (no npm peer)', low.ours, 'brute-force floor (21 subsets)', low.peer, low.ratio);
  const { holes, boards } = omahaHands(rnd, 100_000, 4);
  const olow = compare(
    holes.length,
    () => {
      let s = 0;
      for (let i = 0; i < holes.length; i++) s += evaluateOmahaLow8Unchecked(holes[i], boards[i]);
      return s;
    },
    () => {
      let s = 0;
      for (let i = 0; i < holes.length; i++) s += bruteOmahaLow(holes[i], boards[i]) & 255;
      return s;
    },
  );
  row('Omaha eight-or-better low, 4 + 5 (no npm peer)', olow.ours, 'brute-force floor (60 two-plus-three)', olow.peer, olow.ratio);
}
