// A SUBSCRIBE does not wait in the table's queue when nothing is running (a reconnect storm of
// watchers then costs play nothing), and waits its turn while a command is half done, so the
// whole view it gets always matches its version.
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../src/shared/protocol';
import { textOf, type Payload } from '../../../src/server/core/frame';
import { MemoryTableStore } from '../../support/store-memory';
import { openTable, viewers } from './actor-harness';

const parse = (p: Payload) => JSON.parse(textOf(p)) as ServerMessage;

describe('TableActor: the subscribe command', () => {
  it('is served at once while the table is idle, and after the running command otherwise', async () => {
    // A store whose hand start can be held mid-command, as a slow database would.
    const store = new MemoryTableStore();
    let release: (() => void) | null = null;
    const startHand = store.startHand.bind(store);
    let hold = false;
    store.startHand = async (...args: Parameters<MemoryTableStore['startHand']>) => {
      if (hold) await new Promise<void>((r) => (release = r));
      return startHand(...args);
    };
    const h = await openTable({}, { store });
    await h.seat([0, 1], 5000);
    await h.settle();

    // Idle: the whole view is sent before subscribe() is even awaited.
    const idle: Payload[] = [];
    const served = viewers.subscribe(h.actor, { key: 'idle', userId: null, send: (p) => idle.push(p) });
    expect(idle).toHaveLength(1);
    await served;

    // The next hand's start is held half done: a subscriber waits for it.
    hold = true;
    h.clock.advance(5000);
    for (let i = 0; i < 10 && !release; i++) await new Promise((r) => setImmediate(r));
    expect(release).not.toBeNull();
    const busy: Payload[] = [];
    const queued = viewers.subscribe(h.actor, { key: 'busy', userId: null, send: (p) => busy.push(p) });
    await new Promise((r) => setImmediate(r));
    expect(busy).toHaveLength(0);
    release!();
    await queued;
    const first = parse(busy[0]);
    expect(first.type === 'GAME' && first.action).toBe('TABLE_STATE');
    // The view it got is the dealt hand, at the version of the events the idle watcher saw.
    const lastEvent = parse(idle[idle.length - 1]);
    if (first.type !== 'GAME' || first.action !== 'TABLE_STATE' || lastEvent.type !== 'GAME' || lastEvent.action !== 'TABLE_EVENT') throw new Error('frames');
    expect(first.version).toBe(lastEvent.version);
    expect(first.state.hand?.handNumber).toBe(1);
    expect(first.state).toEqual(h.actor.viewFor(null));
  });
});
