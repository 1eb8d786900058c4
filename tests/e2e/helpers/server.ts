// Starts the real server (buildApp from src/server) on embedded PGlite in a temporary DATA_DIR,
// on a random port, serving the built apps from dist/. The e2e project starts ONE such server for
// all its files (tests/global-setup-e2e.ts); each file takes it with sharedServer() and works with
// its own users and tables.
import { execSync } from 'node:child_process';
import type { Agent } from 'node:https';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../support/ports';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import type { CreateTableBody } from '../../../src/shared/api/admin';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const ADMIN = { username: 'e2eadmin', password: 'AdminPass123' };

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** `npm test` builds before the e2e project; when run alone, build once here. */
export function ensureBuilt(): void {
  // The admin page is a second Vite input; a dist/ built before admin.html existed lacks it.
  if (existsSync(join(ROOT, 'dist', 'index.html')) && existsSync(join(ROOT, 'dist', 'admin.html'))) return;
  execSync('npx vite build --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
}

export interface StartOptions {
  /** The live tables' options (betweenHands, fastBots...), passed to buildApp as they are. */
  live?: Record<string, unknown>;
  /** Per-address limits of sign-in, registration and reset (the server's defaults otherwise). */
  rateLimits?: Record<string, { max: number; timeWindow: number }>;
  /** QPay deposits against a QPay simulator of the server's own (src/qpay-sim), callbacks included. */
  qpay?: boolean;
  /** Web push's keys and the agent that reaches a test push service (tests/e2e/push.test.ts). */
  /** PostgreSQL instead of a fresh PGlite (starts in seconds: a file with a server of its own). */
  databaseUrl?: string;
  push?: { vapid: { publicKey: string; privateKey: string; subject: string }; agent: Agent };
}

/**
 * The options of the one server the e2e files share: hands 1 s apart, bots at human pace (the
 * back office watches a hand in progress: bots acting at once finish a hand before the page can
 * show it), and sign-in / registration limits high enough for every file's users from one address
 * (the limits have their own server tests).
 */
export const SHARED_SERVER_OPTIONS: StartOptions = {
  live: { betweenHands: 1000 },
  rateLimits: {
    login: { max: 10_000, timeWindow: 60_000 },
    register: { max: 10_000, timeWindow: 60_000 },
    forgot: { max: 10_000, timeWindow: 60_000 },
  },
  qpay: true,
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the server the e2e files share (tests/global-setup-e2e.ts). */
    e2eUrl?: string;
    /** playwright's endpoint of the Chromium the e2e files share. */
    browserWs?: string;
  }
}

function provided(key: 'e2eUrl' | 'browserWs'): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}
export const providedBrowser = () => provided('browserWs');

/**
 * The server the e2e project's global setup started (closing it is the setup's business), or,
 * when a file runs without that setup, a server of its own with the same options.
 */
export async function sharedServer(): Promise<RunningServer> {
  const url = provided('e2eUrl');
  if (url) return { url, close: async () => {} };
  return startServer(SHARED_SERVER_OPTIONS);
}

/** A QPay simulator and the room's QPay options pointing at it, the callbacks at `port`. */
async function qpayFor(port: number) {
  const { startQPaySim, DEFAULT_CREDENTIALS } = await import('../../../src/qpay-sim');
  const sim = await startQPaySim();
  const { username, password, invoiceCode } = DEFAULT_CREDENTIALS;
  return {
    sim,
    options: {
      client: { baseUrl: sim.url, username, password, invoiceCode },
      callbackUrl: `http://127.0.0.1:${port}/api/v1/qpay/callback`,
      callbackSecret: 'e2e-qpay-callback-secret-e2e-qpay',
    },
  };
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  ensureBuilt();
  // In memory where the machine has it, as the server suites' copies (a slow disk slows PGlite's writes).
  const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'poker-e2e-'));
  process.env.DATA_DIR = dataDir;
  process.env.ADMIN_USERNAME = ADMIN.username;
  process.env.ADMIN_PASSWORD = ADMIN.password;
  const { buildApp } = await import('../../../src/server/app');
  const { openDatabase } = await import('../../../src/server/db/client');
  // Opened here rather than inside the app: a cold PGlite start can outlast Fastify's plugin timeout.
  const handle = await openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir });
  const port = options.qpay ? await freePort() : 0;
  const qpay = options.qpay ? await qpayFor(port) : undefined;
  const app = await buildApp({
    db: handle,
    jwtSecret: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
    staticDir: join(ROOT, 'dist'),
    admin: ADMIN,
    logger: false,
    publicUrl: 'http://127.0.0.1',
    // cheap password hashing for tests (the option exists for this)
    scrypt: { N: 1024, r: 8, p: 1 },
    ...(options.live ? { live: options.live } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(qpay ? { qpay: qpay.options } : {}),
    ...(options.push ? { vapid: options.push.vapid, pushAgent: options.push.agent, pushHosts: ['127.0.0.1'] } : {}),
  });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: async () => {
      await app.close();
      await qpay?.sim.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls the API from the test (as the admin, for instance). */
export async function api<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The administrator's token (one sign-in per server and file). */
const adminTokens = new Map<string, Promise<string>>();
export function adminToken(base: string): Promise<string> {
  let token = adminTokens.get(base);
  if (!token) {
    token = api<{ accessToken: string }>(base, 'POST', '/api/v1/user/login', ADMIN).then((r) => r.accessToken);
    token.catch(() => adminTokens.delete(base));
    adminTokens.set(base, token);
  }
  return token;
}

export const PLAYER_PASSWORD = 'Secret1234';

/** A new player through the API, as the register form sends it. */
export async function registerPlayer(
  base: string,
  username: string,
  password = PLAYER_PASSWORD,
): Promise<{ token: string; userId: number; depositCode: string }> {
  const r = await api<{ accessToken: string; user: { userId: number; depositCode: string } }>(base, 'POST', '/api/v1/user/register', {
    email: `${username}@example.mn`,
    username,
    password,
    confirmPassword: password,
    adult: true,
    bank: 'KHAN',
    accountNumber: '5012345678',
  });
  return { token: r.accessToken, userId: r.user.userId, depositCode: r.user.depositCode };
}

/**
 * A 500/1,000 hold'em table created by the administrator, six seats, with the room's default rake
 * and clock (`over` changes what a file needs); returns its row.
 */
export function createTable<T = { tableId: number; name: string }>(base: string, token: string, name: string, over: Partial<CreateTableBody> = {}): Promise<T> {
  const body: CreateTableBody = { name, variant: 'NT', smallBlind: 500, bigBlind: 1000, minBuyIn: 20_000, maxBuyIn: 100_000, maxPlayers: 6, ...over };
  return api<T>(base, 'POST', '/api/v1/admin/table', body, token);
}
