// Where the back office's first load spends the main thread on a phone (issue 32): Chromium at
// Lighthouse's 4x CPU slow-down, a 412x823 window, signed in as the administrator, loads a page
// (argv[2], /admin by default) with V8's sampling profiler on, and prints the self time per module
// of the bundle (through its source maps: build with `npx vite build --sourcemap` first) and per
// function, and the long tasks. `npx tsx bench/admin-profile.ts /admin/withdraw`. The player's
// pages too (the administrator is a player as well), with PROFILE_READY, the selector of what the
// page waits for: `PROFILE_READY='[data-testid="seat-0"]' npx tsx bench/admin-profile.ts /table/1`.
import { existsSync, readFileSync } from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_OPTIONS } from '../tests/e2e/helpers/browser';
import { ROOT, adminToken, startServer } from '../tests/e2e/helpers/server';

interface Node {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The source file (a package's name for node_modules) of a bundle position, from its source map. */
type Where = { file: string; line: number };
function mapper(file: string): (line: number, column: number) => Where {
  if (!existsSync(`${file}.map`)) return () => ({ file, line: 0 });
  const map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
  return (line, column) => {
    const o = originalPositionFor(map, { line: line + 1, column });
    if (!o.source) return { file: '(unmapped)', line: 0 };
    const nm = /node_modules\/((@[^/]+\/)?[^/]+)\/(.*)$/.exec(o.source);
    return { file: nm ? `${nm[1]}/${nm[3]}` : o.source.replace(/^(\.\.\/)+/, ''), line: o.line ?? 0 };
  };
}

async function main(): Promise<void> {
  const path = process.argv[2] ?? '/admin';
  const server = await startServer();
  const token = await adminToken(server.url);
  const browser = await chromium.launch(CHROMIUM_OPTIONS);
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/robots.txt`);
    await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
    await page.addInitScript(() => {
      const w = window as unknown as { __long: number[][] };
      w.__long = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__long.push([Math.round(e.startTime), Math.round(e.duration)]))).observe({
        type: 'longtask',
        buffered: true,
      });
    });
    // React's devtools hook: per commit, its priority, how many components rendered and the
    // shallowest of them (where the update started; minified names, read them in the source map).
    // (A string: tsx would wrap named functions in a helper the page does not have.)
    await page.addInitScript(`
      window.__commits = [];
      const name = (f) => typeof f.type === 'function' ? f.type.displayName || f.type.name : typeof f.type === 'object' && f.type ? 'obj' : String(f.type);
      window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE: () => {},
        onScheduleFiberRoot: () => {}, onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {},
        onCommitFiberRoot: (id, root, priority) => {
          let count = 0;
          const tops = [];
          const walk = (f, depth, under) => {
            for (let x = f; x; x = x.sibling) {
              const did = typeof x.type === 'function' && (x.flags & 1) === 1;
              if (did) count++;
              if (did && !under && tops.length < 6) tops.push(name(x) + '@' + depth + (x.alternate ? '' : '(new)'));
              walk(x.child, depth + 1, under || did);
            }
          };
          walk(root.current.child, 0, false);
          window.__commits.push(Math.round(performance.now()) + ' ms prio ' + priority + ': ' + count + ' rendered; from ' + tops.join(', '));
        },
      };
    `);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${path}`);
    await page.waitForSelector(process.env.PROFILE_READY ?? '.RaList-main, .RaSimpleList-root, table', { timeout: 60_000 });
    await page.waitForTimeout(3000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } };
    const long = await page.evaluate(() => (window as unknown as { __long: number[][] }).__long);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((r) => {
          new PerformanceObserver((l) => r(l.getEntries().at(-1)?.startTime ?? 0)).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => r(0), 500);
        }),
    );
    const blocking = long.filter(([start]) => start >= fcp).reduce((a, [, d]) => a + Math.max(0, d - 50), 0);
    console.log(`FCP ${Math.round(fcp)} ms, LCP ${Math.round(lcp)} ms, blocking after FCP ${blocking} ms (real 4x slow-down, not Lighthouse's simulation)`);
    console.log('long tasks (start ms, duration ms at 4x):', JSON.stringify(long));
    console.log(`commits:\n  ${(await page.evaluate(() => (window as unknown as { __commits: string[] }).__commits)).join('\n  ')}`);

    const assets = join(ROOT, 'dist', 'assets');
    const mappers = new Map<string, (line: number, column: number) => Where>();
    const moduleOf = (url: string, line: number, column: number): Where => {
      const m = /\/assets\/([^?]+\.js)/.exec(url);
      if (!m) return { file: url ? url.replace(server.url, '') : '(native)', line };
      if (!mappers.has(m[1])) mappers.set(m[1], mapper(join(assets, m[1])));
      return mappers.get(m[1])!(line, column);
    };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const perModule = new Map<string, number>();
    const perFn = new Map<string, number>();
    const perPackage = new Map<string, number>();
    let total = 0;
    for (const [id, ms] of self) {
      const n = byId.get(id)!;
      const f = n.callFrame;
      if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
      total += ms;
      const at = moduleOf(f.url, f.lineNumber, f.columnNumber);
      perModule.set(at.file, (perModule.get(at.file) ?? 0) + ms);
      const pkg = /^((@[^/]+\/)?[^/]+)\//.exec(at.file);
      const group = at.file.startsWith('src/') ? at.file.split('/').slice(0, 3).join('/') : (pkg?.[1] ?? at.file);
      perPackage.set(group, (perPackage.get(group) ?? 0) + ms);
      const fn = `${f.functionName || '(anonymous)'} ${at.file}:${at.line}`;
      perFn.set(fn, (perFn.get(fn) ?? 0) + ms);
    }
    // Bursts: runs of non-idle samples (gaps under 3 ms), each with its top functions.
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    /** The outermost frames of a sample's stack: what the task was (a timer, a message, a fetch's answer). */
    const entry = (id: number): string => {
      const chain: string[] = [];
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
        const f = byId.get(node)!.callFrame;
        if (f.functionName === '(root)') continue;
        const at = moduleOf(f.url, f.lineNumber, f.columnNumber);
        chain.unshift(`${f.functionName || '(anonymous)'}@${at.file.split('/').pop()}:${at.line}`);
      }
      return chain.slice(0, 5).join(' > ');
    };
    const bursts: Array<{ from: number; to: number; fns: Map<string, number>; entries: Map<string, number>; files: Map<string, number> }> = [];
    let t = 0;
    profile.samples.forEach((id, i) => {
      t += (profile.timeDeltas[i] ?? 0) / 1000;
      const f = byId.get(id)!.callFrame;
      if (f.functionName === '(idle)') return;
      let b = bursts.at(-1);
      if (!b || t - b.to > 10) bursts.push((b = { from: t, to: t, fns: new Map(), entries: new Map(), files: new Map() }));
      b.to = t;
      const e = entry(id);
      b.entries.set(e, (b.entries.get(e) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      const at = moduleOf(f.url, f.lineNumber, f.columnNumber);
      const key = `${f.functionName || '(anonymous)'} ${at.file}:${at.line}`;
      const pkg = /^((@[^/]+\/)?[^/]+)\//.exec(at.file);
      const file = at.file.startsWith('src/') ? at.file : `${pkg?.[1] ?? at.file}`;
      b.files.set(file, (b.files.get(file) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      b.fns.set(key, (b.fns.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
    });
    for (const b of bursts.filter((x) => x.to - x.from > 50)) {
      const fns = [...b.fns.entries()].sort((x, y) => y[1] - x[1]).slice(0, 16);
      const entries = [...b.entries.entries()].sort((x, y) => y[1] - x[1]).slice(0, 5);
      const files = [...b.files.entries()].sort((x, y) => y[1] - x[1]).slice(0, 14);
      console.log(`\nburst at ${b.from.toFixed(0)} ms by package: ${files.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
      console.log(
        `\nburst at ${b.from.toFixed(0)} ms, ${(b.to - b.from).toFixed(0)} ms; entered from:\n${entries.map(([k, v]) => `  ${v.toFixed(0).padStart(5)} ms  ${k}`).join('\n')}\nself time:\n${fns.map(([k, v]) => `  ${v.toFixed(0).padStart(5)} ms  ${k}`).join('\n')}`,
      );
    }
    // Where the commits (react-dom's completeRoot) and the sync renders (performSyncWorkOnRoot) spend.
    for (const phase of ['completeRoot', 'performSyncWorkOnRoot', 'renderRootSync']) {
      const lines = readFileSync(join(ROOT, 'node_modules/react-dom/cjs/react-dom-client.production.js'), 'utf8').split('\n');
      const line = lines.findIndex((l) => l.startsWith(`function ${phase}(`)) + 1;
      const inPhase = (id: number) => {
        for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
          const f = byId.get(node)!.callFrame;
          const at = moduleOf(f.url, f.lineNumber, f.columnNumber);
          if (at.file.endsWith('react-dom-client.production.js') && at.line === line) return true;
        }
        return false;
      };
      const fns = new Map<string, number>();
      let sum = 0;
      profile.samples.forEach((id, i) => {
        if (!inPhase(id)) return;
        const f = byId.get(id)!.callFrame;
        const at = moduleOf(f.url, f.lineNumber, f.columnNumber);
        const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        sum += ms;
        const k = `${f.functionName || '(anonymous)'} ${at.file}:${at.line}`;
        fns.set(k, (fns.get(k) ?? 0) + ms);
      });
      console.log(`\n${phase} (line ${line}): ${sum.toFixed(0)} ms`);
      console.log(
        [...fns.entries()]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 25)
          .map(([k, v]) => `  ${v.toFixed(0).padStart(5)} ms  ${k}`)
          .join('\n'),
      );
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
        .join('\n');
    console.log(`\nself time (4x), total ${total.toFixed(0)} ms; per module:\n${top(perModule, 45)}`);
    console.log(`\nper package (src/ by folder):\n${top(perPackage, 30)}`);
    console.log(`\nper function:\n${top(perFn, 45)}`);
  } finally {
    await browser.close();
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
