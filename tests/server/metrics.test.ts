// GET /metrics: only with the token or from an allowed network; HTTP requests by route pattern and
// status; the ledger's transfers and its periodic check (a broken ledger reads 0); the room's
// figures from the database; the instance's dependencies; the process's own figures; request ids.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp } from './helpers/app';
import { until } from './helpers/child-server';
import { connect, signIn, socketUrl } from './helpers/ws';
import { tableBody } from '../support/table-body';

const TOKEN = 'metrics-token-for-the-test-0123456789';
// Fast bots, a short pause between hands: the table metrics move within a second or two.
const ctx = setupApp({ metrics: { token: TOKEN, allow: ['10.0.0.0/8', '192.0.2.7'], roomCacheMs: 0 }, live: { fastBots: true, betweenHands: 50 } });

/** The value of one series (name with its labels, as Prometheus prints them), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, remoteAddress?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

describe('GET /metrics', () => {
  it('answers the token and the allowed networks only; anyone else finds nothing there', async () => {
    expect((await scrape({})).statusCode).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
    expect((await scrape({ authorization: TOKEN })).statusCode).toBe(404);
    expect((await scrape({}, '192.168.1.10')).statusCode).toBe(404);
    // X-Forwarded-For names no one: the TCP peer decides.
    expect((await scrape({ 'x-forwarded-for': '10.1.2.3' }, '203.0.113.9')).statusCode).toBe(404);
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await scrape({}, '10.20.30.40')).statusCode).toBe(200);
    expect((await scrape({}, '::ffff:192.0.2.7')).statusCode).toBe(200);
  });

  it('counts HTTP requests by route pattern and status, with latency histograms', async () => {
    const p = await ctx.player();
    await ctx.call({ method: 'GET', url: '/api/v1/user/me', as: p });
    await ctx.call({ method: 'GET', url: '/api/v1/user/me' });
    await ctx.call({ method: 'GET', url: '/api/v1/user/tournament/424242' });
    const text = (await scrape()).body;
    expect(value(text, 'poker_http_requests_total{method="GET",route="/api/v1/user/me",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'poker_http_requests_total{method="GET",route="/api/v1/user/me",status="401"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'poker_http_requests_total{method="GET",route="/api/v1/user/tournament/:tournamentId",status="404"}')).toBe(1);
    expect(value(text, 'poker_http_request_duration_seconds_count{method="GET",route="/api/v1/user/me",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('424242');
  });

  it('counts the ledger transfers at commit and shows the room: pending withdrawals, deposits, the jackpot', async () => {
    const before = value((await scrape()).body, 'poker_ledger_transfers_total{kind="DEPOSIT"}') ?? 0;
    const p = await ctx.player({ balance: 500_000 });
    const w = await ctx.call({ method: 'POST', url: '/api/v1/user/withdrawal', as: p, payload: { amount: 120_000 } });
    expect(w.statusCode).toBe(201);
    const text = (await scrape()).body;
    expect(value(text, 'poker_ledger_transfers_total{kind="DEPOSIT"}')).toBe(before + 1);
    expect(value(text, 'poker_ledger_transfers_total{kind="WITHDRAWAL_HOLD"}')).toBeGreaterThanOrEqual(1);
    const pending = await ctx.services.db.execute(
      sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::bigint AS s FROM withdrawals WHERE status = 'NOT_APPROVED'`,
    );
    const { n, s } = pending.rows[0] as { n: number; s: number };
    expect(value(text, 'poker_withdrawals_pending')).toBe(n);
    expect(value(text, 'poker_withdrawals_pending_amount')).toBe(s);
    expect(value(text, 'poker_deposits_last_hour')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'poker_jackpot')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'poker_tournaments_running')).toBe(0);
  });

  it('exposes the ledger check: 1 when whole, 0 with the sum and the accounts when not', async () => {
    await ctx.app.checkLedger();
    let text = (await scrape()).body;
    expect(value(text, 'poker_ledger_check_ok')).toBe(1);
    expect(value(text, 'poker_ledger_sum')).toBe(0);
    expect(value(text, 'poker_ledger_check_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
    // A balance changed behind the ledger's back (by hand in SQL): the check must say so.
    await ctx.services.db.execute(sql`UPDATE accounts SET balance = balance + 7 WHERE kind = 'rake'`);
    try {
      await ctx.app.checkLedger();
      text = (await scrape()).body;
      expect(value(text, 'poker_ledger_check_ok')).toBe(0);
      expect(value(text, 'poker_ledger_sum')).toBe(7);
      expect(value(text, 'poker_ledger_mismatched_accounts')).toBe(1);
    } finally {
      await ctx.services.db.execute(sql`UPDATE accounts SET balance = balance - 7 WHERE kind = 'rake'`);
    }
  });

  it("shows the instance's dependencies, the process's own figures and, on PostgreSQL, the pool", async () => {
    const text = (await scrape()).body;
    expect(value(text, 'poker_dependency_up{dependency="database"}')).toBe(1);
    expect(text).not.toContain('poker_dependency_up{dependency="redis"}'); // no Redis configured
    expect(value(text, 'poker_draining')).toBe(0);
    expect(value(text, 'poker_leases_held')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
    if (ctx.services.dbKind === 'pg') expect(value(text, 'poker_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  });
});

describe('the tables, leases and sockets', () => {
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('count actions, hands started and settled (with their latency), leases, queues, sockets, frames and bytes', async () => {
    const read = async (series: string) => value((await scrape()).body, series) ?? 0;
    const before = {
      actions: await read('poker_table_actions_total'),
      started: await read('poker_hands_started_total'),
      settled: await read('poker_hands_settled_total'),
      latencies: await read('poker_settlement_duration_seconds_count'),
      taken: await read('poker_leases_taken_total'),
      frames: await read('poker_socket_frames_sent_total'),
      bytes: await read('poker_socket_bytes_sent_total'),
      writes: await read('poker_socket_writes_total'),
    };
    const admin = await ctx.admin();
    const created = await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Metrics') });
    const { tableId } = created.json() as { tableId: number };
    const watcher = await connect(socketUrl(ctx.app));
    await signIn(watcher, admin);
    watcher.send({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: 'sub' });
    await watcher.next((m) => m.type === 'ACK' && m.requestId === 'sub');
    expect(await read('poker_sockets_open')).toBeGreaterThanOrEqual(1);
    await ctx.call({ method: 'PUT', url: `/api/v1/admin/table/simulate?tableId=${tableId}`, as: admin });
    try {
      await until('two hands settled', async () => (await read('poker_hands_settled_total')) >= before.settled + 2, 30_000, 50);
    } finally {
      await ctx.call({ method: 'DELETE', url: `/api/v1/admin/table/simulate?tableId=${tableId}`, as: admin });
    }
    const text = (await scrape()).body;
    expect(value(text, 'poker_table_actions_total')).toBeGreaterThan(before.actions);
    expect(value(text, 'poker_hands_started_total')).toBeGreaterThanOrEqual(before.started + 2);
    expect(value(text, 'poker_settlement_duration_seconds_count')).toBeGreaterThanOrEqual(before.latencies + 2);
    expect(value(text, 'poker_settlement_duration_seconds_sum')).toBeGreaterThan(0);
    expect(value(text, 'poker_leases_taken_total')).toBeGreaterThanOrEqual(before.taken + 1);
    expect(value(text, `poker_table_queue_depth{table="${tableId}"}`)).toBeGreaterThanOrEqual(0);
    expect(value(text, 'poker_socket_frames_sent_total')).toBeGreaterThan(before.frames);
    expect(value(text, 'poker_socket_bytes_sent_total')).toBeGreaterThan(before.bytes);
    // Frames of one turn leave a socket in one write: fewer writes than frames, at least one.
    const writes = value(text, 'poker_socket_writes_total')! - before.writes;
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThanOrEqual(value(text, 'poker_socket_frames_sent_total')! - before.frames);
    watcher.ws.close(1000);
    await until('the close counted', async () => (await read('poker_sockets_closed_total{reason="1000"}')) >= 1, 5000, 20);
  });
});

describe('request ids', () => {
  it("takes the caller's X-Request-Id when it is a plain token and answers it; else makes one", async () => {
    const given = await ctx.call({ method: 'GET', url: '/api/v1/user/maintenance', headers: { 'x-request-id': 'lb-7f3a.92_x' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.92_x');
    const odd = await ctx.call({ method: 'GET', url: '/api/v1/user/maintenance', headers: { 'x-request-id': 'two words\n{"level":60}' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await ctx.call({ method: 'GET', url: '/api/v1/user/maintenance' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
