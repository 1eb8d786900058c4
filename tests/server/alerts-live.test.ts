// The alert rules (ops/prometheus/alerts.yml) against real outages: a real instance with house bots
// at a table, its database connections through a TCP relay, and a real Prometheus (Debian's
// `prometheus`, on the PATH like promtool) scraping its /metrics every second with the real rules.
// - Settlements fail for real: PostgreSQL refuses them (a trigger raises an error on the UPDATE
//   that marks a hand settled, so the settlement's one statement rolls back as it would on any
//   database error; voiding the hand still works). One failed hand fires SettlementFailures; all of them stopped fire NoHandSettled, evaluated on the
//   real series by a copy of the rule whose windows are seconds (its expression is the same text,
//   only `[5m]` and `for: 2m` rewritten): pending, then firing, then resolved when hands settle.
// - PostgreSQL cut (the relay drops every connection and refuses new ones): PostgresUnreachable
//   goes pending, fires after its 30 s, and resolves once the relay is back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/server/core/ledger';
import { type Database, type DbHandle, openDatabase, rows } from '../../src/server/db/client';
import { tableBody } from '../support/table-body';
import { type Server, api, freePort, killAll, sleep, startServer, until } from './helpers/child-server';
import { createPgDatabase } from './helpers/db';
import { type PromRule, type Prometheus, prometheusVersion, shortenedRule, startPrometheus } from './helpers/prometheus';
import { Relay, throughRelay } from './helpers/relay';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALERTS = path.join(ROOT, 'ops/prometheus/alerts.yml');
const ADMIN = { username: 'alertsadmin', password: 'Adm1nPassw0rd!' };
const SHORT = 'NoHandSettled_short';

