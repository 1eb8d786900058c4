// Starts the real server (buildApp from src/server) on embedded PGlite in a temporary DATA_DIR,
// on a random port, serving the built apps from dist/.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const ADMIN = { username: 'e2eadmin', password: 'AdminPass123' };

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** `npm test` builds before the e2e project; when run alone, build once here. */
export function ensureBuilt(): void {
  if (existsSync(join(ROOT, 'dist', 'index.html'))) return;
  execSync('npx vite build --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
}

export interface StartOptions {
  /** The live tables' options (betweenHands, fastBots...), passed to buildApp as they are. */
  live?: Record<string, unknown>;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'poker-e2e-'));
  process.env.DATA_DIR = dataDir;
  process.env.ADMIN_USERNAME = ADMIN.username;
  process.env.ADMIN_PASSWORD = ADMIN.password;
  const { buildApp } = await import('../../../src/server/app');
  const { openDatabase } = await import('../../../src/server/db/client');
  // Opened here rather than inside the app: a cold PGlite start can outlast Fastify's plugin timeout.
  const handle = await openDatabase({ dataDir });
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
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
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

export async function adminToken(base: string): Promise<string> {
  const r = await api<{ accessToken: string }>(base, 'POST', '/api/v1/user/login', ADMIN);
  return r.accessToken;
}
