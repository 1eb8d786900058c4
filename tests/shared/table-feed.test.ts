// The table feed both apps use, over the real SocketClient and a fake WebSocket: snapshots replace
// the state, events apply in version order, a gap or a reconnect resubscribes once, close
// unsubscribes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketClient } from '../../src/shared/socket/client';
import { TableFeed, type TableFeedChange, type TableFeedOptions, type TableFeedState } from '../../src/shared/socket/tableFeed';
import type { TableView, TableViewPatch } from '../../src/shared/protocol/table-view';
import type { TableEvent } from '../../src/shared/protocol/table-events';
import { FakeWebSocket } from '../support/fake-websocket';
import { seat, TABLE_ID as TABLE, tableView } from '../support/table-fixtures';

const view = (over: Partial<TableView> = {}): TableView => tableView({ seats: [seat(0), null, null, null, null, null], hand: null, ...over });

const stack = (n: number): TableViewPatch => ({ seats: { 0: seat(0, { stack: n }) } });
const chips: TableEvent = { kind: 'CHIPS_ADDED', seat: 0, amount: 500 };
/** Lets pending promises (ACKs, rejections) and queued microtasks run. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

interface Harness {
  client: SocketClient;
  ws: FakeWebSocket;
  feed: TableFeed;
  changes: Array<TableFeedChange['kind']>;
  states: TableFeedState[];
  /** GAME actions sent on the current socket, in order. */
  actions(): unknown[];
  subscribes(): number;
  state(v: TableView, version: number, tableId?: number): void;
  event(version: number, patch: TableViewPatch, event?: TableEvent): void;
}

