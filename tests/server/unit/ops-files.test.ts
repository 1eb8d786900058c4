// The alert rules and the dashboard in ops/: promtool checks the rules and runs their tests
// (synthetic series: a stopped settlement, a stopped PostgreSQL, lease flapping, lag, 5xx, sockets,
// a failed ledger check), and every metric they name is one the server exports.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../../../src/server/core/metrics';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PROMETHEUS = path.join(ROOT, 'ops/prometheus');
const promtool = (...args: string[]) => execFileSync('promtool', args, { cwd: PROMETHEUS, encoding: 'utf8', stdio: 'pipe' });

/** Names a PromQL text uses that look like ours or the process's. */
const metricNames = (text: string) => new Set([...text.matchAll(/\b((?:poker|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1]));

describe('ops/prometheus/alerts.yml', () => {
  // promtool evaluates every test series: seconds of CPU, more on a shared machine.
  it('is valid and passes its promtool tests', { timeout: 60_000 }, () => {
    expect(promtool('check', 'rules', 'alerts.yml')).toContain('SUCCESS');
    expect(promtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
  });
});

describe('ops/grafana/poker-room.json', () => {
  it("counts a table's owner changes with the query alerts.test.yml checks (a move between instances counts)", () => {
    const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'ops/grafana/poker-room.json'), 'utf8')) as {
      panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
    };
    const [target] = dashboard.panels.find((p) => p.title.startsWith('Table owner changes'))!.targets!;
    expect(readFileSync(path.join(PROMETHEUS, 'alerts.test.yml'), 'utf8')).toContain(`- expr: ${target.expr}\n`);
  });
});

describe('the rules and the dashboard name only metrics the server exports', () => {
  it('every poker_, nodejs_ and process_ metric they use is in a scrape', async () => {
    const exported = (await new Metrics().scrape()).body;
    const names = new Set(
      [...exported.matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, n, type]) => (type === 'histogram' ? [n, `${n}_bucket`, `${n}_sum`, `${n}_count`] : [n])),
    );
    const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'ops/grafana/poker-room.json'), 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const used = new Set([
      ...metricNames(readFileSync(path.join(PROMETHEUS, 'alerts.yml'), 'utf8')),
      ...dashboard.panels.flatMap((p) => (p.targets ?? []).flatMap((t) => [...metricNames(t.expr)])),
    ]);
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((n) => !names.has(n))).toEqual([]);
  });
});
