// A real Prometheus (Debian's `prometheus` package, found on the PATH like promtool in
// tests/server/unit/ops-files.test.ts) with a temporary config: scrapes the given /metrics and
// evaluates the given rule files. Used by tests/server/alerts-live.test.ts and `npm run ops:room`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/ports';

/** The prometheus binary's version line; throws a clear error when it is not installed. */
export function prometheusVersion(): string {
  try {
    return execFileSync('prometheus', ['--version'], { encoding: 'utf8', stdio: 'pipe' }).split('\n')[0];
  } catch (e) {
    throw new Error(`prometheus is not on the PATH (apt-get install prometheus; .ci/run installs it): ${String(e)}`, { cause: e });
  }
}

export interface PromAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: 'pending' | 'firing';
  activeAt: string;
  value: string;
}

export interface PromRule {
  name: string;
  query: string;
  state: 'inactive' | 'pending' | 'firing';
  type: string;
}

export interface PromSeries {
  metric: Record<string, string>;
  values: Array<[number, string]>;
}

export interface Prometheus {
  url: string;
  child: ChildProcess;
  output: string[];
  /** Alerts pending or firing (GET /api/v1/alerts). */
  alerts(): Promise<PromAlert[]>;
  /** Every alerting rule with its state (GET /api/v1/rules). */
  rules(): Promise<PromRule[]>;
  query(expr: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
  queryRange(expr: string, start: number, end: number, step: number): Promise<PromSeries[]>;
  stop(): Promise<void>;
}

export interface PrometheusOptions {
  /** host:port of each instance's /metrics. */
  targets: string[];
  /** Absolute paths of rule files. */
  ruleFiles: string[];
  /** Seconds between scrapes and between rule evaluations. */
  intervalSeconds: number;
  /** Extra rule files' text, written beside the config (name -> YAML). */
  extraRules?: Record<string, string>;
  bearerToken?: string;
}

async function api<T>(url: string): Promise<T> {
  const res = await fetch(url);
  const body = (await res.json()) as { status: string; data: T; error?: string };
  if (body.status !== 'success') throw new Error(`${url}: ${body.error ?? res.status}`);
  return body.data;
}

/** Starts Prometheus on a free port and waits until it is ready. */
export async function startPrometheus(opts: PrometheusOptions): Promise<Prometheus> {
  prometheusVersion();
  const dir = mkdtempSync(path.join(tmpdir(), 'poker-prometheus-'));
  const extra = Object.entries(opts.extraRules ?? {}).map(([name, text]) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  });
  const every = `${opts.intervalSeconds}s`;
  const config = {
    global: { scrape_interval: every, evaluation_interval: every, scrape_timeout: every },
    rule_files: [...opts.ruleFiles, ...extra],
    scrape_configs: [
      {
        job_name: 'poker',
        metrics_path: '/metrics',
        ...(opts.bearerToken ? { authorization: { type: 'Bearer', credentials: opts.bearerToken } } : {}),
        static_configs: [{ targets: opts.targets }],
      },
    ],
  };
  // JSON is YAML: no YAML writer needed.
  writeFileSync(path.join(dir, 'prometheus.yml'), JSON.stringify(config, null, 2));
  const port = await freePort();
  const child = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--web.enable-lifecycle',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  const keep = (d: Buffer) => {
    output.push(String(d));
    if (output.length > 100) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited at start:\n${output.join('')}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > end) throw new Error(`prometheus did not become ready:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output,
    alerts: async () => (await api<{ alerts: PromAlert[] }>(`${url}/api/v1/alerts`)).alerts,
    rules: async () => (await api<{ groups: Array<{ rules: PromRule[] }> }>(`${url}/api/v1/rules?type=alert`)).groups.flatMap((g) => g.rules),
    query: async (expr) =>
      (await api<{ result: Array<{ metric: Record<string, string>; value: [number, string] }> }>(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`))
        .result,
    queryRange: async (expr, start, endAt, step) =>
      (await api<{ result: PromSeries[] }>(`${url}/api/v1/query_range?query=${encodeURIComponent(expr)}&start=${start}&end=${endAt}&step=${step}`)).result,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of one rule of `rulesText` (alerts.yml) with its durations rewritten (`[5m]` -> `[20s]`,
 * `for: 2m` -> `for: 5s`) and its name suffixed: the expression's text is otherwise the same.
 * For alerts whose windows are minutes long, evaluated on real series in a test of seconds.
 */
export function shortenedRule(rulesText: string, alert: string, durations: Record<string, string>, suffix = '_short'): { text: string; expr: string } {
  const start = rulesText.indexOf(`- alert: ${alert}\n`);
  if (start < 0) throw new Error(`no rule ${alert}`);
  const next = rulesText.indexOf('- alert: ', start + 1);
  let block = rulesText.slice(start, next < 0 ? undefined : next).trimEnd();
  const indent = rulesText.slice(rulesText.lastIndexOf('\n', start) + 1, start);
  block = block.replace(`- alert: ${alert}`, `- alert: ${alert}${suffix}`);
  block = block.replace(/\[(\d+[smh])\]/g, (m, d: string) => (durations[d] ? `[${durations[d]}]` : m));
  block = block.replace(/\bfor: (\S+)/, (m, d: string) => (durations[d] ? `for: ${durations[d]}` : m));
  const expr = /expr: (.+)/.exec(block)![1];
  return { text: `groups:\n  - name: ${alert}${suffix}\n    rules:\n${indent}${block}\n`, expr };
}