function setup(extra: Partial<TableFeedOptions> = {}, open = true): Harness {
  const client = new SocketClient({
    url: 'ws://h/api/v1/socket',
    getToken: () => 'tok',
    WebSocket: FakeWebSocket,
    logger: { info() {}, warn() {}, error() {} },
  });
  client.connect();
  const h: Harness = {
    client,
    ws: FakeWebSocket.last(),
    changes: [],
    states: [],
    feed: null as unknown as TableFeed,
    actions: () => h.ws.sentJson().map((m) => m.action ?? m.type),
    subscribes: () => h.ws.sentJson().filter((m) => m.action === 'SUBSCRIBE').length,
    state: (v, version, tableId = TABLE) => h.ws.push({ type: 'GAME', action: 'TABLE_STATE', tableId, version, state: v }),
    event: (version, patch, event = chips) => h.ws.push({ type: 'GAME', action: 'TABLE_EVENT', tableId: TABLE, version, event, patch }),
  };
  if (open) h.ws.open();
  h.feed = new TableFeed({
    conn: client,
    tableId: TABLE,
    onChange: (s, c) => {
      h.states.push(s);
      h.changes.push(c.kind);
    },
    ...extra,
  });
  return h;
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TableFeed', () => {
  it('subscribes on start and a snapshot replaces the state', () => {
    const h = setup();
    h.feed.start();
    expect(h.ws.sentJson().at(-1)).toMatchObject({ type: 'GAME', action: 'SUBSCRIBE', tableId: TABLE });
    expect(h.feed.state).toMatchObject({ view: null, resyncing: true, connected: true });
    h.state(view({ name: 'first' }), 10);
    expect(h.feed.state).toMatchObject({ version: 10, resyncing: false, error: null });
    expect(h.feed.state.view!.name).toBe('first');
    h.state(view({ name: 'second' }), 4); // a snapshot wins whatever its version
    expect(h.feed.state.view!.name).toBe('second');
    expect(h.feed.state.version).toBe(4);
    expect(h.changes).toEqual(['resync', 'snapshot', 'snapshot']);
  });

  it('waits for the socket to open before subscribing, after AUTH', async () => {
    const h = setup({}, false);
    h.feed.start();
    expect(h.ws.sent).toEqual([]);
    h.ws.open();
    await flush();
    expect(h.actions()).toEqual(['AUTH', 'SUBSCRIBE']);
  });

  it('applies the next version, ignores duplicates and older versions, and ignores other tables', () => {
    const h = setup();
    h.feed.start();
    h.state(view(), 10);
    const before = h.feed.state.view!;
    h.event(11, stack(10_500));
    expect(h.feed.state.version).toBe(11);
    expect(h.feed.state.view!.seats[0]!.stack).toBe(10_500);
    expect(h.changes.at(-1)).toBe('event');
    h.event(11, stack(1)); // duplicate
    h.event(9, stack(2)); // older
    h.state(view({ tableId: 99, name: 'other' }), 50, 99);
    expect(h.feed.state.version).toBe(11);
    expect(h.feed.state.view!.seats[0]!.stack).toBe(10_500);
    expect(h.feed.state.view!.name).toBe('Khangai');
    expect(h.subscribes()).toBe(1);
    expect(before.seats[0]!.stack).toBe(10_000); // patches never mutate an earlier view
  });

  it('hands the applied event with the view before it', () => {
    const seen: Array<{ event: TableEvent; before: number; after: number }> = [];
    const h = setup({
      onChange: (s, c) => {
        if (c.kind === 'event') seen.push({ event: c.event, before: c.before.seats[0]!.stack, after: s.view!.seats[0]!.stack });
      },
    });
    h.feed.start();
    h.state(view(), 1);
    h.event(2, stack(10_500));
    expect(seen).toEqual([{ event: chips, before: 10_000, after: 10_500 }]);
  });

  it('resubscribes once on a gap, ignores events until the snapshot, and keeps the last view meanwhile', () => {
    const h = setup();
    h.feed.start();
    h.state(view(), 10);
    h.event(12, stack(1)); // 11 is missing
    expect(h.subscribes()).toBe(2);
    expect(h.feed.state.resyncing).toBe(true);
    expect(h.feed.state.view!.seats[0]!.stack).toBe(10_000); // still shown, unpatched
    h.event(13, stack(2));
    h.event(15, stack(3));
    expect(h.subscribes()).toBe(2); // one at a time, not a storm
    expect(h.feed.state.version).toBe(10);
    h.state(view({ seats: [seat(0, { stack: 7 }), null, null, null, null, null] }), 15);
    expect(h.feed.state).toMatchObject({ version: 15, resyncing: false });
    h.event(16, stack(8));
    expect(h.feed.state.view!.seats[0]!.stack).toBe(8);
    expect(h.subscribes()).toBe(2);
  });

  it('ignores events before the first snapshot without resubscribing', () => {
    const h = setup();
    h.feed.start();
    h.event(3, stack(1));
    expect(h.feed.state.view).toBeNull();
    expect(h.subscribes()).toBe(1);
  });

  it('after a reconnect resubscribes once on the new socket, after its AUTH, and the snapshot replaces the state', async () => {
    const h = setup();
    h.feed.start();
    h.state(view({ name: 'before' }), 40);
    h.ws.drop(1012); // e.g. an instance draining for a deploy
    expect(h.feed.state.connected).toBe(false);
    expect(h.feed.state.view!.name).toBe('before'); // the last view stays while away
    await vi.advanceTimersByTimeAsync(2_000);
    const next = FakeWebSocket.last();
    expect(next).not.toBe(h.ws);
    h.ws = next;
    h.ws.open();
    expect(h.feed.state).toMatchObject({ connected: true, resyncing: true });
    await flush();
    expect(h.actions()).toEqual(['AUTH', 'SUBSCRIBE']);
    h.event(41, stack(1)); // nothing applies before the snapshot
    expect(h.feed.state.version).toBe(40);
    h.state(view({ name: 'after' }), 3); // another instance may count versions afresh
    expect(h.feed.state).toMatchObject({ version: 3, resyncing: false, connected: true });
    expect(h.feed.state.view!.name).toBe('after');
    h.event(4, stack(9));
    expect(h.feed.state.view!.seats[0]!.stack).toBe(9);
  });

  it('unsubscribes when stopped, stops listening, and sends nothing more', async () => {
    const h = setup();
    const stop = h.feed.start();
    h.state(view(), 1);
    stop();
    expect(h.actions()).toEqual(['AUTH', 'SUBSCRIBE', 'UNSUBSCRIBE']);
    const count = h.changes.length;
    h.event(2, stack(1));
    h.state(view({ name: 'late' }), 5);
    expect(h.changes).toHaveLength(count);
    // A reconnect after stop does not resubscribe.
    h.ws.drop();
    await vi.advanceTimersByTimeAsync(2_000);
    FakeWebSocket.last().open();
    await flush();
    expect(
      FakeWebSocket.last()
        .sentJson()
        .map((m) => m.action ?? m.type),
    ).toEqual(['AUTH']);
  });

  it('drops a reconnect SUBSCRIBE when stopped before it goes out', async () => {
    const h = setup({}, false);
    h.feed.start();
    h.ws.open();
    h.feed.stop();
    await flush();
    expect(h.actions()).toEqual(['AUTH', 'UNSUBSCRIBE']);
  });

  it('reports a refused SUBSCRIBE as an error, not a dropped socket', async () => {
    const h = setup();
    h.feed.start();
    const sub = h.ws.sentJson().at(-1)!;
    h.ws.push({ type: 'ERROR', requestId: sub.requestId, code: 'NOT_FOUND', message: 'No such table' });
    await flush();
    expect(h.feed.state.error).toBe('NOT_FOUND');
    expect(h.changes.at(-1)).toBe('error');
    h.state(view(), 1);
    expect(h.feed.state.error).toBeNull();
    // A SUBSCRIBE lost with the socket is the reconnect's business.
    h.feed.resubscribe();
    h.ws.drop();
    await flush();
    expect(h.feed.state.error).toBeNull();
  });

  it("sends the app's SUBSCRIBE options, read at each SUBSCRIBE, and passes every frame of its table", () => {
    let autoMuck = true;
    const frames: number[] = [];
    const h = setup({ subscribeOptions: () => ({ autoMuck }), onFrame: (m) => frames.push(m.version) });
    h.feed.start();
    h.state(view(), 1);
    h.event(1, stack(1)); // stale, still a frame
    autoMuck = false;
    h.feed.resubscribe();
    const subs = h.ws.sentJson().filter((m) => m.action === 'SUBSCRIBE');
    expect(subs.map((m) => m.autoMuck)).toEqual([true, false]);
    expect(frames).toEqual([1, 1]);
  });
});
