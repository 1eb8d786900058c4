// The hub's audiences: the per-table index of watching sockets (kept through watch, unwatch and
// drop), and one Frame per message for its whole audience.
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../src/shared/protocol';
import { Frame, textOf, type Payload } from '../../../src/server/core/frame';
import { BROADCAST_SLICE, Hub, type Connection } from '../../../src/server/realtime/hub';

function setup() {
  const hub = new Hub({ game: [20, 10], chat: [5, 1], perAddress: 100_000, anonymousPerAddress: 100_000 });
  const got = new Map<string, Payload[]>();
  const open = () => {
    const sent: Payload[] = [];
    const conn = hub.open({ send: (p) => sent.push(p), close: () => {}, endSession: () => {} }, '10.0.0.1');
    got.set(conn.id, sent);
    return conn;
  };
  return { hub, got, open };
}

const chat = (text: string, tableId: number | null): ServerMessage => ({
  type: 'CHAT_MESSAGE',
  data: { id: 1, userId: 2, username: 'bataa', text, tableId, createdAt: '2026-11-24T00:00:00.000Z' },
});

describe('Hub per-table index', () => {
  it('sends table chat only to the sockets watching that table', () => {
    const { hub, got, open } = setup();
    const [a, b, c] = [open(), open(), open()];
    hub.watch(a, 1);
    hub.watch(b, 1);
    hub.watch(b, 2);
    hub.watch(c, 2);
    hub.sendToTable(1, chat('hi one', 1));
    hub.sendToTable(2, chat('hi two', 2));
    hub.sendToTable(3, chat('nobody', 3));
    const texts = (conn: Connection) => got.get(conn.id)!.map((p) => (JSON.parse(textOf(p)) as { data: { text: string } }).data.text);
    expect(texts(a)).toEqual(['hi one']);
    expect(texts(b)).toEqual(['hi one', 'hi two']);
    expect(texts(c)).toEqual(['hi two']);
  });

  it('keeps conn.tables and the index in step through unwatch and drop', () => {
    const { hub, open } = setup();
    const [a, b] = [open(), open()];
    hub.watch(a, 1);
    hub.watch(a, 2);
    hub.watch(b, 1);
    expect([...hub.watchers(1)]).toEqual([a, b]);
    hub.unwatch(a, 1);
    expect(a.tables.has(1)).toBe(false);
    expect([...hub.watchers(1)]).toEqual([b]);
    hub.drop(a);
    expect([...hub.watchers(2)]).toEqual([]);
    // The closed socket's tables stay listed, for the session to unsubscribe them.
    expect([...a.tables]).toEqual([2]);
    hub.drop(b);
    expect([...hub.watchers(1)]).toEqual([]);
  });

  it('does not index a socket that already closed', () => {
    const { hub, open } = setup();
    const a = open();
    hub.drop(a);
    hub.watch(a, 5);
    expect([...hub.watchers(5)]).toEqual([]);
  });
});

describe('Hub encodes once per audience', () => {
  it('gives every socket the same Frame for a broadcast, a table and a user', () => {
    const { hub, got, open } = setup();
    const conns = Array.from({ length: 5 }, () => open());
    for (const c of conns.slice(0, 3)) hub.watch(c, 9);
    hub.authenticate(conns[3], { userId: 42, username: 'u', role: 'PLAYER' }, 't1');
    hub.authenticate(conns[4], { userId: 42, username: 'u', role: 'PLAYER' }, 't2');

    hub.broadcast({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: 1234 });
    const jackpot = conns.map((c) => got.get(c.id)![0]);
    expect(jackpot[0]).toBeInstanceOf(Frame);
    for (const p of jackpot) expect(p).toBe(jackpot[0]);
    expect(JSON.parse(textOf(jackpot[0]))).toEqual({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: 1234 });

    hub.sendToTable(9, chat('x', 9));
    const table = conns.slice(0, 3).map((c) => got.get(c.id)![1]);
    for (const p of table) expect(p).toBe(table[0]);

    hub.sendToUser(42, { type: 'BALANCE_UPDATE', data: { userId: 42, balance: 5, locked: 0 } });
    expect(got.get(conns[3].id)![1]).toBe(got.get(conns[4].id)![1]);
  });
});

describe('Hub broadcasts in slices', () => {
  const nextTick = () => new Promise<void>((r) => setImmediate(r));
  const jackpot = (amount: number): ServerMessage => ({ type: 'GAME', action: 'JACKPOT_UPDATE', amount });
  const kinds = (sent: Payload[]) => sent.map((p) => JSON.parse(textOf(p)) as { type: string; amount?: number });

  it('writes a slice at a time, lets a table event through between slices, keeps order and skips closed sockets', async () => {
    const { hub, got, open } = setup();
    const conns = Array.from({ length: BROADCAST_SLICE * 2 + 3 }, () => open());
    const last = conns[conns.length - 1];
    hub.watch(last, 7);
    hub.broadcast(jackpot(1));
    hub.broadcast(jackpot(2));
    // The first slice at once; the rest waits for the event loop.
    expect(got.get(conns[0].id)!.length).toBe(1);
    expect(got.get(conns[BROADCAST_SLICE].id)!.length).toBe(0);
    hub.sendToTable(7, chat('table first', 7));
    hub.drop(conns[BROADCAST_SLICE + 1]);
    for (let i = 0; i < 6; i++) await nextTick();
    expect(kinds(got.get(last.id)!)).toEqual([{ type: 'CHAT_MESSAGE', data: expect.anything() }, jackpot(1), jackpot(2)]);
    expect(got.get(conns[BROADCAST_SLICE + 1].id)!.length).toBe(0);
    for (const c of conns.slice(0, -1)) if (c !== conns[BROADCAST_SLICE + 1]) expect(kinds(got.get(c.id)!)).toEqual([jackpot(1), jackpot(2)]);
  });

  it('sends a broadcast to a few sockets at once', () => {
    const { hub, got, open } = setup();
    const conns = Array.from({ length: 3 }, () => open());
    hub.broadcast(jackpot(5));
    for (const c of conns) expect(got.get(c.id)!.length).toBe(1);
  });
});
