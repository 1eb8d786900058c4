// Render cost of one table event on a 9-seat table, with React's PRODUCTION build in jsdom.
//   npx tsx bench/table-render.bench.tsx
// No JSX here on purpose (see run()). The page is loaded through Vite's SSR module loader (so `import.meta.glob`, JSX and the app's
// aliases work as in the build) while react, react-dom and MUI come from node_modules as they are,
// with NODE_ENV=production set before anything loads them. Each event is applied with flushSync
// and timed from the socket frame to the committed DOM (store update, render, commit, jsdom
// mutations). The figure is printed, not asserted.
import type { ViteDevServer } from 'vite';

declare global {
  var __tableBenchInner: boolean | undefined;
}

const EVENTS = 31;
const ROUNDS = 8;

async function outer(): Promise<void> {
  process.env.NODE_ENV = 'production';
  const jsdomModule = 'jsdom'; // no bundled types for jsdom here: the little used is typed below
  const { JSDOM } = (await import(jsdomModule)) as { JSDOM: new (html: string, o: object) => { window: Window & typeof globalThis } };
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
  const w = dom.window as unknown as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(w)) {
    if (key in globalThis) continue;
    try {
      Object.defineProperty(globalThis, key, { configurable: true, get: () => w[key] });
    } catch {
      /* read-only */
    }
  }
  for (const [key, value] of [
    ['window', dom.window],
    ['document', dom.window.document],
    ['navigator', dom.window.navigator],
  ] as const) {
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value });
  }
  (dom.window as unknown as { matchMedia: unknown }).matchMedia = (q: string) => ({
    matches: false,
    media: q,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
  globalThis.__tableBenchInner = true;

  const { createServer } = await import('vite');
  const server: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const mod = (await server.ssrLoadModule('/bench/table-render.bench.tsx')) as { run: () => Promise<void> };
    await mod.run();
  } finally {
    await server.close();
  }
}

export async function run(): Promise<void> {
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { flushSync } = await import('react-dom');
  const { TablePage } = await import('../src/player/table/TablePage');
  const { RenderProbeContext } = await import('../src/player/table/hooks/useRenderProbe');
  const h = await import('../tests/player/table/helpers');

  const reactBuild = (React as unknown as { version: string }).version;
  const { createRequire } = await import('node:module');
  const cache = createRequire(import.meta.url).cache;
  const production = Object.keys(cache).some((k) => /react-dom[\\/]cjs[\\/]react-dom-client\.production/.test(k));

  const conn = new h.FakeConnection();
  let seatRenders = 0;
  const probe = (name: string) => {
    if (name === 'Seat') seatRenders++;
  };
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  // No JSX in this file: tsx would load react/jsx-runtime (development) before NODE_ENV is set.
  const ui = React.createElement(
    RenderProbeContext.Provider,
    { value: probe },
    React.createElement(h.Wrapper, null, React.createElement(TablePage, { tableId: h.TABLE_ID, connection: conn, account: null, onLobby: () => {} })),
  );
  flushSync(() => root.render(ui));
  const seats = Array.from({ length: 9 }, (_, i) => h.seat(i, { bet: 0 }));
  const deadline = Date.now() + 600_000;
  flushSync(() => conn.state(h.tableView({ maxPlayers: 9, seats, hand: h.hand({ toAct: 3, actionDeadline: deadline }) }), 1));

  let version = 1;
  let toAct = 3;
  const times: number[] = [];
  let renders = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < EVENTS; k++) {
      const actor = toAct;
      const next = (actor + 1) % 9;
      const changed = h.seat(actor, { bet: 200 + k + round, stack: 9_800 - k - round });
      const event =
        k === EVENTS - 1
          ? { kind: 'CONNECTION' as const, seat: 6, connected: round % 2 === 1 }
          : { kind: 'ACTED' as const, seat: actor, action: 'CALL' as const, amount: 200, allIn: false, timedOut: false };
      const patch =
        k === EVENTS - 1
          ? { seats: { 6: h.seat(6, { connected: round % 2 === 1 }) } }
          : { seats: { [actor]: changed }, hand: h.hand({ toAct: next, actionDeadline: deadline + k }) };
      seatRenders = 0;
      const t0 = performance.now();
      flushSync(() => conn.event(h.TABLE_ID, ++version, event, patch));
      const dt = performance.now() - t0;
      if (k !== EVENTS - 1) toAct = next;
      if (round > 0) {
        times.push(dt);
        renders += seatRenders;
      } // round 0 warms up the JIT
    }
  }
  if (!container.querySelector('[data-testid="table-felt"]') || renders === 0) throw new Error('the table did not render');
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  console.log(
    `[table render bench] React ${reactBuild} (${production ? 'production' : 'development'} build), jsdom, 9 seats, ${times.length} events after a warm-up round:`,
  );
  console.log(
    `  per event, socket frame to committed DOM: mean ${mean.toFixed(2)} ms, median ${pct(0.5).toFixed(2)} ms, p90 ${pct(0.9).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms; seat renders per event ${(renders / times.length).toFixed(2)}`,
  );
  root.unmount();
}

if (!globalThis.__tableBenchInner) {
  outer().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
