// `npx tsx bench/table-core.bench.ts`: the table's own work per action, without sockets or a
// database: house-bot tables (hold'em and pot-limit Omaha) on the in-memory store and a manual
// clock, each watched by two spectators whose frames are encoded as a socket would send them.
// Deterministic (seeds from a counter), so instruction counts compare across commits
// (`valgrind --tool=cachegrind` over an esbuild bundle of this file, docs/architecture.md).
// Env: TC_ACTIONS (20,000), TC_WARMUP (5,000).
import { createHash } from 'node:crypto';
import { deckFromSeed } from '../src/poker/fair';
import { ManualClock } from '../src/server/core/clock';
import type { Payload } from '../src/server/core/frame';
import { TableActor } from '../src/server/tables/actor';
import { MemoryTableStore } from '../tests/support/store-memory';
import { tableConfig } from '../tests/support/table-body';
import { TestViewers } from '../tests/support/viewers';

const ACTIONS = Number(process.env.TC_ACTIONS ?? 20_000);
const WARMUP = Number(process.env.TC_WARMUP ?? 5_000);
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

let actions = 0;
let bytes = 0;
const send = (p: Payload) => {
  bytes += typeof p === 'string' ? Buffer.byteLength(p) : p.bytes.length;
};

async function main() {
  const clock = new ManualClock();
  const store = new MemoryTableStore();
  const viewers = new TestViewers();
  let n = 0;
  let r = 0;
  const actors: TableActor[] = [];
  for (const [k, variant] of (['NT', 'NT', 'NT', 'PO'] as const).entries()) {
    const actor = new TableActor(
      { ...tableConfig({ rakeCap: 300 }), tableId: k + 1, variant },
      {
        clock,
        store,
        newSeed: () => sha(`seed:${n++}`),
        seedHash: (seed) => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
        deckFromSeed,
        randomInt: (m) => (m <= 1 ? 0 : parseInt(sha(`int:${r++}`).slice(0, 12), 16) % m),
        onJackpot: () => {},
        onLobbyChange: () => {},
        onAction: () => void actions++,
        sink: viewers.sink,
        betweenHands: 0,
        fastBots: true,
        botIterations: 8,
      },
    );
    await actor.init();
    for (const key of ['a', 'b']) await viewers.subscribe(actor, { key: `${k}${key}`, userId: null, send });
    await actor.handle({ kind: 'simulation', on: true });
    actors.push(actor);
  }
  const run = async (until: number) => {
    while (actions < until) {
      clock.advance(1);
      for (const a of actors) await a.idle();
      await new Promise((res) => setImmediate(res));
    }
  };
  await run(WARMUP);
  const a0 = actions;
  const b0 = bytes;
  const cpu0 = process.cpuUsage();
  await run(WARMUP + ACTIONS);
  const cpu = process.cpuUsage(cpu0);
  const done = actions - a0;
  console.log(
    `table core: ${done} actions, ${((cpu.user + cpu.system) / done).toFixed(1)} µs CPU per action, ${((bytes - b0) / done).toFixed(0)} bytes per action to each of 2 spectators (together)`,
  );
  process.exit(0);
}

void main();
