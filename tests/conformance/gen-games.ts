// A seeded hand generator for every game and table option, for cross-checking against pokerkit:
//   npx tsx tests/conformance/gen-games.ts OUT_DIR COUNT SEED GAME...   (GAME: NT, PO5, FO/8, ...; all when none)
// writes OUT_DIR/<game>/NNNNN.phh (the engine's outcome in finishing_stacks, the legal options
// before each action in _legal as the shared corpus has them), then
//   PYTHONPATH=<pokerkit checkout> python3 tests/conformance/pokerkit_games_check.py OUT_DIR/*/*.phh
// replays each in pokerkit, compares the legal options before every action and the finishing
// stacks and winnings, and lists the hands that differ. The committed corpus
// (tests/conformance/games/) is this generator's output for seed 29, 500 hands a game.
// Tricky cases over-weighted: short stacks (side pots, all-ins for less), straddles (under the
// gun, the button's, short ones), antes (everyone's, the button's, the big blind's), bomb pots,
// run it twice, boards that play, low boards in hi-lo (split and quartered pots), raked pots.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyAction,
  applyPhhAction,
  canAction,
  createHand,
  dealFromDeck,
  GAME_CODES,
  GAMES,
  legalActions,
  parsePhh,
  runoutSelectors,
  settle,
  showdownIndex,
  toPhh,
  type GameCode,
  type HandConfig,
  type HandState,
  type RakeFn,
} from '../../src/poker/index';
import { houseCut } from '../../src/poker/table';
import { ok } from '../support/engine';
import { random as rng, shuffle } from '../support/prng';

/** The legal options in the corpus's notation (corpus.ts's legalString): "p3 f cc=25 cbr=[75,86]". */
function legalString(s: HandState): string {
  const l = legalActions(s)!;
  return `p${l.player + 1}${l.canFold ? ' f' : ''} cc=${l.callAmount}${l.raise ? ` cbr=[${l.raise.minTo},${l.raise.maxTo}]` : ''}`;
}

const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

/** The folder of a game's hands: its code in lower case, '/' as '-' (FO/8 -> fo-8). */
export const gameFolder = (code: GameCode): string => code.toLowerCase().replace('/', '-');

/** A shuffled deck of the game; often with a board that plays (straight, flush, or low cards in hi-lo). */
function deckFor(rand: () => number, code: GameCode, n: number): number[] {
  const game = GAMES[code];
  const lowest = game.deckSize === 36 ? 16 : 0;
  const d = shuffle(
    rand,
    Array.from({ length: game.deckSize }, (_, i) => i + lowest),
  );
  const x = rand();
  if (x >= 0.5) return d;
  const h = n * game.holeCards;
  const at = [h + 1, h + 2, h + 3, h + 5, h + 7];
  const minRank = lowest >> 2;
  let board: number[];
  if (game.hiLo && x < 0.3) {
    // Three to five low cards (A, 2..8) on the board: lows, split and quartered pots.
    const lows = [12, 0, 1, 2, 3, 4, 5, 6].sort(() => rand() - 0.5).slice(0, 3 + Math.floor(rand() * 3));
    board = lows.map((r) => r * 4 + Math.floor(rand() * 4));
    while (board.length < 5) {
      const c = Math.floor(rand() * 52);
      if (!board.includes(c)) board.push(c);
    }
  } else if (x < 0.3) {
    // A straight on the board; in short deck often A-6-7-8-9.
    const ranks = minRank > 0 && rand() < 0.4 ? [12, 4, 5, 6, 7] : Array.from({ length: 5 }, (_, k) => minRank + Math.floor(rand() * (9 - minRank)) + k);
    board = ranks.map((r) => r * 4 + Math.floor(rand() * 4));
  } else {
    const suit = Math.floor(rand() * 4);
    const ranks = Array.from({ length: 13 - minRank }, (_, r) => r + minRank)
      .sort(() => rand() - 0.5)
      .slice(0, 5);
    board = ranks.map((r) => r * 4 + suit);
  }
  board.sort(() => rand() - 0.5);
  for (let k = 0; k < 5; k++) {
    const from = d.indexOf(board[k]);
    [d[from], d[at[k]]] = [d[at[k]], d[from]];
  }
  return d;
}

export function configFor(rand: () => number, code: GameCode): HandConfig {
  const game = GAMES[code];
  const n = 2 + Math.floor(rand() * (Math.min(9, game.maxPlayers) - 1));
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
  const blinds = new Array<number>(n).fill(0);
  const bombPot = rand() < 0.1;
  if (bombPot)
    return { variant: code, startingStacks: stacks, antes: antes.fill(bb), blindsOrStraddles: blinds, minBet: bb, bombPot, runItTwice: rand() < 0.5 };
  const a = rand();
  if (a < 0.2) antes.fill(pick(rand, [1, 3, Math.max(1, Math.floor(bb / 5))]));
  else if (a < 0.3)
    antes[n === 2 ? 0 : 1] = bb; // big-blind ante
  else if (a < 0.4) antes[n - 1] = bb; // button ante (short deck's usual)
  blinds[0] = sb;
  blinds[1] = bb;
  const s = rand();
  if (n > 3 && s < 0.15)
    blinds[2] = 2 * bb; // under the gun
  else if (n > 3 && s < 0.25)
    blinds[n - 1] = 2 * bb; // the button's straddle
  else if (n > 4 && s < 0.3) [blinds[2], blinds[3]] = [2 * bb, 4 * bb]; // double straddle
  if (code === 'NS' && rand() < 0.3) {
    // pokerkit's example: antes for all and a button blind, no small and big blind.
    antes.fill(bb);
    blinds.fill(0);
    blinds[n - 1] = bb;
  }
  return { variant: code, startingStacks: stacks, antes, blindsOrStraddles: blinds, minBet: bb, anteTrimming: rand() < 0.1, runItTwice: rand() < 0.3 };
}

