// `npm run ops:room`: the dashboard on a running three-instance room (docs/operations.md, "The
// screenshot of a running room"). Starts three server instances on this machine's PostgreSQL (a
// fresh database) and Redis, house bots at several tables, anonymous watchers and lobby traffic
// spread over the instances, and a real Prometheus (scrapes each /metrics every 5 s, evaluates
// ops/prometheus/alerts.yml). After a few minutes of play it draws ops/grafana/poker-room.json from
// Prometheus's answers (scripts/ops-dashboard.ts: Grafana cannot run here) and screenshots it, and
// Prometheus's alerts and targets pages, with Debian's Chromium into docs/img/.
// Then (OPS_OUTAGE=0 skips it) one instance is killed (kill -9): the dashboard again, with its tables
// moved to the others, and the alerts page with InstanceDown firing.
// Env: OPS_MINUTES (4), OPS_TABLES (8), OPS_PG_URL, OPS_REDIS_URL, OPS_OUT (docs/img),
// CHROMIUM_PATH (/usr/bin/chromium).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { adminQuery } from '../bench/pg-admin';
import { type Server, api, kill, killAll, sleep, startServer, until } from '../tests/server/helpers/child-server';
import { type Prometheus, startPrometheus } from '../tests/server/helpers/prometheus';
import { type Dashboard, type PanelData, dashboardHtml, formatValue, queryPanels } from './ops-dashboard';

const ROOT = path.resolve(import.meta.dirname, '..');
const MINUTES = Number(process.env.OPS_MINUTES ?? 4);
const TABLES = Number(process.env.OPS_TABLES ?? 8);
const PG_ADMIN_URL = process.env.OPS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.OPS_REDIS_URL ?? 'redis://127.0.0.1:6379';
const OUT = path.resolve(ROOT, process.env.OPS_OUT ?? 'docs/img');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { username: 'opsadmin', password: 'Adm1nPassw0rd!' };
const SCRAPE_SECONDS = 5;
/** After the healthy room's screenshots: kill -9 one instance and show the failover and InstanceDown. */
const OUTAGE = process.env.OPS_OUTAGE !== '0';

