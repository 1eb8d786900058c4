// `npm run bench:server`: autocannon against the real app on embedded PGlite and on PostgreSQL
// (a fresh database on 127.0.0.1:5432, dropped afterwards). Prints requests/s and p99 side by
// side. The bar: on PostgreSQL, GET /me holds p99 < 10 ms at 1,000 requests/s, measured with a
// steady open-loop load (bench/paced-load.ts); autocannon's own rate mode is printed beside it.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { type DbHandle, openDatabase } from '../src/server/db/client';
import { pacedLoad } from './paced-load';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

// autocannon ships no types; the little we use:
interface CannonOptions {
  url: string;
  connections?: number;
  duration?: number;
  overallRate?: number;
  headers?: Record<string, string>;
  requests?: { method: string; path: string; headers?: Record<string, string>; body?: string }[];
  /** Worker threads for the load generator, so it does not share the server's event loop. */
  workers?: number;
}
interface CannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: CannonOptions, cb: (err: Error | null, r: CannonResult) => void) => void;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function run(opts: CannonOptions): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ workers: 1, ...opts }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
    });
  });
}

async function benchOne(label: string, handle: DbHandle): Promise<Record<string, Figures>> {
  const jwtSecret = randomBytes(32).toString('hex');
  const app = await buildApp({ db: handle, jwtSecret, admin: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const s = app.services;
  const hash = await s.users.hash('benchpass1');
  const mk = async (role: 'PLAYER' | 'ADMIN') => {
    const name = `b${role[0]}${randomBytes(4).toString('hex')}`;
    const id = await s.users.create({ username: name, email: `${name}@bench.mn`, passwordHash: hash, bank: 'KHAN', accountNumber: '123456789', role });
    return { id, token: await s.tokens.sign({ userId: id, tokenVersion: 0 }) };
  };
  const admin = await mk('ADMIN');
  const player = await mk('PLAYER');
  await s.wallet.createDeposit(admin.id, { userId: player.id, amount: 1_000_000 });
  const settings = await s.settings.get();
  await s.settings.put({ ...settings, withdrawalMin: 1_000 });

  console.log(`[${label}] warming up`);
  await run({ url: `${url}/api/v1/user/me`, connections: 10, duration: 2, headers: { authorization: `Bearer ${player.token}` } });
  console.log(`[${label}] GET /me at 1,000 requests/s for ${DURATION} s`);
  const me = await run({
    url: `${url}/api/v1/user/me`,
    connections: 20,
    overallRate: 1000,
    duration: DURATION,
    headers: { authorization: `Bearer ${player.token}` },
  });
  console.log(`[${label}] GET /me paced at 1,000 requests/s for ${DURATION} s`);
  const paced = await pacedLoad({
    url: `${url}/api/v1/user/me`,
    rate: 1000,
    seconds: DURATION,
    connections: 20,
    headers: { authorization: `Bearer ${player.token}` },
  });
  const mePaced: Figures = { rps: paced.rps, p50: round(paced.p50), p99: round(paced.p99), errors: paced.errors, non2xx: paced.non2xx };
  // The same with the cache of users' own records off: every request reads the database once.
  const uncached = await buildApp({ db: handle, jwtSecret, admin: false, seed: false, meCacheTtlMs: 0 });
  await uncached.listen({ port: 0, host: '127.0.0.1' });
  const uPort = (uncached.server.address() as { port: number }).port;
  console.log(`[${label}] GET /me paced at 1,000 requests/s, no cache, for ${DURATION} s`);
  const pacedDb = await pacedLoad({
    url: `http://127.0.0.1:${uPort}/api/v1/user/me`,
    rate: 1000,
    seconds: DURATION,
    connections: 20,
    headers: { authorization: `Bearer ${player.token}` },
  });
  await uncached.close();
  const meDb: Figures = { rps: pacedDb.rps, p50: round(pacedDb.p50), p99: round(pacedDb.p99), errors: pacedDb.errors, non2xx: pacedDb.non2xx };
  console.log(`[${label}] GET /me flat out for ${DURATION} s`);
  const meMax = await run({ url: `${url}/api/v1/user/me`, connections: 20, duration: DURATION, headers: { authorization: `Bearer ${player.token}` } });
  console.log(`[${label}] deposit -> withdraw cycle flat out for ${DURATION} s`);
  const cycle = await run({
    url,
    connections: 10,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/admin/deposit',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: player.id, amount: 1_000 }),
      },
      {
        method: 'POST',
        path: '/api/v1/user/withdrawal',
        headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1_000 }),
      },
    ],
  });
  const report = await s.ledger.checkConservation();
  if (!report.ok) throw new Error(`[${label}] ledger not conserved after the bench: ${JSON.stringify(report)}`);
  await app.close();
  return {
    'GET /me paced 1000/s': mePaced,
    'GET /me paced, no cache': meDb,
    'GET /me @1000/s (burst)': me,
    'GET /me max': meMax,
    'deposit+withdraw max': cycle,
  };
}

async function main() {
  const results: Record<string, Record<string, Figures>> = {};

  const lite = await openDatabase({ memory: true });
  results.PGlite = await benchOne('PGlite', lite);
  await lite.close();

  const name = `poker_bench_${randomBytes(5).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: PG_ADMIN_URL });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${name}`);
  try {
    const handle = await openDatabase({ databaseUrl: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), poolSize: 20 });
    results.PostgreSQL = await benchOne('PostgreSQL', handle);
    await handle.close();
  } finally {
    await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminClient.end();
  }

  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (f: Figures) =>
    `${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms${f.errors || f.non2xx ? `  (errors ${f.errors}, non-2xx ${f.non2xx})` : ''}`;
  console.log(`\n${pad('scenario', 26)}${pad('PGlite', 48)}PostgreSQL`);
  for (const scenario of Object.keys(results.PGlite)) {
    console.log(`${pad(scenario, 26)}${pad(num(results.PGlite[scenario]), 48)}${num(results.PostgreSQL[scenario])}`);
  }
  console.log('\n"paced": one request every millisecond, latency from its planned start. "burst": autocannon overallRate,');
  console.log("which sends each second's 1,000 requests at full speed when the second begins.");
  const bar = results.PostgreSQL['GET /me paced 1000/s'];
  const pass = bar.p99 < 10 && bar.rps >= 950 && bar.errors === 0 && bar.non2xx === 0;
  console.log(`\nBar (PostgreSQL GET /me p99 < 10 ms at 1,000 req/s): ${pass ? 'PASS' : 'FAIL'} (p99 ${bar.p99} ms at ${bar.rps.toFixed(0)} req/s)`);
  console.log(
    `Machine load average: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

await main();
