import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_RESTARTING, MAX_RECONNECT_ATTEMPTS, RECONNECT_BASE_DELAY_MS, SocketClient, SocketRequestError, defaultSocketUrl } from '../../src/shared/socket';
import { onUnauthenticated } from '../../src/shared/http/unauthenticated';

import { FakeWebSocket as FakeWS } from '../support/fake-websocket';

const last = () => FakeWS.last();

function makeClient(token: string | null = 'tok-1') {
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const client = new SocketClient({ url: 'ws://h/api/v1/socket', getToken: () => token, WebSocket: FakeWS, logger });
  return { client, logger };
}

/** A client whose socket dropped twice (retried after 2000, then 4000 ms) and then opened. */
function openAfterTwoRetries(): SocketClient {
  const { client } = makeClient();
  client.connect();
  last().drop();
  vi.advanceTimersByTime(2000);
  last().drop();
  vi.advanceTimersByTime(4000);
  expect(client.reconnectAttempt).toBe(2);
  last().open();
  return client;
}

beforeEach(() => {
  FakeWS.instances = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SocketClient', () => {
  it('uses the spec constants: 2000 ms base delay, 10 attempts', () => {
    expect(RECONNECT_BASE_DELAY_MS).toBe(2000);
    expect(MAX_RECONNECT_ATTEMPTS).toBe(10);
  });

  it('builds ws:// or wss:// from the page protocol', () => {
    expect(defaultSocketUrl({ protocol: 'http:', host: 'a:3000' })).toBe('ws://a:3000/api/v1/socket');
    expect(defaultSocketUrl({ protocol: 'https:', host: 'poker.mn' })).toBe('wss://poker.mn/api/v1/socket');
  });

  it('an ended session (SESSION_ENDED) signs the app out like a 401; other errors do not', () => {
    const seen: string[] = [];
    const off = onUnauthenticated(({ url }) => seen.push(url));
    const { client } = makeClient();
    client.connect();
    last().open();
    last().push({ type: 'ERROR', code: 'RATE_LIMITED', message: 'slow down' });
    expect(seen).toEqual([]);
    last().push({ type: 'ERROR', code: 'SESSION_ENDED', message: 'Your session has ended' });
    expect(seen).toEqual(['socket']);
    off();
    client.disconnect();
  });

  it('sends AUTH with the stored token on open, and again on every reopen', () => {
    const { client } = makeClient('abc');
    client.connect();
    expect(FakeWS.instances).toHaveLength(1);
    last().open();
    expect(JSON.parse(last().sent[0])).toEqual({ type: 'AUTH', token: 'abc' });
    expect(client.isOpen()).toBe(true);
    last().drop();
    vi.advanceTimersByTime(2000);
    last().open();
    expect(JSON.parse(last().sent[0])).toEqual({ type: 'AUTH', token: 'abc' });
  });

  it('connect() is idempotent while open or opening', () => {
    const { client } = makeClient();
    client.connect();
    client.connect();
    last().open();
    client.connect();
    expect(FakeWS.instances).toHaveLength(1);
  });

  it('reconnects after 2000 ms × attempt, up to 10 attempts, then logs a warning and stops', () => {
    const { client, logger } = makeClient();
    client.connect();
    last().drop();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const before = FakeWS.instances.length;
      vi.advanceTimersByTime(2000 * attempt - 1);
      expect(FakeWS.instances.length).toBe(before); // not yet
      vi.advanceTimersByTime(1);
      expect(FakeWS.instances.length).toBe(before + 1); // exactly at 2000 × attempt
      expect(client.reconnectAttempt).toBe(attempt);
      expect(logger.warn).not.toHaveBeenCalled();
      last().drop();
    }
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0][0])).toMatch(/10 reconnect attempts/);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWS.instances.length).toBe(11); // the first socket and ten retries, no more
  });

  it('a server restarting for a deploy (close 4012) is left at once, within half a second, whatever the attempts so far', () => {
    expect(CLOSE_RESTARTING).toBe(4012);
    const client = openAfterTwoRetries();
    const before = FakeWS.instances.length;
    last().drop(CLOSE_RESTARTING);
    vi.advanceTimersByTime(500);
    expect(FakeWS.instances.length).toBe(before + 1);
    expect(client.reconnectAttempt).toBe(0);
    // An ordinary drop still waits the usual 2000 ms.
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeWS.instances.length).toBe(before + 1);
    vi.advanceTimersByTime(1);
    expect(FakeWS.instances.length).toBe(before + 2);
  });

  it('a successful open resets the attempt counter', () => {
    const client = openAfterTwoRetries();
    expect(client.reconnectAttempt).toBe(0);
    last().drop();
    const before = FakeWS.instances.length;
    vi.advanceTimersByTime(2000);
    expect(FakeWS.instances.length).toBe(before + 1);
  });

  it('does not reconnect after disconnect()', () => {
    const { client } = makeClient();
    client.connect();
    last().open();
    client.disconnect();
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeWS.instances).toHaveLength(1);
    expect(client.status).toBe('closed');
  });

  it('dispatches messages by type; unsubscribe stops delivery', () => {
    const { client } = makeClient();
    client.connect();
    last().open();
    const balance = vi.fn();
    const chat = vi.fn();
    const off = client.on('BALANCE_UPDATE', balance);
    client.on('CHAT_MESSAGE', chat);
    last().push({ type: 'BALANCE_UPDATE', data: { userId: 1, balance: 5, locked: 0 } });
    expect(balance).toHaveBeenCalledWith({ type: 'BALANCE_UPDATE', data: { userId: 1, balance: 5, locked: 0 } });
    expect(chat).not.toHaveBeenCalled();
    off();
    last().push({ type: 'BALANCE_UPDATE', data: { userId: 1, balance: 6, locked: 0 } });
    expect(balance).toHaveBeenCalledTimes(1);
  });

  it('only logs parse failures, socket errors and closes', () => {
    const { client, logger } = makeClient();
    const any = vi.fn();
    client.connect();
    last().open();
    client.on('GAME', any);
    expect(() => last().push('not json{')).not.toThrow();
    expect(logger.error).toHaveBeenCalledWith('socket: could not parse message', expect.anything());
    last().push({ nope: 1 });
    expect(() => last().onerror?.({})).not.toThrow();
    expect(logger.error).toHaveBeenCalledWith('socket error', expect.anything());
    last().drop();
    expect(logger.info).toHaveBeenCalledWith('socket closed', 1006);
    expect(any).not.toHaveBeenCalled();
  });

  it('request() resolves on the matching ACK', async () => {
    const { client } = makeClient();
    client.connect();
    last().open();
    const p = client.request({ type: 'GAME', action: 'SUBSCRIBE', tableId: 3 });
    const sent = JSON.parse(last().sent[1]);
    expect(sent).toMatchObject({ type: 'GAME', action: 'SUBSCRIBE', tableId: 3 });
    expect(typeof sent.requestId).toBe('string');
    last().push({ type: 'ACK', requestId: 'someone-else' });
    last().push({ type: 'ACK', requestId: sent.requestId });
    await expect(p).resolves.toEqual({ type: 'ACK', requestId: sent.requestId });
  });

  it('request() rejects on the matching ERROR, on timeout and when the socket drops', async () => {
    const { client } = makeClient();
    client.connect();
    last().open();
    const p1 = client.request({ type: 'GAME', action: 'FOLD', tableId: 1 });
    const id1 = JSON.parse(last().sent[1]).requestId;
    last().push({ type: 'ERROR', requestId: id1, code: 'NOT_YOUR_TURN', message: 'Wait' });
    await expect(p1).rejects.toMatchObject({ code: 'NOT_YOUR_TURN', message: 'Wait' });

    const p2 = client.request({ type: 'GAME', action: 'CHECK', tableId: 1 }, 5000);
    vi.advanceTimersByTime(5000);
    await expect(p2).rejects.toMatchObject({ code: 'TIMEOUT' });

    const p3 = client.request({ type: 'GAME', action: 'CALL', tableId: 1 });
    last().drop();
    await expect(p3).rejects.toBeInstanceOf(SocketRequestError);
  });

  it('request() and sendChat refuse when not connected', async () => {
    const { client } = makeClient();
    await expect(client.request({ type: 'GAME', action: 'LEAVE', tableId: 1 })).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    expect(client.sendChat('hi')).toBe(false);
    client.connect();
    last().open();
    expect(client.sendChat('hi')).toBe(true);
    expect(JSON.parse(last().sent[1])).toEqual({ type: 'CHAT_MESSAGE', data: { text: 'hi' } });
  });

  it('reports status changes', () => {
    const { client } = makeClient();
    const seen: string[] = [];
    client.onStatus((s) => seen.push(s));
    client.connect();
    last().open();
    last().drop();
    expect(seen).toEqual(['connecting', 'open', 'closed']);
  });
});
