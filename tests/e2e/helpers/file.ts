// What every browser test file starts with: the server and the Chromium the e2e files share
// (or a server of the file's own), connected before its tests and let go after them.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser';
import { sharedServer, type RunningServer } from './server';

export interface E2eFile {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** Registers the file's hooks; the fields are set once its beforeAll has run. */
export function e2eFile(start: () => Promise<RunningServer> = sharedServer): E2eFile {
  const env = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    env.server = await start();
    env.browser = await launch();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
