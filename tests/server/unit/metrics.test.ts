// The metric functions the tables, tournaments, cluster and sockets call (core/metrics.ts), what
// counts as a lost database connection, and the METRICS_ALLOW setting.
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../../src/server/core/metrics';
import { isConnectionError } from '../../../src/server/db/client';
import { parseAllowList } from '../../../src/server/plugins/metrics';

const series = async (m: Metrics, name: string) => (await m.registry.getSingleMetric(name)!.get()).values;

describe('the metric functions', () => {
  it('hands, actions, settlement time, voids and failures', async () => {
    const m = new Metrics();
    m.handStarted();
    m.tableAction(3);
    m.handSettled(40);
    m.handSettled(2500);
    m.handVoided('takeover');
    m.settlementFailed('stale_epoch');
    expect((await series(m, 'poker_hands_started_total'))[0].value).toBe(1);
    expect((await series(m, 'poker_table_actions_total'))[0].value).toBe(3);
    expect((await series(m, 'poker_hands_settled_total'))[0].value).toBe(2);
    const text = (await m.scrape()).body;
    expect(text).toContain('poker_settlement_duration_seconds_bucket{le="0.05"} 1\n');
    expect(text).toContain('poker_settlement_duration_seconds_bucket{le="2.5"} 2\n');
    expect(text).toContain('poker_settlement_duration_seconds_sum 2.54\n');
    expect(await series(m, 'poker_hands_voided_total')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ labels: { reason: 'takeover' }, value: 1 }),
        expect.objectContaining({ labels: { reason: 'start' }, value: 0 }),
      ]),
    );
    expect(await series(m, 'poker_settlement_failures_total')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ labels: { reason: 'stale_epoch' }, value: 1 }),
        expect.objectContaining({ labels: { reason: 'error' }, value: 0 }),
      ]),
    );
  });

  it('the counters the alerts read with increase() start at 0, so their first event is an increase', async () => {
    // A series that appears at 1 has no sample before it: SettlementFailures would miss a lone failure.
    const text = (await new Metrics().scrape()).body;
    expect(text).toContain('poker_settlement_failures_total{reason="error"} 0\n');
    expect(text).toContain('poker_settlement_failures_total{reason="stale_epoch"} 0\n');
    expect(text).toContain('poker_leases_lost_total{reason="expired"} 0\n');
    expect(text).toContain('poker_leases_lost_total{reason="stale"} 0\n');
    expect(text).toContain('poker_hands_voided_total{reason="takeover"} 0\n');
  });

  it('queue depth per table, gone with the table; sockets open and closed by reason; frames and bytes', async () => {
    const m = new Metrics();
    m.queueDepth(7, 3);
    m.queueDepth(8, 1);
    m.tableGone(7);
    expect(await series(m, 'poker_table_queue_depth')).toMatchObject([{ labels: { table: '8' }, value: 1 }]);
    m.socketOpened();
    m.socketOpened();
    m.socketClosed(4012);
    m.framesWritten(5, 1200);
    expect((await series(m, 'poker_sockets_open'))[0].value).toBe(1);
    expect(await series(m, 'poker_sockets_closed_total')).toMatchObject([{ labels: { reason: '4012' }, value: 1 }]);
    expect((await series(m, 'poker_socket_bytes_sent_total'))[0].value).toBe(1200);
  });

  it('the leases the instance holds, read at each scrape, and takeovers counted', async () => {
    const m = new Metrics();
    let leases = new Map([
      [1, 4],
      [2, 9],
    ]);
    m.watchInstance(() => ({ dependencies: { database: 'up', redis: 'down' }, draining: false, leases }));
    m.leaseTaken();
    m.leaseLost('expired');
    let text = (await m.scrape()).body;
    expect(text).toContain('poker_leases_held 2');
    expect(text).toContain('poker_lease_epoch{table="2"} 9');
    expect(text).toContain('poker_dependency_up{dependency="redis"} 0');
    leases = new Map([[2, 9]]);
    text = (await m.scrape()).body;
    expect(text).toContain('poker_leases_held 1');
    expect(text).not.toContain('poker_lease_epoch{table="1"}');
    expect(text).toContain('poker_leases_lost_total{reason="expired"} 1');
  });
});

describe('a lost database connection', () => {
  it('is a network error, a connection class SQLSTATE or a pool timeout; not a statement error', () => {
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionError({ message: 'terminating connection due to administrator command', code: '57P01' })).toBe(true);
    expect(isConnectionError(new Error('query failed', { cause: { code: '08006', message: 'connection failure' } }))).toBe(true);
    expect(isConnectionError({ message: 'duplicate key value violates unique constraint', code: '23505' })).toBe(false);
    expect(isConnectionError(new Error('Not enough money'))).toBe(false);
  });
});

describe('METRICS_ALLOW', () => {
  it('takes addresses and CIDR ranges, and refuses anything else at start', () => {
    expect(parseAllowList(undefined)).toEqual([]);
    expect(parseAllowList(' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(() => parseAllowList('10.0.0.0/33')).toThrow(/METRICS_ALLOW/);
    expect(() => parseAllowList('prometheus.internal')).toThrow(/METRICS_ALLOW/);
  });
});