describe('the alerts against a real outage', () => {
  let server: Server;
  let prom: Prometheus;
  let relay: Relay;
  let db: DbHandle;
  let drop: () => Promise<void>;
  let tableId = 0;

  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(db.db as Database, query);
  const settled = async () =>
    Number((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM hands WHERE table_id = ${tableId} AND status = 'settled'`))[0].n);
  const rule = async (name: string): Promise<PromRule> => {
    const found = (await prom.rules()).find((r) => r.name === name);
    if (!found) throw new Error(`no rule ${name} in Prometheus`);
    return found;
  };
  /** Waits for `state`, keeping every state seen on the way (polled four times per evaluation). */
  const watch = async (name: string, state: PromRule['state'], timeoutMs: number) => {
    const seen: string[] = [];
    await until(
      `${name} ${state}`,
      async () => {
        const now = (await rule(name)).state;
        if (seen.at(-1) !== now) seen.push(now);
        return now === state;
      },
      timeoutMs,
      250,
    );
    return seen;
  };
  /** From now on PostgreSQL refuses to settle the hands `which` picks (a SQL condition on NEW). */
  const refuseSettlements = async (name: string, which: string) => {
    await q(
      sql.raw(`CREATE OR REPLACE FUNCTION alerts_live_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'alerts-live: the settlement of hand % is refused', NEW.id; END $$`),
    );
    await q(
      sql.raw(`CREATE TRIGGER ${name} BEFORE UPDATE ON hands FOR EACH ROW WHEN (NEW.status = 'settled' AND ${which}) EXECUTE FUNCTION alerts_live_refuse()`),
    );
    return () => q(sql.raw(`DROP TRIGGER ${name} ON hands`));
  };
  const serverCounter = async (line: string) => {
    const text = await (await fetch(`${server.base}/metrics`)).text();
    return Number(new RegExp(`^${line.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
  };

  beforeAll(async () => {
    // Not skipped without it: the suite installs Debian's prometheus (.ci/run); this says so clearly.
    prometheusVersion();
    const created = await createPgDatabase();
    drop = created.drop;
    db = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    const pg = new URL(created.url);
    relay = new Relay(await freePort(), { host: pg.hostname, port: Number(pg.port || 5432) });
    await relay.open();
    server = await startServer({
      DATABASE_URL: throughRelay(created.url, relay),
      // Longer than the outage: the instance keeps its table through it.
      LEASE_TTL_MS: '60000',
      LEASE_TICK_MS: '250',
      // Hands a few times a second are plenty for rules over seconds; back to back they took a core.
      BETWEEN_HANDS_MS: '200',
      METRICS_ALLOW: '127.0.0.1',
      JWT_SECRET: 'alerts-live-secret-that-is-long-enough-012345',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const admin = (await api(server, 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;
    tableId = (await api(server, 'POST', '/api/v1/admin/table', admin, tableBody('Alerts'))).tableId;
    await until(
      'the table to be taken',
      () =>
        api(server, 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, admin).then(
          () => true,
          () => false,
        ),
      20_000,
      100,
    );
    const short = shortenedRule(readFileSync(ALERTS, 'utf8'), 'NoHandSettled', { '5m': '15s', '2m': '5s' });
    expect(short.expr).toBe('max(poker_tables_with_players) > 0 and sum(increase(poker_hands_settled_total[15s])) == 0');
    prom = await startPrometheus({
      targets: [new URL(server.base).host],
      ruleFiles: [ALERTS],
      extraRules: { 'short-windows.yml': short.text },
      intervalSeconds: 1,
    });
    await until('hands to settle', async () => (await settled()) >= 3, 30_000, 100);
    // Prometheus has the instance's series, the failures' counter at 0 among them.
    await until('the first scrapes', async () => (await prom.query('poker_settlement_failures_total{reason="error"}'))[0]?.value[1] === '0', 20_000, 250);
    await until('tables with players', async () => (await prom.query('max(poker_tables_with_players)'))[0]?.value[1] === '1', 20_000, 250);
  }, 180_000);

  afterEach(({ task }) => {
    if (task.result?.state === 'fail') console.log(server?.output.join(''), prom?.output.join(''));
  });

  afterAll(async () => {
    await prom?.stop();
    killAll();
    await relay?.cut();
    await sleep(300);
    await db?.close();
    await drop?.().catch(() => undefined);
  });

  it('one hand whose settlement PostgreSQL refuses fires SettlementFailures', { timeout: 60_000 }, async () => {
    expect((await rule('SettlementFailures')).state).toBe('inactive');
    // A hand a few ahead of the one in play: exactly that one cannot settle.
    const [{ last }] = await q<{ last: number }>(sql`SELECT max(id)::int AS last FROM hands WHERE table_id = ${tableId}`);
    const doomed = last + 3;
    const allow = await refuseSettlements('alerts_live_doomed', `NEW.id = ${doomed}`);
    try {
      await until(
        'the doomed hand to be voided',
        async () => (await q<{ status: string }>(sql`SELECT status FROM hands WHERE id = ${doomed}`))[0]?.status === 'voided',
        30_000,
        100,
      );
    } finally {
      await allow();
    }
    expect(await serverCounter('poker_settlement_failures_total{reason="error"}')).toBe(1);
    expect(server.output.join('')).toContain('hand settlement failed; voiding');
    await watch('SettlementFailures', 'firing', 20_000);
    const [alert] = (await prom.alerts()).filter((a) => a.labels.alertname === 'SettlementFailures');
    expect(alert).toMatchObject({ state: 'firing', labels: { severity: 'page' } });
    expect(alert.annotations.summary).toMatch(/^1(\.\d+)? hand settlements failed to commit in 5 minutes$/);
  });

  it('settlements stopped: NoHandSettled goes pending, then fires; it resolves when hands settle again', { timeout: 90_000 }, async () => {
    expect((await rule(SHORT)).state).toBe('inactive');
    const allow = await refuseSettlements('alerts_live_stopped', 'true');
    const stoppedAt = await settled();
    let seen: string[];
    try {
      seen = await watch(SHORT, 'firing', 45_000);
      // Hands kept being dealt and voided: the table plays, nothing is paid.
      expect(await settled()).toBe(stoppedAt);
      expect(await serverCounter('poker_settlement_failures_total{reason="error"}')).toBeGreaterThan(1);
      expect((await rule('SettlementFailures')).state).toBe('firing');
    } finally {
      await allow();
    }
    expect(seen).toEqual(['inactive', 'pending', 'firing']);
    const [alert] = (await prom.alerts()).filter((a) => a.labels.alertname === SHORT);
    expect(alert.annotations.summary).toBe('No hand settled in 5 minutes while 1 tables have players');
    await watch(SHORT, 'inactive', 30_000);
    expect(await settled()).toBeGreaterThan(stoppedAt);
  });

  it('PostgreSQL cut: PostgresUnreachable goes pending, fires after 30 s, resolves when it is back', { timeout: 120_000 }, async () => {
    expect((await rule('PostgresUnreachable')).state).toBe('inactive');
    await relay.cut();
    let seen: string[];
    try {
      seen = await watch('PostgresUnreachable', 'firing', 60_000);
      expect((await prom.query('poker_dependency_up{dependency="database"}'))[0].value[1]).toBe('0');
      // One alert per instance that lost it, naming the instance.
      const host = new URL(server.base).host;
      expect((await prom.alerts()).filter((a) => a.labels.alertname === 'PostgresUnreachable')).toMatchObject([
        { state: 'firing', labels: { instance: host, severity: 'page' }, annotations: { summary: `PostgreSQL does not answer ${host}: no new hand starts` } },
      ]);
    } finally {
      await relay.open();
    }
    expect(seen).toEqual(['inactive', 'pending', 'firing']);
    await watch('PostgresUnreachable', 'inactive', 30_000);
    const before = await settled();
    await until('hands to settle again', async () => (await settled()) >= before + 3, 30_000, 100);
    // Through all of it, no chip was created or lost.
    expect((await new Ledger(db.db as Database).checkConservation()).ok).toBe(true);
  });
});
