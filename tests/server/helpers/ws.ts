// A test WebSocket client: keeps every frame, waits for the one a test expects.
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
