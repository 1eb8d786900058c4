// The watchers of `npm run bench:tables`: real WebSocket clients that subscribe to the tables and
// read every frame. By default they run in a child process (as the players' devices would: their
// decoding is not the server's work); `BENCH_WATCHERS_INLINE=1` keeps them in the server's process,
// as the bench did before. Either way the first watcher of each table times its ACTED events: it
// keeps (tableId, version, arrival) with the arrival on the shared clock
// performance.timeOrigin + performance.now(), which the two processes of one machine agree on.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/** What the watchers saw since the last report. */
export interface WatchReport {
  frames: number;
  /** Payload bytes of those frames. */
  bytes?: number;
  /** Flat (tableId, version, arrival ms on the shared clock) triples of ACTED events. */
  acted: number[];
}

export interface Watchers {
  /** Starts (or stops) counting. */
  measure(on: boolean): Promise<void>;
  report(): Promise<WatchReport>;
  close(): Promise<void>;
}

const ACTED_MARK = Buffer.from('"kind":"ACTED"');
export const sharedClock = (): number => performance.timeOrigin + performance.now();

/** Opens the sockets in this process. */
export async function inlineWatchers(port: number, tableIds: number[], perTable: number): Promise<Watchers> {
  let measuring = false;
  let frames = 0;
  let bytes = 0;
  let acted: number[] = [];
  const sockets: WebSocket[] = [];
  for (const tableId of tableIds) {
    for (let w = 0; w < perTable; w++) {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/socket`);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      const first = w === 0;
      ws.on('message', (data) => {
        if (!measuring) return;
        const now = sharedClock();
        frames++;
        bytes += (data as Buffer).length;
        // Decode and parse only the frames that are timed (an ACTED, first watcher).
        if (!first || !(data as Buffer).includes(ACTED_MARK)) return;
        const m = JSON.parse(String(data));
        if (m.action === 'TABLE_EVENT' && m.event?.kind === 'ACTED') acted.push(m.tableId, m.version, now);
      });
      ws.send(JSON.stringify({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: 'sub' }));
      sockets.push(ws);
    }
  }
  return {
    measure: async (on) => {
      measuring = on;
    },
    report: async () => {
      const r = { frames, bytes, acted };
      frames = 0;
      bytes = 0;
      acted = [];
      return r;
    },
    close: async () => {
      for (const ws of sockets) ws.terminate();
    },
  };
}

type ToChild = { open: { port: number; tableIds: number[]; perTable: number } } | { measure: boolean } | { report: true } | { close: true };

/** Opens the sockets in a child process (this file run with `--watchers`). */
export async function childWatchers(port: number, tableIds: number[], perTable: number): Promise<Watchers> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--watchers'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  // One request at a time, answered in order.
  const waiting: Array<{ resolve: (r: unknown) => void; reject: (e: Error) => void }> = [];
  child.on('message', (r) => waiting.shift()?.resolve(r));
  child.on('exit', () => {
    for (const w of waiting.splice(0)) w.reject(new Error('the watchers process exited'));
  });
  const ask = <T>(m: ToChild) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve: resolve as (r: unknown) => void, reject });
      child.send(m);
    });
  await ask({ open: { port, tableIds, perTable } });
  return {
    measure: (on) => ask({ measure: on }),
    report: () => ask<WatchReport>({ report: true }),
    close: async () => {
      await ask({ close: true }).catch(() => undefined);
      child.kill();
    },
  };
}

if (process.argv.includes('--watchers')) {
  let watchers: Watchers | null = null;
  process.on('message', async (m: ToChild) => {
    if ('report' in m) {
      process.send!(await watchers!.report());
      return;
    }
    if ('open' in m) watchers = await inlineWatchers(m.open.port, m.open.tableIds, m.open.perTable);
    else if ('measure' in m) await watchers!.measure(m.measure);
    else if ('close' in m) await watchers?.close();
    process.send!({ ok: true });
  });
}