const log = (m: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${m}`);

/** Three instances on one database and one Redis; the first seeds the room before the others start. */
async function startRoom(dbUrl: string, prefix: string): Promise<Server[]> {
  const env = {
    DATABASE_URL: dbUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: 'ops-room-secret-that-is-long-enough-0123456789',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    METRICS_ALLOW: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // A human pace rather than the tests' fastest: two cores hold three instances, PostgreSQL,
    // Redis, Prometheus and the browser.
    BOTS_FAST: '1',
    BOT_DELAY_MS: '200',
    BETWEEN_HANDS_MS: '1000',
    LEDGER_CHECK_MS: '30000',
    INTEGRITY_JOB_MS: '0',
    QPAY: 'off',
  };
  const first = await startServer(env);
  const others = await Promise.all([startServer(env), startServer(env)]);
  return [first, ...others];
}

/** A watcher's socket on an instance, subscribed to one table (the sockets and frames panels). */
function watch(s: Server, tableId: number): WebSocket {
  const ws = new WebSocket(s.ws);
  ws.on('error', () => undefined);
  ws.on('open', () => ws.send(JSON.stringify({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: `w${tableId}` })));
  return ws;
}

/** Lobby traffic on every instance (the HTTP panels): the tables list, the jackpot, maintenance. */
function lobbyTraffic(servers: Server[]): () => void {
  const paths = ['/api/v1/user/table', '/api/v1/user/jackpot', '/api/v1/user/maintenance', '/api/v1/user/table/999999'];
  let i = 0;
  const timer = setInterval(() => {
    const s = servers[i % servers.length];
    void fetch(`${s.base}${paths[i++ % paths.length]}`).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    );
  }, 100);
  return () => clearInterval(timer);
}

/** Screenshots of drawn pages (HTML) and of Prometheus's own pages (a path on it), into OUT. */
async function screenshots(prom: Prometheus, shots: Array<{ file: string; html?: string; path?: string; openFiring?: boolean }>): Promise<string[]> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const files: string[] = [];
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const shot of shots) {
      await page.setViewportSize(shot.html ? { width: 1460, height: 900 } : { width: 1100, height: 600 });
      if (shot.html) await page.setContent(shot.html);
      else {
        // Debian's Prometheus serves its classic pages (no React UI in the package).
        await page.goto(`${prom.url}${shot.path}`);
        await page.waitForLoadState('networkidle');
        if (shot.openFiring) {
          // The classic alerts page: each firing rule opened (its labels, state, since), annotations shown.
          for (const row of await page.locator('tr.alert-danger.alert_header').all()) await row.click();
          await page.locator('button.show-annotations').click();
        }
      }
      files.push(path.join(OUT, shot.file));
      await page.screenshot({ path: files.at(-1)!, fullPage: true });
    }
  } finally {
    await browser.close();
  }
  return files;
}

/** Each panel's figures at the end of the run, for the write-up. */
function summary(data: PanelData[]): string {
  return data
    .filter((d) => d.panel.type !== 'row')
    .map((d) => {
      const unit = d.panel.fieldConfig?.defaults?.unit;
      const values = d.lines.map((l) => `${l.legend}=${formatValue(l.points.at(-1)![1], unit)}`);
      return `  ${d.panel.title}: ${d.error ? `ERROR ${d.error}` : values.length ? values.join(', ') : 'No data'}`;
    })
    .join('\n');
}

async function main(): Promise<void> {
  const name = `poker_ops_room_${randomBytes(4).toString('hex')}`;
  await adminQuery(PG_ADMIN_URL, `CREATE DATABASE ${name}`);
  const dbUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  let prom: Prometheus | null = null;
  const sockets: WebSocket[] = [];
  let stopTraffic = () => {};
  try {
    log(`database ${name}; starting three instances`);
    const servers = await startRoom(dbUrl, `${name}:`);
    // Prometheus from the start: it sees the tables spread over the instances (leases taken, released).
    const targets = servers.map((s) => new URL(s.base).host);
    prom = await startPrometheus({ targets, ruleFiles: [path.join(ROOT, 'ops/prometheus/alerts.yml')], intervalSeconds: SCRAPE_SECONDS });
    const start = Math.floor(Date.now() / 1000);
    log(`Prometheus at ${prom.url}, scraping ${targets.join(', ')}`);
    const token = (await api(servers[0], 'POST', '/api/v1/user/login', null, ADMIN)).accessToken as string;
    const tables = (await adminQuery(dbUrl, 'SELECT id FROM poker_tables WHERE deleted_at IS NULL AND tournament_id IS NULL ORDER BY id'))
      .map((r) => Number(r.id))
      .slice(0, TABLES);
    // Every table has an owner before the bots sit (a table not yet taken is not found).
    for (const t of tables)
      await until(
        `table ${t} to be taken`,
        () =>
          api(servers[0], 'PUT', `/api/v1/admin/table/simulate?tableId=${t}`, token).then(
            () => true,
            () => false,
          ),
        60_000,
        250,
      );
    log(`house bots at ${tables.length} tables: ${tables.join(', ')}`);
    tables.forEach((t, i) => sockets.push(watch(servers[i % 3], t), watch(servers[(i + 1) % 3], t)));
    stopTraffic = lobbyTraffic(servers);
    log(`playing ${MINUTES} minutes`);
    for (let m = 1; m <= MINUTES; m++) {
      await sleep(60_000);
      const hands = await adminQuery(dbUrl, `SELECT count(*) FILTER (WHERE status = 'settled')::int AS settled, count(*)::int AS total FROM hands`);
      const firing = (await prom.alerts()).map((a) => `${a.labels.alertname} (${a.state})`);
      log(`minute ${m}: ${hands[0].settled} hands settled of ${hands[0].total}; alerts: ${firing.join(', ') || 'none'}`);
    }
    const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'ops/grafana/poker-room.json'), 'utf8')) as Dashboard;
    const draw = async (what: string) => {
      const end = Math.floor(Date.now() / 1000);
      const data = await queryPanels(dashboard, prom!.queryRange, start, end, SCRAPE_SECONDS);
      console.log(`\nPanels at ${new Date(end * 1000).toISOString()} (${what}):\n${summary(data)}`);
      console.log(`Alert rules: ${(await prom!.rules()).map((r) => `${r.name}=${r.state}`).join(', ')}`);
      const note = `3 instances (${targets.join(', ')}), house bots at ${tables.length} tables, Prometheus 5 s scrapes; ${what}`;
      return dashboardHtml(dashboard, data, [start, end], note);
    };
    const files = await screenshots(prom, [
      { file: 'ops-dashboard.png', html: await draw('a healthy room') },
      { file: 'ops-prometheus-alerts.png', path: '/classic/alerts' },
      { file: 'ops-prometheus-targets.png', path: '/classic/targets' },
    ]);
    if (OUTAGE) {
      // kill -9 of an instance: its tables move to the others after the lease's 10 s, and
      // InstanceDown fires after its minute without a scrape.
      // The instance owning most of the bots' tables: hands in play there are voided by the taker.
      const owned = await Promise.all(
        servers.map(async (s) => ((await (await fetch(`${s.base}/healthz`)).json()) as { tables: number[] }).tables.filter((t) => tables.includes(t)).length),
      );
      const victim = owned.indexOf(Math.max(...owned));
      log(`kill -9 of ${targets[victim]} (${owned[victim]} of the bots' tables)`);
      await kill(servers[victim]);
      const killedAt = new Date().toISOString().slice(11, 19);
      await until(
        'InstanceDown to fire',
        async () => (await prom!.alerts()).some((a) => a.labels.alertname === 'InstanceDown' && a.state === 'firing'),
        180_000,
        1000,
      );
      log('InstanceDown firing');
      await sleep(SCRAPE_SECONDS * 2000);
      files.push(
        ...(await screenshots(prom, [
          { file: 'ops-dashboard-kill.png', html: await draw(`${targets[victim]} killed (kill -9) at ${killedAt}`) },
          { file: 'ops-prometheus-alerts-kill.png', path: '/classic/alerts', openFiring: true },
        ])),
      );
    }
    for (const f of files) console.log(`${path.relative(ROOT, f)}: ${Math.round(statSync(f).size / 1024)} KB`);
  } finally {
    stopTraffic();
    for (const ws of sockets) ws.terminate();
    await prom?.stop();
    killAll();
    await sleep(500);
    await adminQuery(PG_ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
}

await main();
