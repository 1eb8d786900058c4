// The server as a child process (crash and cluster tests): started on a free port with fast bots,
// killed with SIGKILL, stopped with SIGTERM, paused with SIGSTOP; plus small waiting helpers.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../support/ports';

export { freePort };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const randomInt = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

export async function until<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface Server {
  child: ChildProcess;
  base: string;
  ws: string;
  output: string[];
  /** Everything the process wrote (stdout and stderr), when asked for with `keepAll`. */
  all: string[];
  exited: Promise<number | null>;
}

const live = new Set<ChildProcess>();

/** Starts `src/server/server.ts` with `env` (fast bots, no pause between hands) and waits until it answers. */
export async function startServer(env: Record<string, string>, opts: { keepAll?: boolean } = {}): Promise<Server> {
  // A port can still be taken between the probe and the child's listen (another suite's explicit
  // port); the child then exits at once with EADDRINUSE and another port is drawn.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), env, opts);
    } catch (e) {
      if (attempt >= 3 || !String(e).includes('EADDRINUSE')) throw e;
    }
  }
}

async function startOn(port: number, env: Record<string, string>, opts: { keepAll?: boolean }): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      BOTS_FAST: '1',
      BETWEEN_HANDS_MS: '0',
      BOT_ITERATIONS: '20',
      NODE_ENV: 'test',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const all: string[] = [];
  const keep = (d: Buffer) => {
    if (opts.keepAll) all.push(String(d));
    output.push(String(d));
    if (output.length > 50) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let dead = false;
  void exited.then(() => {
    dead = true;
    live.delete(child);
  });
  const base = `http://127.0.0.1:${port}`;
  live.add(child);
  await until(
    'the server to listen',
    async () => {
      if (dead) throw new Error(`server exited during start:\n${output.join('')}`);
      try {
        return (await fetch(`${base}/api/v1/user/maintenance`)).ok;
      } catch {
        return false;
      }
    },
    240_000,
    200,
  );
  return { child, base, ws: `ws://127.0.0.1:${port}/api/v1/socket`, output, all, exited };
}

export async function kill(s: Server): Promise<void> {
  s.child.kill('SIGKILL');
  await s.exited;
}

/** Every child still running (afterAll). */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
}

export async function api(s: Server, method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${s.base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
