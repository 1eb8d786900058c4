// `npm run bench:sockets`: how many watching sockets one server instance holds while its tables
// play. One real server process (src/server/server.ts on a fresh PostgreSQL database, house-bot
// tables paced to BOT_DELAY_MS per bot move), and anonymous watchers opened by BENCH_CLIENTS
// other processes (so the load generator does not share the server's event loop), spread over
// the tables and grown step by step to each level of BENCH_LEVELS. At each level, over a window
// of BENCH_SECONDS, it prints:
//   - fan-out p50/p99 of table events: for one event (table, version), the time from its first
//     arrival at any of the table's watchers to its last arrival at all of them;
//   - the same for JACKPOT_UPDATE, which goes to every socket;
//   - table actions/s (distinct ACTED events) and, for comparison, the same with no watchers;
//   - the server's CPU (1 = one core) and memory.
// Arrival times are process.hrtime (CLOCK_MONOTONIC, the same clock in every process here).
// The clients speak just enough WebSocket (RFC 6455) to subscribe and to time each frame without
// decoding it into objects, so that the other core is left to the server as far as possible.
// Bar: 20,000 watchers with table-event and jackpot fan-out p99 under 50 ms, play unaffected.
// Env: BENCH_LEVELS (5000,10000,20000; capped below the open-files limit), BENCH_TABLES (11),
// BENCH_BOT_DELAY_MS (500), BENCH_SECONDS (10), BENCH_CLIENTS (2), BENCH_PG_URL.
// The open-files limit (`ulimit -n`) bounds the server's sockets; the npm script raises the soft
// limit to the hard one.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { api, killAll, sleep, startServer, type Server } from '../tests/server/helpers/child-server';
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
/** Handshakes each client process has under way at once. */
const IN_FLIGHT = 200;
/** How long one step may take to open its sockets. */
const OPEN_TIMEOUT_MS = 180_000;
/** File descriptors the server needs besides its sockets (database pool, stdio, epoll, ...). */
const FD_RESERVE = 150;

// ---------------------------------------------------------------- the client processes

/** Per event: first and last arrival (µs, monotonic) and how many sockets got it. */
type Arrivals = Map<number, [first: number, last: number, count: number, acted: number]>;

const now = () => Number(process.hrtime.bigint() / 1000n);
const TABLE_EVENT = Buffer.from('{"type":"GAME","action":"TABLE_EVENT","tableId":');
const JACKPOT = Buffer.from('{"type":"GAME","action":"JACKPOT_UPDATE","amount":');
const ACTED = Buffer.from('"kind":"ACTED"');

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
}

function record(map: Arrivals, key: number, t: number, acted: boolean): void {
  const e = map.get(key);
  if (!e) map.set(key, [t, t, 1, acted ? 1 : 0]);
  else {
    e[1] = t;
    e[2]++;
  }
}

/** One watching socket: HTTP upgrade, SUBSCRIBE, then every frame timed by its key. */
function openWatcher(state: ClientState, port: number, localAddress: string, tableId: number, done: () => void): void {
  const s = net.connect({ port, host: '127.0.0.1', localAddress });
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
      record(state.tableEvents, table * 1e7 + version, t, p.includes(ACTED, end));
    } else if (p.subarray(0, JACKPOT.length).equals(JACKPOT)) {
      record(state.jackpots, intAt(p, JACKPOT.length)[0], t, false);
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

type ToClient = { cmd: 'open'; port: number; tables: number[]; count: number; offset: number } | { cmd: 'report' };

function clientMain(index: number): void {
  const state: ClientState = { tableEvents: new Map(), jackpots: new Map(), open: 0, subscribed: 0, refused: 0, closes: new Map(), perTable: new Map() };
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
    } else {
      process.send!({
        tableEvents: [...state.tableEvents],
        jackpots: [...state.jackpots],
        open: state.open,
        perTable: [...state.perTable],
        closes: [...state.closes],
        cpu: process.cpuUsage(),
      });
      state.tableEvents.clear();
      state.jackpots.clear();
    }
  });
}

// ---------------------------------------------------------------- the parent

interface Report {
  tableEvents: Array<[number, [number, number, number, number]]>;
  jackpots: Array<[number, [number, number, number, number]]>;
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
}

/** One measuring window: every event first seen in it, merged over the clients. */
async function measure(clients: Client[], server: Server, watchers: number): Promise<Row> {
  const before = await Promise.all(clients.map((c) => c.ask<Report>({ cmd: 'report' })));
  const t0 = now();
  const s0 = procStats(server.child.pid!);
  await sleep(SECONDS * 1000);
  const t1 = now();
  const s1 = procStats(server.child.pid!);
  const reports = await Promise.all(clients.map((c) => c.ask<Report>({ cmd: 'report' })));
  const merge = (pick: (r: Report) => Report['tableEvents']) => {
    const all = new Map<number, [number, number, number, number]>();
    for (const r of reports)
      for (const [k, [first, last, count, acted]] of pick(r)) {
        const e = all.get(k);
        if (!e) all.set(k, [first, last, count, acted]);
        else all.set(k, [Math.min(e[0], first), Math.max(e[1], last), e[2] + count, Math.max(e[3], acted)]);
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
  return {
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
    const port = Number(new URL(server.base).port);
    for (let i = 0; i < CLIENTS; i++) clients.push(new Client(i));

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
    const rows: Row[] = [await measure(clients, server, opened)];
    console.log(`  baseline: ${opened} watchers, ${rows[0].actions.toFixed(1)} actions/s`);
    for (const level of levels) {
      const t = Date.now();
      await grow(level);
      if (opened < level) console.log(`  only ${opened} of ${level} sockets open and watching after ${OPEN_TIMEOUT_MS / 1000} s`);
      console.log(`  ${opened} watchers open (${((Date.now() - t) / 1000).toFixed(1)} s to connect and subscribe); settling ...`);
      await sleep(3000);
      const row = await measure(clients, server, opened);
      rows.push(row);
      console.log(
        `  ${opened}: table p99 ${row.tableP99.toFixed(1)} ms, jackpot p99 ${row.jackpotP99.toFixed(1)} ms, ${row.actions.toFixed(1)} actions/s, cpu ${row.cpu.toFixed(2)}`,
      );
    }
    const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
    const lines = [
      [
        'watchers',
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
      const ok = r.tableP99 < BAR_MS && (!(r.jackpots > 0) || r.jackpotP99 < BAR_MS);
      lines.push([
        String(r.watchers),
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
else
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      killAll();
      process.exit(1);
    },
  );
