// `npm run bench:cluster`: the room on 1, 2 and 3 server processes (one PostgreSQL, one Redis, all
// on this machine), house-bot tables paced to a target rate (BOT_DELAY_MS per bot move) and
// anonymous watchers spread round-robin over the instances. Prints actions/s, hands/s, the
// action-to-broadcast latency of watchers on another instance than the table's owner (p50/p99,
// from the owner's serverTime to arrival: one clock, one machine), and, with 2 or more instances,
// how long after a kill -9 of an owner its table deals again elsewhere.
// Bars: cross-instance p99 < 20 ms at 2,000 actions/s; play resumes within 15 s of a kill.
// Env: BENCH_INSTANCES (1,2,3), BENCH_TABLES (30), BENCH_BOT_DELAY_MS (8), BENCH_WATCHERS (2 per
// table), BENCH_SECONDS (10), BENCH_LEASE_TTL_MS (10000), BENCH_PG_URL, BENCH_REDIS_URL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { type Server, api, kill, killAll, sleep, startServer, until } from '../tests/server/helpers/child-server';
import { tableBody } from '../tests/support/table-body';
import { adminQuery } from './pg-admin';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2,3').split(',').map(Number);
const TABLES = Number(process.env.BENCH_TABLES ?? 30);
const BOT_DELAY_MS = Number(process.env.BENCH_BOT_DELAY_MS ?? 8);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEASE_TTL_MS = Number(process.env.BENCH_LEASE_TTL_MS ?? 10_000);
const ADMIN = { username: 'benchadmin', password: 'Adm1nPassw0rd!' };
const BAR = { p99: 20, rate: 2000, resume: 15_000 };

interface Row {
  instances: number;
  actions: number;
  hands: number;
  p50: number;
  p99: number;
  crossShare: number;
  resumeMs: number | null;
}

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : NaN);

async function instanceOf(s: Server): Promise<{ instance: string; tables: number[] }> {
  return (await (await fetch(`${s.base}/healthz`)).json()) as { instance: string; tables: number[] };
}

/** A watcher: subscribes to one table on one instance and times every ACTED event it gets. */
class Watcher {
  readonly ws: WebSocket;
  acted = 0;
  lastHandStartAt = 0;
  latencies: number[] = [];
  recording = false;
  constructor(
    url: string,
    readonly tableId: number,
    readonly instance: string,
  ) {
    this.ws = new WebSocket(url);
    this.ws.on('error', () => undefined);
    this.ws.on('message', (data) => {
      const now = Date.now();
      const m = JSON.parse(String(data)) as { type: string; action?: string; tableId?: number; event?: { kind: string }; serverTime?: number };
      if (m.type !== 'GAME' || m.action !== 'TABLE_EVENT' || m.tableId !== this.tableId) return;
      if (m.event?.kind === 'HAND_STARTED') this.lastHandStartAt = now;
      if (m.event?.kind !== 'ACTED') return;
      this.acted++;
      if (this.recording && m.serverTime) this.latencies.push(now - m.serverTime);
    });
  }
  async open(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.send(JSON.stringify({ type: 'GAME', action: 'SUBSCRIBE', tableId: this.tableId, requestId: 's' }));
  }
}

