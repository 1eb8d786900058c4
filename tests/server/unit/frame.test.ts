// Frames built once and written as they are to every socket, read back by a real WebSocket
// client; the fallback through ws when an extension was negotiated; the bound on unsent bytes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { Frame, socketWriter, type Payload, type WritableSocket } from '../../../src/server/core/frame';
import { CLOSE_TOO_SLOW } from '../../../src/server/realtime/hub';

/** A ws server and `n` clients connected to it; `server[i]` is the server side of `clients[i]`. */
async function pairs(n: number) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const port = (wss.address() as { port: number }).port;
  const server: WebSocket[] = [];
  const clients: WebSocket[] = [];
  const received: string[][] = [];
  for (let i = 0; i < n; i++) {
    const accepted = new Promise<WebSocket>((r) => wss.once('connection', (ws) => r(ws)));
    const c = new WebSocket(`ws://127.0.0.1:${port}`);
    const got: string[] = [];
    c.on('message', (data, isBinary) => got.push(isBinary ? `binary:${String(data)}` : String(data)));
    await new Promise<void>((r) => c.once('open', () => r()));
    server.push(await accepted);
    clients.push(c);
    received.push(got);
  }
  const close = async () => {
    for (const c of clients) c.terminate();
    await new Promise<void>((r) => wss.close(() => r()));
  };
  return { server, clients, received, close };
}

const waitFor = async (what: () => boolean) => {
  for (let i = 0; i < 500 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(what()).toBe(true);
};

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
  vi.useRealTimers();
});

describe('Frame', () => {
  it('builds its bytes once and every client reads the same text, short, long and very long', async () => {
    const p = await pairs(3);
    cleanup = p.close;
    const texts = [
      JSON.stringify({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: 5 }),
      JSON.stringify({ text: 'Сайн байна уу '.repeat(20) }), // 126..65535 bytes, multi-byte UTF-8
      JSON.stringify({ text: 'ө'.repeat(40_000) }), // over 65535 bytes
    ];
    const frames = texts.map((t) => new Frame(t));
    const writers = p.server.map((ws) => socketWriter(ws as unknown as WritableSocket, { maxBufferedBytes: 1 << 24, closeCode: CLOSE_TOO_SLOW }));
    for (const f of frames) for (const w of writers) w(f);
    for (const w of writers) w('a plain string, through ws');
    for (const f of frames) expect(f.bytes).toBe(f.bytes);
    await waitFor(() => p.received.every((r) => r.length === 4));
    for (const r of p.received) expect(r).toEqual([...texts, 'a plain string, through ws']);
  });

  it('sends through ws, not its prepared bytes, on a connection with an extension', () => {
    const sent: string[] = [];
    const raw = { cork: vi.fn(), uncork: vi.fn(), write: vi.fn() };
    const socket = {
      readyState: 1,
      OPEN: 1,
      bufferedAmount: 0,
      extensions: 'permessage-deflate',
      send: (d: string) => sent.push(d),
      close: vi.fn(),
      terminate: vi.fn(),
      _socket: raw,
    };
    const write = socketWriter(socket, { maxBufferedBytes: 1000, closeCode: CLOSE_TOO_SLOW });
    write(new Frame('{"a":1}'));
    expect(sent).toEqual(['{"a":1}']);
    expect(raw.write).not.toHaveBeenCalled();
  });

  it('counts one write per socket per turn, however many frames the turn sends it', async () => {
    const raw = { cork: vi.fn(), uncork: vi.fn(), write: vi.fn() };
    const socket = { readyState: 1, OPEN: 1, bufferedAmount: 0, extensions: '', send: vi.fn(), close: vi.fn(), terminate: vi.fn(), _socket: raw };
    const tally = { frames: 0, bytes: 0, writes: 0 };
    const write = socketWriter(socket, { maxBufferedBytes: 1000, closeCode: CLOSE_TOO_SLOW, tally });
    for (const t of ['{"a":1}', '{"b":2}', '{"c":3}']) write(new Frame(t));
    await new Promise((r) => process.nextTick(r));
    write(new Frame('{"d":4}'));
    await new Promise((r) => process.nextTick(r));
    expect(tally).toMatchObject({ frames: 4, writes: 2 });
    expect(raw.cork).toHaveBeenCalledTimes(2);
    expect(raw.uncork).toHaveBeenCalledTimes(2);
  });
});

describe('the bound on unsent bytes', () => {
  it('closes a socket past the bound with CLOSE_TOO_SLOW, sends it nothing more and destroys it later', () => {
    vi.useFakeTimers();
    const sent: Payload[] = [];
    const socket = {
      readyState: 1,
      OPEN: 1,
      bufferedAmount: 0,
      extensions: '',
      send: (d: string) => sent.push(d),
      close: vi.fn(),
      terminate: vi.fn(),
    };
    const write = socketWriter(socket, { maxBufferedBytes: 1000, closeCode: CLOSE_TOO_SLOW, terminateAfterMs: 2000 });
    write('one');
    socket.bufferedAmount = 1000;
    write('two (at the bound, still sent)');
    socket.bufferedAmount = 1001;
    write('three');
    write('four');
    expect(sent).toEqual(['one', 'two (at the bound, still sent)']);
    expect(socket.close).toHaveBeenCalledTimes(1);
    expect(socket.close.mock.calls[0][0]).toBe(CLOSE_TOO_SLOW);
    expect(socket.terminate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(socket.terminate).toHaveBeenCalledTimes(1);
  });

  it('closes a real socket whose reader stopped reading, and the reader gets the close code', async () => {
    const p = await pairs(1);
    cleanup = p.close;
    const client = p.clients[0];
    // The client stops reading: what the server writes piles up.
    (client as unknown as { _socket: { pause(): void } })._socket.pause();
    const write = socketWriter(p.server[0] as unknown as WritableSocket, { maxBufferedBytes: 64 * 1024, closeCode: CLOSE_TOO_SLOW });
    const frame = new Frame(JSON.stringify({ pad: 'x'.repeat(16 * 1024) }));
    for (let i = 0; i < 200; i++) write(frame);
    const closed = new Promise<number>((r) => client.once('close', (code) => r(code)));
    (client as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await closed).toBe(CLOSE_TOO_SLOW);
    // Only what was written before the bound arrived, not the 200 frames.
    expect(p.received[0].length).toBeGreaterThan(0);
    expect(p.received[0].length).toBeLessThan(10);
  });
});
