// The back office's main-thread CPU on first load, this build against another (issue 32): Lighthouse's
// mobile score is wall time and moves with whatever else runs on the machine, so this compares CPU.
// `npx tsx bench/admin-cpu.ts <other dist/>`: one real server (API, and this checkout's dist/), a
// small proxy serving the other build's files with the same API; Chromium (phone viewport) loads
// /admin and /admin/withdraw signed in as the administrator, alternating the two builds, BENCH_RUNS
// times (5), tracing the page's main thread. Per load: the CPU time of its tasks (thread time, so
// other processes do not count), the longest task, and the blocking time a phone 4x slower would
// have (Lighthouse's mobile CPU slow-down: the sum over tasks of 4 x CPU - 50 ms when positive).
// Prints the medians and the ratio of this build to the other.
import { createReadStream, existsSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_OPTIONS } from '../tests/e2e/helpers/browser';
import { adminToken, startServer } from '../tests/e2e/helpers/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = ['/admin', '/admin/withdraw'];
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The other build's files, the API from the real server. */
function proxy(dist: string, api: URL): Promise<string> {
  const server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (path.startsWith('/api/')) {
      const up = request({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode!, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
      return;
    }
    let file = join(dist, path);
    if (!path.startsWith('/assets/') || !existsSync(file)) file = join(dist, path.startsWith('/admin') ? 'admin.html' : 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

interface Load {
  cpu: number;
  longest: number;
  blocking4x: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

async function load(browser: Browser, url: string, token: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, locale: 'en-US' });
  await context.addInitScript((t) => localStorage.setItem('accessToken', t), token);
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'devtools.timeline', 'toplevel'] });
  await page.goto(url);
  // The list drawn (a phone shows react-admin's SimpleList), then quiet.
  await page.waitForFunction(
    () => {
      const main = document.querySelector('#main-content');
      return !!main && !main.querySelector('[role="progressbar"]') && (main.textContent ?? '').length > 20;
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await context.close();
  const events = trace.traceEvents;
  const main = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.includes(`${e.pid}:${e.tid}`) && e.tdur !== undefined);
  // Only the renderer that ran the page (the one with the most work).
  const byThread = new Map<string, number>();
  for (const t of tasks) byThread.set(`${t.pid}:${t.tid}`, (byThread.get(`${t.pid}:${t.tid}`) ?? 0) + t.tdur!);
  const top = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mine = tasks.filter((t) => `${t.pid}:${t.tid}` === top).map((t) => t.tdur! / 1000);
  if (process.env.BENCH_TASKS) {
    // The longest tasks and what ran inside them (events on the same thread within each task).
    const xs = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === top && e.name !== 'RunTask') as Array<TraceEvent & { ts: number }>;
    const longest = tasks
      .filter((t) => `${t.pid}:${t.tid}` === top)
      .sort((a, b) => b.tdur! - a.tdur!)
      .slice(0, 5) as Array<TraceEvent & { ts: number }>;
    for (const t of longest) {
      const inside = xs.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur!);
      const by = new Map<string, number>();
      for (const e of inside) by.set(e.name, Math.max(by.get(e.name) ?? 0, (e.tdur ?? e.dur ?? 0) / 1000));
      const detail = inside.find((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'TimerFire' || e.name === 'EventDispatch') as
        (TraceEvent & { args?: { data?: { url?: string; functionName?: string; type?: string } } }) | undefined;
      console.log(
        `  task ${(t.tdur! / 1000).toFixed(0)} ms: ${[...by]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([k, v]) => `${k} ${v.toFixed(0)}`)
          .join(', ')}  ${JSON.stringify(detail?.args?.data ?? {}).slice(0, 120)}`,
      );
    }
  }
  return { cpu: mine.reduce((a, b) => a + b, 0), longest: Math.max(0, ...mine), blocking4x: mine.reduce((a, ms) => a + Math.max(0, 4 * ms - 50), 0) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const other = resolve(process.argv[2] ?? '');
  if (!existsSync(join(other, 'admin.html'))) throw new Error(`usage: tsx bench/admin-cpu.ts <other dist/> (no admin.html in ${other})`);
  const server = await startServer();
  try {
    const token = await adminToken(server.url);
    const otherUrl = await proxy(other, new URL(server.url));
    const browser = await chromium.launch(CHROMIUM_OPTIONS);
    const runs: Record<string, Record<'this' | 'other', Load[]>> = {};
    for (const p of PAGES) {
      runs[p] = { this: [], other: [] };
      for (let i = 0; i < RUNS; i++) {
        runs[p].other.push(await load(browser, `${otherUrl}${p}`, token));
        runs[p].this.push(await load(browser, `${server.url}${p}`, token));
      }
    }
    await browser.close();
    const f = (n: number) => `${n.toFixed(0)} ms`;
    console.log(`Main-thread CPU of a first load, median of ${RUNS} (this build / the other, ${other}):`);
    for (const p of PAGES) {
      const m = (k: 'this' | 'other', x: keyof Load) => median(runs[p][k].map((r) => r[x]));
      for (const x of ['cpu', 'longest', 'blocking4x'] as const)
        console.log(
          `  ${p.padEnd(16)} ${x.padEnd(11)} ${f(m('this', x)).padStart(8)} / ${f(m('other', x)).padStart(8)}  = ${(m('this', x) / m('other', x)).toFixed(2)}x`,
        );
    }
  } finally {
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
