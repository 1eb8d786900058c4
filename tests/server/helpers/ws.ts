// A test WebSocket client: keeps every frame, waits for the one a test expects.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../../src/shared/protocol';

export interface TestSocket {
  ws: WebSocket;
  frames: ServerMessage[];
  send(message: unknown): void;
  sendRaw(data: string | Buffer): void;
  /** Resolves with the first frame (from `from` on) that matches. */
  next<T extends ServerMessage = ServerMessage>(match: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<T>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function connect(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const frames: ServerMessage[] = [];
    const waiters: Array<{ match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void; seen: number }> = [];
    let closedResolve: (v: { code: number; reason: string }) => void = () => {};
    const closed = new Promise<{ code: number; reason: string }>((r) => (closedResolve = r));
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as ServerMessage;
      frames.push(m);
      for (const w of [...waiters])
        if (w.match(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
    });
    ws.on('close', (code, reason) => closedResolve({ code, reason: String(reason) }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', (e) => reject(e));
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        closed,
        send: (m) => ws.send(JSON.stringify(m)),
        sendRaw: (d) => ws.send(d),
        next: <T extends ServerMessage>(match: (m: ServerMessage) => boolean, timeoutMs = 10_000) =>
          new Promise<T>((res, rej) => {
            const found = frames.find(match);
            if (found) {
              frames.splice(frames.indexOf(found), 1);
              return res(found as T);
            }
            const t = setTimeout(
              () => rej(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5)).slice(0, 600)}`)),
              timeoutMs,
            );
            waiters.push({
              match,
              seen: frames.length,
              resolve: (m) => {
                clearTimeout(t);
                frames.splice(frames.indexOf(m), 1);
                res(m as T);
              },
            });
          }),
        close: () => ws.close(),
      }),
    );
  });
}

/** The socket endpoint of an app listening on a port. */
export const socketUrl = (app: FastifyInstance) => `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/socket`;

/** Signs a socket in (AUTH) and waits for the acknowledgement. */
export async function signIn(s: TestSocket, user: { token: string }): Promise<void> {
  s.send({ type: 'AUTH', token: user.token, requestId: 'auth' });
  await s.next((m) => m.type === 'ACK' && m.requestId === 'auth');
}

export interface Sockets {
  /** The socket endpoint of the harness's app, once it listens. */
  url: string;
  /** The sockets opened through `connect` and `signedIn`, closed after the file's tests. */
  open: TestSocket[];
  /** A new socket to `at` (the harness's app by default), closed after the file's tests. */
  connect(headers?: Record<string, string>, at?: string): Promise<TestSocket>;
  /** The same, signed in as `user`. */
  signedIn(user: { token: string }, at?: string): Promise<TestSocket>;
}

/**
 * Makes the harness's app (tests/server/helpers/app.ts) listen on a free port before the file's
 * tests, and closes every socket opened through the answer after them.
 */
export function listenForSockets(ctx: { app: FastifyInstance }): Sockets {
  const sockets: Sockets = {
    url: '',
    open: [],
    async connect(headers = {}, at = sockets.url) {
      const s = await connect(at, headers);
      sockets.open.push(s);
      return s;
    },
    async signedIn(user, at = sockets.url) {
      const s = await sockets.connect({}, at);
      await signIn(s, user);
      return s;
    },
  };
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    sockets.url = socketUrl(ctx.app);
  });
  afterAll(() => {
    for (const s of sockets.open) s.close();
  });
  return sockets;
}