async function run(n: number): Promise<Row> {
  const name = `bench_cluster_${randomBytes(4).toString('hex')}`;
  await adminQuery(PG_ADMIN_URL, `CREATE DATABASE ${name}`);
  const dbUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const env = {
    DATABASE_URL: dbUrl,
    REDIS_URL,
    REDIS_PREFIX: `${name}:`,
    JWT_SECRET: 'bench-cluster-secret-that-is-long-enough-0123',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    BOT_DELAY_MS: String(BOT_DELAY_MS),
    BETWEEN_HANDS_MS: '0',
    BOT_ITERATIONS: '8',
    LEASE_TTL_MS: String(LEASE_TTL_MS),
    LEASE_TICK_MS: '500',
    SOCKETS_PER_ADDRESS: '100000',
    ANONYMOUS_SOCKETS_PER_ADDRESS: '100000',
  };
  const servers: Server[] = [await startServer(env)];
  const watchers: Watcher[] = [];
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    servers.push(...(await Promise.all(Array.from({ length: n - 1 }, () => startServer(env)))));
    await db.connect();
    const token = (await api(servers[0], 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;
    const existing = (await db.query('SELECT id FROM poker_tables WHERE deleted_at IS NULL ORDER BY id')).rows.map((r) => Number(r.id));
    const tables = existing.slice(0, TABLES);
    for (let i = tables.length; i < TABLES; i++) tables.push((await api(servers[0], 'POST', '/api/v1/admin/table', token, tableBody(`Bench ${i}`))).tableId);
    // The tables spread over the instances (fair share), then bots play everywhere.
    const all = (await db.query('SELECT count(*)::int AS n FROM poker_tables WHERE deleted_at IS NULL')).rows[0].n as number;
    await until(
      'the tables to spread',
      async () => {
        const owned = await Promise.all(servers.map(instanceOf));
        return owned.every((o) => o.tables.length <= Math.ceil(all / n)) && owned.reduce((a, o) => a + o.tables.length, 0) === all;
      },
      60_000,
      250,
    );
    for (const t of tables) await api(servers[0], 'PUT', `/api/v1/admin/table/simulate?tableId=${t}`, token);
    const ids = await Promise.all(servers.map(instanceOf));
    let k = 0;
    for (const t of tables)
      for (let w = 0; w < WATCHERS; w++) {
        const i = k++ % n;
        const watcher = new Watcher(servers[i].ws, t, ids[i].instance);
        await watcher.open();
        watchers.push(watcher);
      }
    await sleep(3000);
    const ownerOf = async () =>
      new Map((await db.query('SELECT table_id, owner FROM table_leases')).rows.map((r) => [Number(r.table_id), String(r.owner)] as [number, string]));
    const owners = await ownerOf();
    // With one instance every watcher is on the owner's: their latency is shown for comparison.
    const cross = n === 1 ? watchers : watchers.filter((w) => owners.get(w.tableId) !== w.instance);
    const firstPerTable = new Map<number, Watcher>();
    for (const w of watchers) if (!firstPerTable.has(w.tableId)) firstPerTable.set(w.tableId, w);
    const countActs = () => [...firstPerTable.values()].reduce((a, w) => a + w.acted, 0);
    const countHands = async () => (await db.query(`SELECT count(*)::int AS n FROM hands WHERE status = 'settled'`)).rows[0].n as number;
    for (const w of cross) w.recording = true;
    const a0 = countActs();
    const h0 = await countHands();
    const t0 = Date.now();
    await sleep(SECONDS * 1000);
    const secs = (Date.now() - t0) / 1000;
    const actions = (countActs() - a0) / secs;
    const hands = ((await countHands()) - h0) / secs;
    for (const w of cross) w.recording = false;
    const lat = cross.flatMap((w) => w.latencies);

    let resumeMs: number | null = null;
    if (n > 1) {
      // kill -9 the owner of the first table; time until one of its watchers on a survivor sees a new hand.
      const table = tables[0];
      const victimId = owners.get(table)!;
      const victim = servers[ids.findIndex((x) => x.instance === victimId)];
      const survivor = watchers.find((w) => w.tableId === table && w.instance !== victimId) ?? null;
      const extra = survivor ?? new Watcher(servers[ids.findIndex((x) => x.instance !== victimId)].ws, table, 'survivor');
      if (!survivor) await extra.open();
      await kill(victim);
      const killedAt = Date.now();
      await until('play to resume', () => extra.lastHandStartAt > killedAt, 60_000, 20);
      resumeMs = extra.lastHandStartAt - killedAt;
    }
    return { instances: n, actions, hands, p50: pct(lat, 50), p99: pct(lat, 99), crossShare: cross.length / watchers.length, resumeMs };
  } finally {
    for (const w of watchers) w.ws.terminate();
    for (const s of servers) s.child.kill('SIGKILL');
    await sleep(500);
    await db.end().catch(() => undefined);
    await adminQuery(PG_ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

const rows: Row[] = [];
try {
  for (const n of INSTANCES) {
    console.log(`running ${n} instance(s): ${TABLES} bot tables, a move every ${BOT_DELAY_MS} ms per table, ${WATCHERS} watchers per table, ${SECONDS} s ...`);
    rows.push(await run(n));
  }
} finally {
  killAll();
}
console.log(
  '\ninstances  actions/s  hands/s  cross-instance p50 ms  p99 ms  (watchers cross)  resume after kill -9   (1 instance: all watchers, same instance)',
);
for (const r of rows) {
  const verdict = `${r.p99 < BAR.p99 ? 'PASS' : 'FAIL'} p99${r.actions >= BAR.rate ? '' : ` (at ${Math.round(r.actions)}/s, below ${BAR.rate})`}`;
  const resume = r.resumeMs === null ? '-' : `${(r.resumeMs / 1000).toFixed(1)} s ${r.resumeMs <= BAR.resume ? 'PASS' : 'FAIL'}`;
  console.log(
    `${String(r.instances).padEnd(10)} ${Math.round(r.actions).toString().padEnd(10)} ${r.hands.toFixed(0).padEnd(8)} ${String(r.p50).padEnd(21)} ${String(r.p99).padEnd(7)} ${`${Math.round(r.crossShare * 100)}%`.padEnd(17)} ${resume}   ${verdict}`,
  );
}
console.log(
  `bars: cross-instance p99 < ${BAR.p99} ms at ${BAR.rate} actions/s; play resumes within ${BAR.resume / 1000} s of a kill -9 (lease ${LEASE_TTL_MS / 1000} s).`,
);
console.log('All instances, PostgreSQL and Redis share this machine: the figures are what 2 cores give, not what N machines would.');
