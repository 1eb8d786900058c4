// The owner of a table forgets the viewers of an instance that died (its sockets are gone): a
// player watching only from there shows as disconnected; viewers of live instances stay.
import { describe, expect, it } from 'vitest';
import { pruneViewers } from '../../../src/server/tables/registry';
import { openTable, viewers } from './actor-harness';

describe('pruning the viewers of dead instances', () => {
  it('drops only the viewers of instances not seen, and their players disconnect', async () => {
    const h = await openTable();
    const [a, b] = await h.seat([0, 1], 10_000);
    const sink = () => {};
    await viewers.subscribe(h.actor, { key: 'dead/c1', userId: a.userId, send: sink });
    await viewers.subscribe(h.actor, { key: 'alive/c2', userId: b.userId, send: sink });
    await viewers.subscribe(h.actor, { key: 'c3', userId: null, send: sink });
    const connected = () =>
      h.actor
        .viewFor(null)
        .seats.slice(0, 2)
        .map((s) => s!.connected);
    expect(connected()).toEqual([true, true]);

    pruneViewers([h.actor], new Set(['alive']));
    await h.settle();
    expect(h.actor.viewerKeys().sort()).toEqual(['alive/c2', 'c3']);
    expect(connected()).toEqual([false, true]);
  });
});
