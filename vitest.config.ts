import { defineConfig } from 'vitest/config';

// One project per layer; the server suites run twice: embedded PGlite and real PostgreSQL.
const serverProject = (name: string, db: string) => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    exclude: ['tests/server/unit/**'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'poker', include: ['tests/poker/**/*.test.ts', 'tests/conformance/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      { test: { name: 'shared', include: ['tests/shared/**/*.test.ts', 'tests/arch/**/*.test.ts'], environment: 'node' } },
      // Pure server logic (bots, views, timers) needs no database: run once.
      { test: { name: 'server-unit', include: ['tests/server/unit/**/*.test.ts'], environment: 'node' } },
      serverProject('server-pglite', 'pglite'),
      serverProject('server-pg', 'pg'),
      { test: { name: 'player', include: ['tests/player/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/setup-dom.ts'] } },
      { test: { name: 'admin', include: ['tests/admin/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/setup-dom.ts'] } },
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 180_000, fileParallelism: false } },
    ],
  },
});
