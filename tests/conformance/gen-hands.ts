// A seeded hand generator over the engine, for cross-checking settlements against pokerkit:
//   npx tsx tests/conformance/gen-hands.ts OUT_DIR COUNT [SEED] [--rake]
// writes OUT_DIR/NNNNN.phh (the engine's own outcome in finishing_stacks), then
//   python3 tests/conformance/pokerkit_check.py OUT_DIR/*.phh   (PYTHONPATH=<pokerkit checkout>)
// replays every file in pokerkit and lists the hands whose stacks differ.
// Many short stacks and boards that play make multiway all-ins, side pots and split pots common.
// With --rake the hands are raked (5%, cap 30, no flop no drop, plus a 1% jackpot share) and
// exported as the live tables do: the cut per pot (_pot_amounts, _cuts, _rake, _jackpot), the
// time fields and the hand's id.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  autoShowOrMuck,
  checkOrCall,
  completeBetOrRaiseTo,
  createHand,
  dealFromDeck,
  fold,
  legalActions,
  settle,
  showOrMuckHoleCards,
  showdownIndex,
  toPhh,
  type HandConfig,
  type HandState,
  type RakeFn,
} from '../../src/poker/index';
import { houseCut } from '../../src/poker/table';
import { ok } from '../support/engine';
import { random as rng, shuffle } from '../support/prng';

const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

/** A shuffled deck; often with a board that plays (a straight or a flush on the board). */
function deckFor(rand: () => number, n: number, holeCount: number): number[] {
  const d = shuffle(rand);
  const x = rand();
  if (x < 0.45) {
    // Board positions: after the hole cards, one burn before each street.
    const h = n * holeCount;
    const at = [h + 1, h + 2, h + 3, h + 5, h + 7];
    let board: number[];
    if (x < 0.25) {
      const low = Math.floor(rand() * 9); // ranks low..low+4
      board = [0, 1, 2, 3, 4].map((k) => (low + k) * 4 + Math.floor(rand() * 4));
    } else {
      const suit = Math.floor(rand() * 4);
      const ranks = Array.from({ length: 13 }, (_, r) => r)
        .sort(() => rand() - 0.5)
        .slice(0, 5);
      board = ranks.map((r) => r * 4 + suit);
    }
    board.sort(() => rand() - 0.5);
    for (let k = 0; k < 5; k++) {
      const from = d.indexOf(board[k]);
      [d[from], d[at[k]]] = [d[at[k]], d[from]];
    }
  }
  return d;
}

export function configFor(rand: () => number): HandConfig {
  const n = 2 + Math.floor(rand() * 8);
  const variant = rand() < 0.5 ? 'NT' : 'PO';
  const [sb, bb] = pick(rand, [
    [1, 2],
    [5, 10],
    [25, 50],
    [2, 5],
  ] as const);
  const stacks: number[] = [];
  for (let i = 0; i < n; i++) {
    const y = rand();
    stacks.push(y < 0.45 ? 1 + Math.floor(rand() * 12 * bb) : y < 0.8 ? 1 + Math.floor(rand() * 60 * bb) : 1 + Math.floor(rand() * 300 * bb));
  }
  const antes = new Array<number>(n).fill(0);
  const a = rand();
  if (a < 0.2) antes.fill(pick(rand, [1, 3, Math.max(1, Math.floor(bb / 5))]));
  else if (a < 0.3)
    antes[n === 2 ? 0 : 1] = bb; // big-blind ante
  else if (a < 0.4) antes[Math.floor(rand() * n)] = 1 + Math.floor(rand() * bb); // an odd dead post
  const blinds = new Array<number>(n).fill(0);
  blinds[0] = sb;
  blinds[1] = bb;
  if (n > 3 && rand() < 0.1) blinds[2] = 2 * bb;
  return { variant, startingStacks: stacks, antes, blindsOrStraddles: blinds, minBet: bb, anteTrimming: rand() < 0.1 };
}

/** The live tables' cut (rake plus the jackpot's share of each raked pot) at 5%, cap 30, 1%. */
const liveCut = (cuts: { rake: number; jackpot: number }[]): RakeFn => houseCut({ rakePercent: 5, rakeCap: 30, jackpotPercent: 1 }, cuts);

export function playHand(seed: number, raked = false): { state: HandState; cuts: { rake: number; jackpot: number }[] } {
  const rand = rng(seed);
  const config = configFor(rand);
  const deck = deckFor(rand, config.startingStacks.length, config.variant === 'PO' ? 4 : 2);
  let s = ok(createHand(config));
  const cuts: { rake: number; jackpot: number }[] = [];
  const foldRate = rand() * 0.25;
  for (let guard = 0; s.phase !== 'complete'; guard++) {
    if (guard > 500) throw new Error(`hand ${seed} does not end`);
    if (s.phase === 'dealing') s = ok(dealFromDeck(s, deck));
    else if (s.phase === 'betting') {
      const l = legalActions(s)!;
      const x = rand();
      if (l.canFold && x < foldRate) s = ok(fold(s));
      else if (l.raise && x < foldRate + 0.25) s = ok(completeBetOrRaiseTo(s, l.raise.maxTo));
      else if (l.raise && x < foldRate + 0.35) s = ok(completeBetOrRaiseTo(s, l.raise.minTo + Math.floor(rand() * (l.raise.maxTo - l.raise.minTo + 1))));
      else s = ok(checkOrCall(s));
    } else if (s.phase === 'showdown') {
      const i = showdownIndex(s)!;
      s = ok(rand() < 0.8 ? showOrMuckHoleCards(s, true, undefined, i) : autoShowOrMuck(s));
    } else s = ok(settle(s, raked ? { rake: liveCut(cuts) } : {}));
  }
  return { state: s, cuts };
}

function main(argv: string[]): void {
  const raked = argv.includes('--rake');
  const [out, countText, seedText] = argv.filter((a) => a !== '--rake');
  const count = Number(countText);
  const base = Number(seedText ?? 1);
  if (!out || !Number.isInteger(count)) {
    process.stderr.write('usage: tsx tests/conformance/gen-hands.ts OUT_DIR COUNT [SEED] [--rake]\n');
    process.exitCode = 2;
    return;
  }
  mkdirSync(out, { recursive: true });
  for (let k = 0; k < count; k++) {
    const seed = base * 1_000_003 + k;
    const { state, cuts } = playHand(seed, raked);
    // Raked hands are exported as the live tables do: the cut split, when and which hand it was.
    const live = { cuts, startedAt: Date.UTC(2026, 10, 23) + k * 61_000, timeZone: 'Asia/Ulaanbaatar', handId: seed, extra: { hand: k + 1, currency: 'MNT' } };
    const text = toPhh(state, raked ? { ...live, extra: { ...live.extra, _seed: seed } } : { extra: { _seed: seed } });
    writeFileSync(join(out, `${String(k).padStart(5, '0')}.phh`), text);
  }
}

if (process.argv[1] && /gen-hands\.ts$/.test(process.argv[1])) main(process.argv.slice(2));
