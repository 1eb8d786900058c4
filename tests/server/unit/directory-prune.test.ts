// The owner of a table forgets the viewers of an instance that died (its sockets are gone): a
// player watching only from there shows as disconnected; viewers of live instances stay.
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../../src/server/cluster/bus';
import { TableDirectory } from '../../../src/server/cluster/directory';
import type { TableRegistry } from '../../../src/server/tables/registry';
import { openTable } from './actor-harness';

describe('pruning the viewers of dead instances', () => {
  it('drops only the viewers of instances not seen, and their players disconnect', async () => {
    const h = await openTable();
    const [a, b] = await h.seat([0, 1], 10_000);
    const registry = { all: () => [h.actor], get: () => h.actor } as unknown as TableRegistry;
    const directory = new TableDirectory(new LocalBus(), registry, { send: () => {}, watchers: () => [], log: { warn: () => {} } });
    const sink = () => {};
    await h.actor.subscribe({ key: 'dead/c1', userId: a.userId, send: sink });
    await h.actor.subscribe({ key: 'alive/c2', userId: b.userId, send: sink });
    await h.actor.subscribe({ key: 'c3', userId: null, send: sink });
    const connected = () =>
      h.actor
        .viewFor(null)
        .seats.slice(0, 2)
        .map((s) => s!.connected);
    expect(connected()).toEqual([true, true]);

    directory.prune(new Set(['alive']));
    await h.settle();
    expect(h.actor.viewerKeys().sort()).toEqual(['alive/c2', 'c3']);
    expect(connected()).toEqual([false, true]);
    directory.close();
  });
});
