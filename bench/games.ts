// Whole six-max hands of every game with random legal play (the policy of hand.ts: facing a bet
// fold 15%, bet or raise 25% to a uniform legal amount, else check or call), a fresh shuffle and
// 1000-chip stacks each hand, to the settlement: hands per CPU-second, median of rounds. No npm
// package plays these games (poker-ts deals NLHE only: hand.ts compares that one).
import {
  applyAction,
  autoShowOrMuck,
  createHand,
  dealFromDeck,
  GAME_CODES,
  GAMES,
  legalActions,
  settle,
  type GameCode,
  type HandConfig,
} from '../src/poker/index';
import { ok as must } from '../tests/support/engine';
import { random as rng, shuffle } from '../tests/support/prng';

const PLAYERS = 6;
const ROUNDS = 5;

const configOf = (code: GameCode): HandConfig => ({
  variant: code,
  startingStacks: new Array<number>(PLAYERS).fill(1000),
  blindsOrStraddles: [5, 10, 0, 0, 0, 0],
  minBet: 10,
});

function playOne(config: HandConfig, deck: number[], rand: () => number): void {
  shuffle(rand, deck);
  let s = must(createHand(config));
  while (s.phase !== 'complete') {
    if (s.phase === 'dealing') s = must(dealFromDeck(s, deck));
    else if (s.phase === 'betting') {
      const l = legalActions(s)!;
      const x = rand();
      if (l.canFold && x < 0.15) s = must(applyAction(s, l.player, { kind: 'fold' }));
      else if (l.raise && x < 0.4)
        s = must(applyAction(s, l.player, { kind: 'complete-bet-or-raise-to', to: l.raise.minTo + Math.floor(rand() * (l.raise.maxTo - l.raise.minTo + 1)) }));
      else s = must(applyAction(s, l.player, { kind: 'check-or-call' }));
    } else if (s.phase === 'showdown') s = must(autoShowOrMuck(s));
    else s = must(settle(s));
  }
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function runGamesBench(): void {
  const hands = Number(process.env.BENCH_GAME_HANDS ?? 2000);
  console.log(`whole hand, six-max, random legal actions, every game (median of ${ROUNDS} rounds of ${hands} hands, CPU time):`);
  for (const code of GAME_CODES) {
    const game = GAMES[code];
    const lowest = game.deckSize === 36 ? 16 : 0;
    const deck = Array.from({ length: game.deckSize }, (_, i) => i + lowest);
    const rand = rng(20261128);
    const config = configOf(code);
    for (let i = 0; i < 300; i++) playOne(config, deck, rand); // warm-up
    const rates: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const t0 = cpuMs();
      for (let i = 0; i < hands; i++) playOne(config, deck, rand);
      rates.push((hands / Math.max(cpuMs() - t0, 0.001)) * 1000);
    }
    const median = rates.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
    console.log(`  ${code.padEnd(6)} ${game.name.padEnd(64)} ${Math.round(median).toLocaleString('en-US').padStart(8)} hands/s`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runGamesBench();
