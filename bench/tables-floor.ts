// The floor of the watchers' share in `npm run bench:tables` (issue 32: "what is left" of the CPU
// per action). After the room's run, a bare `ws` server in this process takes the same watchers
// (the same child process and subscribe message) and writes them what the room wrote: the same
// frames per action and bytes per frame in as many writes (the room corks a socket's frames of
// one turn into one write and counts them, poker_socket_writes_total), at the room's actions per
// second per table, and nothing else: no table, no database, no JSON. Its CPU per action is what
// the sockets alone cost here.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type WebSocket, WebSocketServer } from 'ws';
import { childWatchers, inlineWatchers } from './table-watchers';

export interface FloorInput {
  tableIds: number[];
  perTable: number;
  /** The room's rates: player actions per second (all tables), frames and bytes per action (all watchers). */
  actionsPerSec: number;
  framesPerAction: number;
  /** Writes per action (all watchers): the room's frames went out in this many. */
  writesPerAction: number;
  bytesPerFrame: number;
  seconds: number;
  inline: boolean;
}

export interface FloorResult {
  /** Process CPU per action replayed (µs). */
  cpuPerAction: number;
  /** Frames the watchers received per second, to check the replay kept the rate. */
  framesPerSec: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function socketFloor(input: FloorInput): Promise<FloorResult> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const byTable = new Map<number, WebSocket[]>();
  let subscribed = 0;
  wss.on('connection', (ws) => {
    ws.once('message', (data) => {
      const { tableId } = JSON.parse(String(data)) as { tableId: number };
      const list = byTable.get(tableId) ?? [];
      list.push(ws);
      byTable.set(tableId, list);
      subscribed++;
    });
  });
  const port = (wss.address() as AddressInfo).port;
  const watchers = await (input.inline ? inlineWatchers : childWatchers)(port, input.tableIds, input.perTable);
  while (subscribed < input.tableIds.length * input.perTable) await sleep(10);

  const frame = Buffer.from(`{"type":"TABLE","pad":"${'x'.repeat(Math.max(0, Math.round(input.bytesPerFrame) - 24))}"}`);
  const writesPerWatcher = input.writesPerAction / input.perTable;
  const framesPerWrite = input.framesPerAction / input.writesPerAction;
  const perTableRate = input.actionsPerSec / input.tableIds.length;
  const dueActions = new Map<number, number>(input.tableIds.map((id) => [id, 0]));
  const dueWrites = new Map<number, number>(input.tableIds.map((id) => [id, 0]));
  const dueFrames = new Map<number, number>(input.tableIds.map((id) => [id, 0]));
  let actions = 0;
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    const dt = (now - last) / 1000;
    last = now;
    for (const [tableId, sockets] of byTable) {
      let a = dueActions.get(tableId)! + perTableRate * dt;
      for (; a >= 1; a--) {
        actions++;
        let w = dueWrites.get(tableId)! + writesPerWatcher;
        let f = dueFrames.get(tableId)!;
        for (; w >= 1; w--) {
          f += framesPerWrite;
          const k = Math.max(1, Math.floor(f));
          f -= k;
          for (const ws of sockets) {
            const raw = (ws as unknown as { _socket: { cork(): void; uncork(): void } })._socket;
            raw.cork();
            for (let j = 0; j < k; j++) ws.send(frame, { binary: false });
            raw.uncork();
          }
        }
        dueWrites.set(tableId, w);
        dueFrames.set(tableId, f);
      }
      dueActions.set(tableId, a);
    }
  };
  const timer = setInterval(tick, 2);
  await sleep(1000); // warm-up
  await watchers.measure(true);
  await watchers.report();
  actions = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(input.seconds * 1000);
  const cpu = process.cpuUsage(cpu0);
  const replayed = actions;
  const elapsed = (performance.now() - t0) / 1000;
  const seen = await watchers.report();
  clearInterval(timer);
  await watchers.close();
  for (const ws of wss.clients) ws.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  return { cpuPerAction: (cpu.user + cpu.system) / Math.max(1, replayed), framesPerSec: seen.frames / elapsed };
}
