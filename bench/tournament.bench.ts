// `npm run bench:tournament`: a 1,000-entrant tournament (REGULAR_MTT, 9-max) played by bots to a
// winner with the pure runner (src/poker/tournament): the engine in fast mode, no timers, levels
// advanced by simulated time (60 s per round of hands). Decks, seats and bot choices come from
// node:crypto. Prints wall time, hands, hands/s, peak RSS (sampled every 50 hands and per round),
// tables at start, and the bar: a winner in under 2 minutes on the 2-core machine.
// Env: BENCH_ENTRANTS (1000).
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { REGULAR_MTT, runTournament } from '../src/poker/tournament/index';

const ENTRANTS = Number(process.env.BENCH_ENTRANTS ?? 1000);
const BAR_MS = 120_000;

let peakRss = process.memoryUsage().rss;
const sample = () => {
  const rss = process.memoryUsage().rss;
  if (rss > peakRss) peakRss = rss;
};

const t0 = performance.now();
const cpu0 = process.cpuUsage();
const r = runTournament({
  structure: REGULAR_MTT,
  players: ENTRANTS,
  prizePool: ENTRANTS * 10_000,
  deckRandom: (n) => randomInt(n),
  onHand: (_state, hand) => {
    if (hand.handNumber % 50 === 0) sample();
  },
  onRound: sample,
});
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
sample();

const paid = r.results.reduce((a, f) => a + f.prize, 0);
const places = new Set(r.results.map((f) => f.place)).size;
const sane = r.results.length === ENTRANTS && places === ENTRANTS && paid === ENTRANTS * 10_000;
const types = (t: string) => r.events.filter((e) => e.type === t).length;
const last = r.state.structure.levels[r.state.clockEntry];
console.log(`tournament: ${ENTRANTS} entrants, ${r.state.structure.name}, ${r.state.structure.tableSize}-max`);
console.log(`  tables at start   ${r.tablesAtStart}`);
console.log(`  time              ${(ms / 1000).toFixed(2)} s wall, ${(cpuMs / 1000).toFixed(2)} s CPU (GC included; load from other work shows as wall > CPU)`);
console.log(`  hands played      ${r.hands} (${r.rounds} rounds)`);
console.log(`  hands/s           ${Math.round(r.hands / (ms / 1000))} wall, ${Math.round(r.hands / (cpuMs / 1000))} per CPU second`);
console.log(`  peak memory (rss) ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
console.log(`  level reached     ${'level' in last ? `${last.level} (${last.smallBlind}/${last.bigBlind})` : 'break'}`);
console.log(
  `  moves ${types('player-moved')}, tables broken ${types('table-broken')}, hand-for-hand ${types('hand-for-hand-started') > 0 ? `${types('hand-for-hand-round') + 1} rounds` : 'skipped (bubble burst between hands)'}`,
);
console.log(`  results           ${sane ? 'places 1..N once, prizes sum to the pool' : 'INCONSISTENT'}`);
const pass = sane && ms < BAR_MS;
console.log(`  bar: winner in < ${BAR_MS / 1000} s  ${pass ? 'PASS' : 'FAIL'}`);
if (!pass) process.exitCode = 1;