const liveCut = (cuts: { rake: number; jackpot: number }[]): RakeFn => houseCut({ rakePercent: 5, rakeCap: 30, jackpotPercent: 1 }, cuts);

export function playHand(seed: number, code: GameCode): { state: HandState; cuts: { rake: number; jackpot: number }[]; raked: boolean } {
  const rand = rng(seed);
  const config = configFor(rand, code);
  const deck = deckFor(rand, code, config.startingStacks.length);
  let s = ok(createHand(config));
  const cuts: { rake: number; jackpot: number }[] = [];
  const raked = rand() < 0.25;
  const foldRate = rand() * 0.25;
  const act = (player: number, a: Parameters<typeof applyAction>[2]) => {
    s = ok(applyAction(s, player, a));
  };
  for (let guard = 0; s.phase !== 'complete'; guard++) {
    if (guard > 500) throw new Error(`hand ${seed} does not end`);
    if (s.phase === 'dealing') s = ok(dealFromDeck(s, deck));
    else if (s.phase === 'betting') {
      const l = legalActions(s)!;
      const x = rand();
      if (l.canFold && x < foldRate) act(l.player, { kind: 'fold' });
      else if (l.raise && x < foldRate + 0.25) act(l.player, { kind: 'complete-bet-or-raise-to', to: l.raise.maxTo });
      else if (l.raise && x < foldRate + 0.35)
        act(l.player, { kind: 'complete-bet-or-raise-to', to: l.raise.minTo + Math.floor(rand() * (l.raise.maxTo - l.raise.minTo + 1)) });
      else act(l.player, { kind: 'check-or-call' });
    } else if (s.phase === 'showdown') {
      const choosers = runoutSelectors(s);
      const count = choosers.length > 0 && rand() < 0.8 && canAction(s, choosers[0], { kind: 'select-runout-count', count: 2 }) ? 2 : 1;
      if (choosers.length > 0 && (rand() < 0.5 || showdownIndex(s) === null)) act(choosers[0], { kind: 'select-runout-count', count });
      else act(showdownIndex(s)!, { kind: 'show' });
    } else s = ok(settle(s, raked ? { rake: liveCut(cuts) } : {}));
  }
  return { state: s, cuts, raked };
}

/** The legal options before each action of a hand history, replayed by the engine. */
function legalBefore(text: string): string[] {
  const parsed = parsePhh(text);
  if (!parsed.ok) throw new Error(parsed.error);
  let s = ok(createHand(parsed.hand.config));
  const out: string[] = [];
  for (const action of parsed.hand.actions) {
    out.push(s.phase === 'betting' ? legalString(s) : '');
    const r = applyPhhAction(s, action, parsed.hand.places);
    if (!r.ok) throw new Error(`${action}: ${r.error.message}`);
    s = r.state;
  }
  return out;
}

function main(argv: string[]): void {
  const [out, countText, seedText, ...games] = argv;
  const count = Number(countText);
  const base = Number(seedText);
  const codes = games.length > 0 ? (games as GameCode[]) : GAME_CODES;
  if (!out || !Number.isInteger(count) || !Number.isInteger(base) || codes.some((c) => !GAME_CODES.includes(c))) {
    process.stderr.write('usage: tsx tests/conformance/gen-games.ts OUT_DIR COUNT SEED [GAME...]\n');
    process.exitCode = 2;
    return;
  }
  for (const code of codes) {
    const dir = join(out, gameFolder(code));
    mkdirSync(dir, { recursive: true });
    for (let k = 0; k < count; k++) {
      const seed = base * 1_000_003 + GAME_CODES.indexOf(code) * 100_000 + k;
      const { state, cuts, raked } = playHand(seed, code);
      const live = raked ? { cuts, startedAt: Date.UTC(2026, 10, 28) + k * 61_000, timeZone: 'Asia/Ulaanbaatar', handId: seed } : {};
      // _legal: the options before each action of the file, as the shared corpus writes them
      // ('' before the dealer's, the showdown's and the run-out choices), from a replay of the file.
      const text = toPhh(state, { ...live, extra: { _seed: seed, _legal: legalBefore(toPhh(state, live)) } });
      writeFileSync(join(dir, `${String(k).padStart(5, '0')}.phh`), text);
    }
  }
}

if (process.argv[1] && /gen-games\.ts$/.test(process.argv[1])) main(process.argv.slice(2));
