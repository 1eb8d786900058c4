// `npm run bench:sockets`: how many watching sockets one server instance holds while its tables
// play. One real server process (src/server/server.ts on a fresh PostgreSQL database, house-bot
// tables paced to BOT_DELAY_MS per bot move), and anonymous watchers opened by BENCH_CLIENTS
// other processes (so the load generator does not share the server's event loop), spread over
// the tables and grown step by step to each level of BENCH_LEVELS. At each level, over a window
// of BENCH_SECONDS, it prints:
//   - fan-out p50/p99 of table events: for one event (table, version), the time from its first
//     arrival at any of the table's watchers to its last arrival at all of them;
//   - the same for JACKPOT_UPDATE, which goes to every socket;
//   - action to watchers p50/p99 (issue 32): for one table event, from its serverTime (epoch ms,
//     stamped when the action has been applied and its frames are made) to its arrival at the
//     last of the table's watchers: what a watcher feels, a push to every socket queued ahead
//     of the event included. Meanwhile one signed-in socket says something in the room chat
//     every 2 s (a push to every socket, as the jackpot);
//   - the floor beside it (BENCH_FLOOR=0 skips it): after the room, a bare `ws` server (no room,
//     no database) holds the same number of sockets from the same client processes and sends
//     them frames of the same sizes at the rates the room sent at that level (each table's events
//     and the pushes to every socket, each push written to all sockets at once as a plain
//     server does), measured the same way;
//   - table actions/s (distinct ACTED events) and, for comparison, the same with no watchers;
//   - the server's CPU (1 = one core) and memory.
// Arrival times are process.hrtime (CLOCK_MONOTONIC, the same clock in every process here).
// The clients speak just enough WebSocket (RFC 6455) to subscribe and to time each frame without
// decoding it into objects, so that the other core is left to the server as far as possible.
// Bars: 20,000 watchers with table-event and jackpot fan-out p99 under 50 ms, play unaffected;
// a player's action reaches its table's watchers with p99 under 100 ms at 19,000 watchers.
// Env: BENCH_LEVELS (5000,10000,20000; capped below the open-files limit), BENCH_TABLES (11),
// BENCH_BOT_DELAY_MS (500), BENCH_SECONDS (10), BENCH_CLIENTS (2), BENCH_PG_URL.
// The open-files limit (`ulimit -n`) bounds the server's sockets; the npm script raises the soft
// limit to the hard one.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import net from 'node:net';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { api, killAll, sleep, startServer } from '../tests/server/helpers/child-server';
import { tableBody } from '../tests/support/table-body';
import { adminQuery } from './pg-admin';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LEVELS = (process.env.BENCH_LEVELS ?? '5000,10000,20000').split(',').map(Number);
const TABLES = Number(process.env.BENCH_TABLES ?? 11);
const BOT_DELAY_MS = Number(process.env.BENCH_BOT_DELAY_MS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const ADMIN = { username: 'benchadmin', password: 'Adm1nPassw0rd!' };
const BAR_MS = 50;
const ACTION_BAR_MS = 100;
const FLOOR = process.env.BENCH_FLOOR !== '0';
const CHAT_EVERY_MS = 2000;
/** Handshakes each client process has under way at once. */
const IN_FLIGHT = 200;
/** How long one step may take to open its sockets. */
const OPEN_TIMEOUT_MS = 180_000;
/** File descriptors the server needs besides its sockets (database pool, stdio, epoll, ...). */
const FD_RESERVE = 150;

// ---------------------------------------------------------------- the client processes

/** Per event: first and last arrival (µs, monotonic), how many sockets got it, ACTED, serverTime (epoch ms). */
type Arrivals = Map<number, [first: number, last: number, count: number, acted: number, stamp: number]>;
type Arrival = [number, number, number, number, number];

const now = () => Number(process.hrtime.bigint() / 1000n);
const TABLE_EVENT = Buffer.from('{"type":"GAME","action":"TABLE_EVENT","tableId":');
const JACKPOT = Buffer.from('{"type":"GAME","action":"JACKPOT_UPDATE","amount":');
const ACTED = Buffer.from('"kind":"ACTED"');
const SERVER_TIME = Buffer.from('"serverTime":');
const CHAT = Buffer.from('{"type":"CHAT_MESSAGE"');
const LOBBY = Buffer.from('{"type":"GAME","action":"LOBBY_UPDATE"');
/** Frames and bytes received per kind: table events, and the pushes to every socket. */
type Bytes = Record<'table' | 'jackpot' | 'chat' | 'lobby', [frames: number, bytes: number]>;
const noBytes = (): Bytes => ({ table: [0, 0], jackpot: [0, 0], chat: [0, 0], lobby: [0, 0] });
function count(b: Bytes, kind: keyof Bytes, n: number): void {
  b[kind][0]++;
  b[kind][1] += n;
}

/** The digits at `at` (a JSON number), and where they end. */
function intAt(buf: Buffer, at: number): [number, number] {
  let n = 0;
  let i = at;
  for (; i < buf.length; i++) {
    const c = buf[i];
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return [n, i];
}

/** A client frame: text, masked with a zero key (the payload is then sent as it is). */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('frame too long for this client');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

interface ClientState {
  tableEvents: Arrivals;
  jackpots: Arrivals;
  open: number;
  subscribed: number;
  refused: number;
  closes: Map<number, number>;
  perTable: Map<number, number>;
  bytes: Bytes;
}

function record(map: Arrivals, key: number, t: number, acted: boolean, stamp = 0): void {
  const e = map.get(key);
  if (!e) map.set(key, [t, t, 1, acted ? 1 : 0, stamp]);
  else {
    e[1] = t;
    e[2]++;
  }
}

/** One watching socket: HTTP upgrade, SUBSCRIBE, then every frame timed by its key. */
const sockets = new Set<net.Socket>();

function openWatcher(state: ClientState, port: number, localAddress: string, tableId: number, done: () => void): void {
  const s = net.connect({ port, host: '127.0.0.1', localAddress });
  sockets.add(s);
  let upgraded = false;
  let subscribed = false;
  let pending: Buffer | null = null;
  s.setNoDelay(true);
  s.on('connect', () => {
    s.write(
      `GET /api/v1/socket HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
  const onFrame = (opcode: number, p: Buffer) => {
    const t = now();
    if (opcode === 8) {
      const code = p.length >= 2 ? p.readUInt16BE(0) : 1005;
      state.closes.set(code, (state.closes.get(code) ?? 0) + 1);
      return;
    }
    if (p.subarray(0, TABLE_EVENT.length).equals(TABLE_EVENT)) {
      const [table, end] = intAt(p, TABLE_EVENT.length);
      // ,"version":
      const [version] = intAt(p, end + 11);
      const st = p.lastIndexOf(SERVER_TIME);
      record(state.tableEvents, table * 1e7 + version, t, p.includes(ACTED, end), st < 0 ? 0 : intAt(p, st + SERVER_TIME.length)[0]);
      count(state.bytes, 'table', p.length);
    } else if (p.subarray(0, JACKPOT.length).equals(JACKPOT)) {
      record(state.jackpots, intAt(p, JACKPOT.length)[0], t, false);
      count(state.bytes, 'jackpot', p.length);
    } else if (p.subarray(0, CHAT.length).equals(CHAT)) {
      count(state.bytes, 'chat', p.length);
    } else if (p.subarray(0, LOBBY.length).equals(LOBBY)) {
      count(state.bytes, 'lobby', p.length);
    } else if (!subscribed && p.includes('"TABLE_STATE"')) {
      subscribed = true;
      state.subscribed++;
      done();
    }
  };
  s.on('data', (chunk: Buffer) => {
    let buf = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = null;
    if (!upgraded) {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return void (pending = buf);
      if (!buf.subarray(0, 12).toString().includes(' 101')) {
        state.refused++;
        subscribed = true;
        s.destroy();
        return done();
      }
      upgraded = true;
      state.open++;
      state.perTable.set(tableId, (state.perTable.get(tableId) ?? 0) + 1);
      s.write(clientFrame(JSON.stringify({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: 's' })));
      buf = buf.subarray(end + 4);
    }
    let at = 0;
    while (buf.length - at >= 2) {
      const len7 = buf[at + 1] & 0x7f;
      const head = len7 < 126 ? 2 : len7 === 126 ? 4 : 10;
      if (buf.length - at < head) break;
      const len = len7 < 126 ? len7 : len7 === 126 ? buf.readUInt16BE(at + 2) : buf.readUInt32BE(at + 6);
      if (buf.length - at < head + len) break;
      onFrame(buf[at] & 0x0f, buf.subarray(at + head, at + head + len));
      at += head + len;
    }
    if (at < buf.length) pending = buf.subarray(at);
  });
  s.on('error', () => undefined);
  s.on('close', () => {
    sockets.delete(s);
    if (!subscribed) {
      if (!upgraded) state.refused++;
      subscribed = true;
      done();
    }
    if (!upgraded) return;
    state.open--;
    state.perTable.set(tableId, (state.perTable.get(tableId) ?? 1) - 1);
  });
}

type ToClient = { cmd: 'open'; port: number; tables: number[]; count: number; offset: number } | { cmd: 'report' } | { cmd: 'close' };

function clientMain(index: number): void {
  const state: ClientState = {
    tableEvents: new Map(),
    jackpots: new Map(),
    open: 0,
    subscribed: 0,
    refused: 0,
    closes: new Map(),
    perTable: new Map(),
    bytes: noBytes(),
  };
  const localAddress = `127.0.0.${2 + index}`;
  process.on('message', async (m: ToClient) => {
    if (m.cmd === 'open') {
      // At most IN_FLIGHT handshakes at a time: the bench measures holding the sockets, not a
      // SYN flood (a reconnect storm is what the listen backlog is for).
      // A server that stops accepting (saturated) ends the attempt after OPEN_TIMEOUT_MS.
      let inFlight = 0;
      const deadline = Date.now() + OPEN_TIMEOUT_MS;
      for (let i = 0; i < m.count && Date.now() < deadline; i++) {
        while (inFlight >= IN_FLIGHT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
        inFlight++;
        openWatcher(state, m.port, localAddress, m.tables[(m.offset + i) % m.tables.length], () => inFlight--);
      }
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      process.send!({ opened: state.open, subscribed: state.subscribed, refused: state.refused });
    } else if (m.cmd === 'close') {
      for (const sock of sockets) sock.destroy();
      while (sockets.size) await new Promise((r) => setTimeout(r, 20));
      state.open = 0;
      state.subscribed = 0;
      state.refused = 0;
      state.perTable.clear();
      state.closes.clear();
      process.send!({ closed: true });
    } else {
      process.send!({
        tableEvents: [...state.tableEvents],
        jackpots: [...state.jackpots],
        open: state.open,
        perTable: [...state.perTable],
        closes: [...state.closes],
        cpu: process.cpuUsage(),
        bytes: state.bytes,
      });
      state.tableEvents.clear();
      state.jackpots.clear();
      state.bytes = noBytes();
    }
  });
}

// ---------------------------------------------------------------- the floor: a bare ws server

interface Push {
  kind: 'jackpot' | 'chat' | 'lobby';
  everyMs: number;
  bytes: number;
}
type ToFloor = { cmd: 'play'; tables: Array<{ id: number; everyMs: number }>; tableBytes: number; actedShare: number; pushes: Push[] } | { cmd: 'stop' };

/** Frames of the given size: `"pad":""` filled out. */
const padded = (text: string, bytes: number) => text.replace('"pad":""', `"pad":"${'x'.repeat(Math.max(0, bytes - text.length))}"`);

/** A plain `ws` server: answers SUBSCRIBE, sends each table's events to its watchers and each push to every socket, all at once. */
function floorMain(): void {
  const byTable = new Map<number, Set<WebSocket>>();
  const all = new Set<WebSocket>();
  const timers: Array<ReturnType<typeof setInterval>> = [];
  const http = createServer();
  const wss = new WebSocketServer({ server: http, path: '/api/v1/socket' });
  wss.on('connection', (ws) => {
    all.add(ws);
    let tableId: number | null = null;
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { action?: string; tableId?: number };
      if (m.action !== 'SUBSCRIBE' || typeof m.tableId !== 'number') return;
      tableId = m.tableId;
      let set = byTable.get(tableId);
      if (!set) byTable.set(tableId, (set = new Set()));
      set.add(ws);
      ws.send(`{"type":"GAME","action":"TABLE_STATE","tableId":${tableId}}`);
    });
    ws.on('close', () => {
      all.delete(ws);
      if (tableId !== null) byTable.get(tableId)?.delete(ws);
    });
    ws.on('error', () => undefined);
  });
  http.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => process.send!({ port: (http.address() as AddressInfo).port }));
  process.on('message', (m: ToFloor) => {
    for (const t of timers) clearInterval(t);
    timers.length = 0;
    if (m.cmd !== 'play') return void process.send!({ stopped: true });
    for (const t of m.tables) {
      let version = 0;
      const send = () => {
        const kind = Math.random() < m.actedShare ? 'ACTED' : 'DEALT';
        const text = padded(
          `{"type":"GAME","action":"TABLE_EVENT","tableId":${t.id},"version":${++version},"event":{"kind":"${kind}"},"pad":"","serverTime":${Date.now()}}`,
          m.tableBytes,
        );
        for (const ws of byTable.get(t.id) ?? []) ws.send(text);
      };
      timers.push(setInterval(send, t.everyMs));
    }
    for (const p of m.pushes) {
      let n = 0;
      const head = {
        jackpot: '{"type":"GAME","action":"JACKPOT_UPDATE","amount":',
        chat: '{"type":"CHAT_MESSAGE","n":',
        lobby: '{"type":"GAME","action":"LOBBY_UPDATE","n":',
      }[p.kind];
      const send = () => {
        const text = padded(`${head}${++n},"pad":""}`, p.bytes);
        for (const ws of all) ws.send(text);
      };
      timers.push(setInterval(send, p.everyMs));
    }
    process.send!({ playing: true });
  });
}

class Floor {
  readonly child = fork(fileURLToPath(import.meta.url), ['--floor'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  readonly port = new Promise<number>((resolve) => this.child.once('message', (m) => resolve((m as { port: number }).port)));
  ask(m: ToFloor): Promise<unknown> {
    return new Promise((resolve) => {
      this.child.once('message', resolve);
      this.child.send(m);
    });
  }
  /** The room's rates and sizes at one level, replayed. */
  play(row: Row, tables: number[]): Promise<unknown> {
    const perTable = row.events / tables.length;
    const pushes = (['jackpot', 'chat', 'lobby'] as const)
      .filter((k) => row.pushes[k] > 0)
      .map((k) => ({ kind: k, everyMs: Math.max(1, Math.round(1000 / row.pushes[k])), bytes: Math.round(row.sizes[k]) }));
    return this.ask({
      cmd: 'play',
      tables: tables.map((id) => ({ id, everyMs: Math.max(1, Math.round(1000 / perTable)) })),
      tableBytes: Math.round(row.sizes.table),
      actedShare: row.events ? row.actions / row.events : 0,
      pushes,
    });
  }
}

// ---------------------------------------------------------------- the parent

interface Report {
  tableEvents: Array<[number, Arrival]>;
  jackpots: Array<[number, Arrival]>;
  bytes: Bytes;
  open: number;
  perTable: Array<[number, number]>;
  closes: Array<[number, number]>;
  cpu: NodeJS.CpuUsage;
}

class Client {
  readonly child: ChildProcess;
  constructor(index: number) {
    this.child = fork(fileURLToPath(import.meta.url), ['--client', String(index)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  }
  ask<T>(m: ToClient): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (r) => resolve(r as T));
      this.child.send(m);
    });
  }
}

/** Set once the bench stops its processes (an exit before that is a crash, and is shown). */
let stopping = false;
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : NaN);

/** /proc/<pid>/stat: CPU seconds so far; /proc/<pid>/status: resident memory in MB. */
function procStats(pid: number): { cpu: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpu: ticks / 100, rssMb: rss ? Number(rss[1]) / 1024 : NaN };
}

function openFilesLimit(): number {
  const m = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return !m || m[1] === 'unlimited' ? Infinity : Number(m[1]);
}

interface Row {
  watchers: number;
  tableP50: number;
  tableP99: number;
  tableComplete: string;
  jackpotP50: number;
  jackpotP99: number;
  jackpots: number;
  jackpotComplete: string;
  actions: number;
  cpu: number;
  /** CPU of all the client processes together (1 = one core). */
  clientCpu: number;
  rssMb: number;
  closes: string;
  /** The machine's 1-minute load average at the window's end (other work on it shows here). */
  load: number;
  /** Action to watchers (serverTime to the last watcher's arrival), ms. */
  actP50: number;
  actP99: number;
  /** Table events per second (all kinds), and what every kind of frame averaged (bytes) and how often (per s). */
  events: number;
  sizes: Record<keyof Bytes, number>;
  /** Pushes to every socket per second, by kind. */
  pushes: Record<'jackpot' | 'chat' | 'lobby', number>;
}

/** Microseconds to add to a monotonic time (now()) to get epoch time (the same in every process). */
const WALL_OFFSET_US = Math.round((performance.timeOrigin + performance.now()) * 1000) - now();

/** One measuring window: every event first seen in it, merged over the clients. */
async function measure(clients: Client[], pid: number, watchers: number): Promise<Row> {
  const before = await Promise.all(clients.map((c) => c.ask<Report>({ cmd: 'report' })));
  const t0 = now();
  const s0 = procStats(pid);
  await sleep(SECONDS * 1000);
  const t1 = now();
  const s1 = procStats(pid);
  const reports = await Promise.all(clients.map((c) => c.ask<Report>({ cmd: 'report' })));
  const merge = (pick: (r: Report) => Report['tableEvents']) => {
    const all = new Map<number, Arrival>();
    for (const r of reports)
      for (const [k, [first, last, n, acted, stamp]] of pick(r)) {
        const e = all.get(k);
        if (!e) all.set(k, [first, last, n, acted, stamp]);
        else all.set(k, [Math.min(e[0], first), Math.max(e[1], last), e[2] + n, Math.max(e[3], acted), e[4] || stamp]);
      }
    // Only what was first seen inside the window, and not in its last second (still arriving).
    return [...all].filter(([, e]) => e[0] >= t0 && e[0] < t1 - 1_000_000);
  };
  const perTable = new Map<number, number>();
  for (const r of reports) for (const [t, n] of r.perTable) perTable.set(t, (perTable.get(t) ?? 0) + n);
  const open = reports.reduce((a, r) => a + r.open, 0);
  const events = merge((r) => r.tableEvents);
  const completeEvents = events.filter(([k, e]) => e[2] >= (perTable.get(Math.floor(k / 1e7)) ?? Infinity));
  const jackpots = merge((r) => r.jackpots);
  const completeJackpots = jackpots.filter(([, e]) => e[2] >= open);
  const spread = (xs: typeof events) => xs.map(([, e]) => (e[1] - e[0]) / 1000);
  const acted = events.filter(([, e]) => e[3]).length;
  const closes = new Map<number, number>();
  for (const r of reports) for (const [c, n] of r.closes) closes.set(c, (closes.get(c) ?? 0) + n);
  const latency = completeEvents.filter(([, e]) => e[4] > 0).map(([, e]) => (e[1] + WALL_OFFSET_US) / 1000 - e[4]);
  const secs = (t1 - t0) / 1e6;
  const bytes = noBytes();
  for (const r of reports)
    for (const k of Object.keys(bytes) as Array<keyof Bytes>) {
      bytes[k][0] += r.bytes[k][0];
      bytes[k][1] += r.bytes[k][1];
    }
  const size = (k: keyof Bytes) => (bytes[k][0] ? bytes[k][1] / bytes[k][0] : 0);
  const perSocket = (k: keyof Bytes) => (open ? bytes[k][0] / open / secs : 0);
  return {
    actP50: pct(latency, 50),
    actP99: pct(latency, 99),
    events: events.length / ((t1 - t0 - 1_000_000) / 1e6),
    sizes: { table: size('table'), jackpot: size('jackpot'), chat: size('chat'), lobby: size('lobby') },
    pushes: { jackpot: perSocket('jackpot'), chat: perSocket('chat'), lobby: perSocket('lobby') },
    watchers,
    tableP50: pct(spread(completeEvents), 50),
    tableP99: pct(spread(completeEvents), 99),
    tableComplete: `${completeEvents.length}/${events.length}`,
    jackpotP50: pct(spread(completeJackpots), 50),
    jackpotP99: pct(spread(completeJackpots), 99),
    jackpots: completeJackpots.length,
    jackpotComplete: `${completeJackpots.length}/${jackpots.length}`,
    actions: acted / ((t1 - t0 - 1_000_000) / 1e6),
    cpu: (s1.cpu - s0.cpu) / ((t1 - t0) / 1e6),
    clientCpu: reports.reduce((a, r, i) => a + (r.cpu.user + r.cpu.system - before[i].cpu.user - before[i].cpu.system) / (t1 - t0), 0),
    rssMb: s1.rssMb,
    closes: [...closes].map(([c, n]) => `${n}x${c}`).join(' ') || '-',
    load: loadavg()[0],
  };
}

async function main(): Promise<void> {
  const limit = openFilesLimit();
  const cap = limit - FD_RESERVE;
  const levels = [...new Set(LEVELS.map((l) => Math.min(l, cap)))];
  console.log(
    `open files limit ${limit === Infinity ? 'unlimited' : limit}: levels ${levels.join(', ')} watchers; ${TABLES} bot tables, a bot move every ${BOT_DELAY_MS} ms; ${CLIENTS} client processes; ${SECONDS} s windows`,
  );
  const name = `bench_sockets_${randomBytes(4).toString('hex')}`;
  await adminQuery(PG_ADMIN_URL, `CREATE DATABASE ${name}`);
  const dbUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const clients: Client[] = [];
  try {
    const server = await startServer({
      DATABASE_URL: dbUrl,
      JWT_SECRET: 'bench-sockets-secret-that-is-long-enough-0123',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      BOT_DELAY_MS: String(BOT_DELAY_MS),
      BETWEEN_HANDS_MS: '1000',
      BOT_ITERATIONS: '8',
      // Every watcher comes from 127.0.0.x: the per-address caps are raised through the settings,
      // not removed (idle anonymous sockets are still closed; these watch a table).
      SOCKETS_PER_ADDRESS: '100000',
      ANONYMOUS_SOCKETS_PER_ADDRESS: '100000',
    });
    void server.exited.then((code) => !stopping && console.log(`the server exited (code ${code}); its last output:\n${server.output.join('')}`));
    const token = (await api(server, 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const existing = (await db.query('SELECT id FROM poker_tables WHERE deleted_at IS NULL ORDER BY id')).rows.map((r) => Number(r.id));
    await db.end();
    const tables = existing.slice(0, TABLES);
    for (let i = tables.length; i < TABLES; i++) tables.push((await api(server, 'POST', '/api/v1/admin/table', token, tableBody(`Bench ${i}`))).tableId);
    for (const t of tables) await api(server, 'PUT', `/api/v1/admin/table/simulate?tableId=${t}`, token);
    let port = Number(new URL(server.base).port);
    for (let i = 0; i < CLIENTS; i++) clients.push(new Client(i));
    // The room chat as usual: one signed-in socket says something every CHAT_EVERY_MS.
    const chatter = new WebSocket(server.ws);
    let said = 0;
    chatter.on('open', () => chatter.send(JSON.stringify({ type: 'AUTH', token })));
    chatter.on('error', () => undefined);
    const chatTimer = setInterval(() => {
      if (chatter.readyState === WebSocket.OPEN) chatter.send(JSON.stringify({ type: 'CHAT_MESSAGE', data: { text: `bench ${++said}` } }));
    }, CHAT_EVERY_MS);

    // No watchers but one per table (to count the actions): play as it is without a crowd.
    let opened = 0;
    const grow = async (to: number) => {
      const add = to - opened;
      const share = Array.from({ length: CLIENTS }, (_, i) => Math.floor(add / CLIENTS) + (i < add % CLIENTS ? 1 : 0));
      const res = await Promise.all(
        clients.map((c, i) =>
          c.ask<{ opened: number; refused: number }>({
            cmd: 'open',
            port,
            tables,
            count: share[i],
            offset: opened + share.slice(0, i).reduce((a, b) => a + b, 0),
          }),
        ),
      );
      opened = res.reduce((a, r) => a + r.opened, 0);
      const refused = res.reduce((a, r) => a + r.refused, 0);
      if (refused) console.log(`  ${refused} sockets refused`);
    };
    await grow(TABLES);
    // The bots sit down and the first hands start.
    await sleep(5000);
    const rows: Row[] = [await measure(clients, server.child.pid!, opened)];
    console.log(`  baseline: ${opened} watchers, ${rows[0].actions.toFixed(1)} actions/s`);
    for (const level of levels) {
      const t = Date.now();
      await grow(level);
      if (opened < level) console.log(`  only ${opened} of ${level} sockets open and watching after ${OPEN_TIMEOUT_MS / 1000} s`);
      console.log(`  ${opened} watchers open (${((Date.now() - t) / 1000).toFixed(1)} s to connect and subscribe); settling ...`);
      await sleep(3000);
      const row = await measure(clients, server.child.pid!, opened);
      rows.push(row);
      console.log(
        `  ${opened}: action to watchers p99 ${row.actP99.toFixed(1)} ms, table p99 ${row.tableP99.toFixed(1)} ms, jackpot p99 ${row.jackpotP99.toFixed(1)} ms, ${row.actions.toFixed(1)} actions/s, cpu ${row.cpu.toFixed(2)}`,
      );
    }
    clearInterval(chatTimer);
    chatter.terminate();

    // ---- The floor: the room stops, a bare ws server takes the same sockets and replays its rates.
    const floorRows = new Map<Row, Row>();
    if (FLOOR) {
      stopping = true;
      killAll();
      await Promise.all(clients.map((c) => c.ask({ cmd: 'close' })));
      const floor = new Floor();
      port = await floor.port;
      opened = 0;
      for (const row of rows.slice(1)) {
        await grow(row.watchers);
        await floor.play(row, tables);
        await sleep(3000);
        const f = await measure(clients, floor.child.pid!, opened);
        floorRows.set(row, f);
        console.log(
          `  floor ${opened}: action to watchers p99 ${f.actP99.toFixed(1)} ms, table p99 ${f.tableP99.toFixed(1)} ms, jackpot p99 ${f.jackpotP99.toFixed(1)} ms, cpu ${f.cpu.toFixed(2)}`,
        );
      }
      await floor.ask({ cmd: 'stop' });
      floor.child.kill('SIGKILL');
    }
    const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
    const lines = [
      [
        'watchers',
        'action to watchers p50/p99 ms',
        'floor',
        'table fan-out p50/p99 ms',
        'events complete',
        'jackpot p50/p99 ms',
        'jackpots complete',
        'actions/s',
        'vs none',
        'server cpu',
        'clients cpu',
        'rss MB',
        'closes',
        'load',
        'verdict',
      ],
    ];
    for (const r of rows) {
      const ok = r.actP99 < ACTION_BAR_MS;
      const fl = floorRows.get(r);
      lines.push([
        String(r.watchers),
        `${f(r.actP50)} / ${f(r.actP99)}`,
        fl ? `${f(fl.actP50)} / ${f(fl.actP99)} (x${f(r.actP99 / fl.actP99, 2)})` : '-',
        `${f(r.tableP50)} / ${f(r.tableP99)}`,
        r.tableComplete,
        `${f(r.jackpotP50)} / ${f(r.jackpotP99)}`,
        r.jackpotComplete,
        f(r.actions),
        `${f((r.actions / rows[0].actions) * 100, 0)}%`,
        f(r.cpu, 2),
        f(r.clientCpu, 2),
        f(r.rssMb, 0),
        r.closes,
        f(r.load, 1),
        r === rows[0] ? 'baseline' : ok ? 'PASS' : 'FAIL',
      ]);
    }
    const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
    console.log('');
    for (const l of lines) console.log(l.map((c, i) => c.padEnd(widths[i])).join('  '));
    for (const [r, fl] of floorRows) {
      const cpuFrame = (x: Row) => x.cpu / (x.events * (x.watchers / tables.length) + (x.pushes.jackpot + x.pushes.chat + x.pushes.lobby) * x.watchers);
      console.log(
        `floor at ${r.watchers}: table fan-out p99 ${f(fl.tableP99)} ms (room ${f(r.tableP99)}), jackpot p99 ${f(fl.jackpotP99)} ms (room ${f(r.jackpotP99)}), ` +
          `server cpu ${f(fl.cpu, 2)} (room ${f(r.cpu, 2)}), room CPU per frame sent ${f(cpuFrame(r) / cpuFrame(fl), 2)}x the floor's; ` +
          `replayed: ${f(r.events)} table events/s of ${f(r.sizes.table, 0)} B, per socket ${f(r.pushes.jackpot, 2)} jackpots/s (${f(r.sizes.jackpot, 0)} B), ` +
          `${f(r.pushes.chat, 2)} chats/s (${f(r.sizes.chat, 0)} B), ${f(r.pushes.lobby, 2)} lobby updates/s (${f(r.sizes.lobby, 0)} B)`,
      );
    }
    console.log(
      `\naction to watchers: from a table event's serverTime (stamped when the action is applied and its frames made) to its last watcher; ` +
        `bar p99 < ${ACTION_BAR_MS} ms (the verdict). floor: a bare ws server, same sockets, same frame sizes and rates, each push written to every socket at once.`,
    );
    console.log(
      `\nfan-out: first to last arrival of one event over all its watchers (table events: the table's watchers; jackpot: every socket). ` +
        `"complete": events every watcher received / events seen. Bar: p99 < ${BAR_MS} ms, actions/s as with no watchers.`,
    );
    console.log(`The server, PostgreSQL and the ${CLIENTS} client processes share this machine's ${navigatorCores()} cores.`);
  } finally {
    stopping = true;
    for (const c of clients) c.child.kill('SIGKILL');
    killAll();
    await sleep(500);
    await adminQuery(PG_ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

function navigatorCores(): number {
  return readFileSync('/proc/cpuinfo', 'utf8').match(/^processor\s*:/gm)?.length ?? NaN;
}

const clientArg = process.argv.indexOf('--client');
if (clientArg >= 0) clientMain(Number(process.argv[clientArg + 1]));
else if (process.argv.includes('--floor')) floorMain();
else
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      killAll();
      process.exit(1);
    },
  );
