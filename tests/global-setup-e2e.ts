// Global setup of the e2e project: ONE build check, ONE server (embedded PGlite, live tables on)
// and ONE Chromium for every e2e file. The files get the server's URL and the browser's endpoint
// through inject() (tests/e2e/helpers); each works with users, tables and browser contexts of its own.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_OPTIONS } from './e2e/helpers/browser';
import { SHARED_SERVER_OPTIONS, ensureBuilt, startServer } from './e2e/helpers/server';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  ensureBuilt();
  const [server, browser] = await Promise.all([startServer(SHARED_SERVER_OPTIONS), chromium.launchServer(CHROMIUM_OPTIONS)]);
  project.provide('e2eUrl', server.url);
  project.provide('browserWs', browser.wsEndpoint());
  if (process.env.TEST_TIMINGS) console.log(`[e2e] server ${server.url} and Chromium up in ${Date.now() - started} ms`);
  return async () => {
    await browser.close();
    await server.close();
  };
}
