import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

// One project per layer. Every server suite runs on real PostgreSQL; on embedded PGlite (the
// default database of `npm start`) run the suites where the database itself makes a difference:
// value types, the ledger's atomic statements and racing money, batched writes, the live tables,
// crash and restart from the data folder, readiness (PGLITE_SUITES). The others send the same SQL
// through the same code; with them on PGlite too the statement coverage of src/ grows by 2 of
// 8,706, both timing-dependent (README, Tests). TEST_PGLITE=full runs every suite on PGlite.
// Each server project migrates one template database per run (tests/global-setup-server.ts) and
// every test file gets its own copy, so the files run in parallel. The heaviest suites (crash,
// secrecy) run in full on PostgreSQL and as a short smoke on PGlite (they scale by TEST_DB).
const PGLITE_SUITES = [
  'schema',
  'ledger',
  'wallet',
  'group-commit',
  'crash',
  'secrecy',
  'tables-actor',
  'tournament-restart',
  'tournament-crash',
  'fast-fold-crash',
  'socket',
  'jackpot',
  'dependencies',
  'cluster',
  // QPay deposits credit racing callbacks, checks and staff reviews: npm start runs them on PGlite.
  'qpay-deposits',
];
// A suite renamed or removed must not drop out of the PGlite run unnoticed.
const missing = PGLITE_SUITES.filter((f) => !existsSync(new URL(`tests/server/${f}.test.ts`, import.meta.url)));
if (missing.length > 0) throw new Error(`vitest.config.ts PGLITE_SUITES: no tests/server/${missing.join('.test.ts, ')}.test.ts`);
const serverProject = (name: string, db: string) => ({
  test: {
    name,
    include: db === 'pglite' && process.env.TEST_PGLITE !== 'full' ? PGLITE_SUITES.map((f) => `tests/server/${f}.test.ts`) : ['tests/server/**/*.test.ts'],
    exclude: ['tests/server/unit/**'],
    environment: 'node',
    isolate: false,
    env: { TEST_DB: db },
    globalSetup: ['tests/global-setup-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

// isolate: false (the apps and the server): a worker imports the modules once for all its files
// rather than once per file (React, MUI and react-admin, or the whole server): the jsdom projects
// take a third less CPU. Each file still starts from its own setup files and its own database.
// The engine's files stay isolated: eval-fast7 checks what a first call in a fresh module does.
export default defineConfig({
  test: {
    // Two workers on the 2-core machine: the server files wait on PostgreSQL, sockets and timers
    // as much as they compute.
    maxWorkers: 3,
    projects: [
      { test: { name: 'poker', include: ['tests/poker/**/*.test.ts', 'tests/conformance/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      { test: { name: 'shared', include: ['tests/shared/**/*.test.ts', 'tests/arch/**/*.test.ts'], environment: 'node' } },
      // Pure server logic (bots, views, timers) needs no database: run once.
      { test: { name: 'server-unit', include: ['tests/server/unit/**/*.test.ts'], environment: 'node' } },
      serverProject('server-pglite', 'pglite'),
      serverProject('server-pg', 'pg'),
      { test: { name: 'player', isolate: false, include: ['tests/player/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/setup-dom.ts'] } },
      { test: { name: 'admin', isolate: false, include: ['tests/admin/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/setup-dom.ts'] } },
      // The browser files share one build, one server and one Chromium (tests/global-setup-e2e.ts),
      // in the same pool as the rest: each works with users and tables of its own.
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/e2e/a11y-*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/global-setup-e2e.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A page's first render on a loaded 2-core machine can take seconds: a poll waits for what
          // the page will show (15 s), not the default 1 s, which failed the slower back-office pages.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      // The accessibility sweeps (docs/accessibility.md): browser files too, with the same global
      // setup (a server and a Chromium of their own), but run AFTER the others, on their own
      // (scripts/test.sh runs `--project '!a11y'`, then `--project a11y`): beside the whole suite
      // on 2 cores their flows missed their waits.
      {
        test: {
          name: 'a11y',
          include: ['tests/e2e/a11y-*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/global-setup-e2e.ts'],
          testTimeout: 480_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
