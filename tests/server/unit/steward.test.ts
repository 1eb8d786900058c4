// The steward judges only what it asked about: a table taken while a renewal, or the reading of the
// live tables, was on its way (an administrator's new table, under load) was not in it, and must
// not be dropped as "not renewed" (its actor stopped and reopened from the database, the first
// actor left behind) nor given up as deleted (a sit right after its creation heard TABLE_MOVED).
import { describe, expect, it } from 'vitest';
import type { LeaseStore } from '../../../src/server/cluster/leases';
import { Steward, type StewardHost } from '../../../src/server/cluster/steward';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Leases that always answer at once; `over` replaces some of them. */
function fakeLeases(over: Partial<Record<keyof LeaseStore, unknown>> = {}): LeaseStore {
  return {
    heartbeat: async () => {},
    renew: async () => new Set<number>(),
    acquire: async () => 1,
    all: async () => [],
    liveInstances: async () => ['a'],
    release: async () => {},
    forget: async () => {},
    ...over,
  } as unknown as LeaseStore;
}

/** A host whose tables open at once; `over` replaces some of its parts. */
function fakeHost(over: Partial<StewardHost>): StewardHost {
  return {
    tableIds: async () => [7],
    adopt: async () => true,
    lost: async () => {},
    drain: async () => {},
    announce: () => {},
    database: () => {},
    log: { warn: () => {}, error: () => {} },
    ...over,
  };
}

describe('Steward', () => {
  it('keeps a table taken while a renewal was on its way', async () => {
    const renewal = deferred<Set<number>>();
    const renewAsked = deferred<Map<number, number>>();
    const leases = fakeLeases({
      renew: (_owner: string, held: Map<number, number>) => {
        renewAsked.resolve(new Map(held));
        return renewal.promise;
      },
    });
    const lost: number[] = [];
    const host = fakeHost({ lost: async (id) => void lost.push(id) });
    const steward = new Steward(leases, host, { instanceId: 'a', alone: false, tickMs: 60_000 });

    const tick = steward.tickNow();
    expect(await renewAsked.promise).toEqual(new Map()); // nothing held yet
    expect(await steward.take(7, false)).toBe(true); // the new table, during the renewal
    renewal.resolve(new Set()); // renewed: all it was asked about (nothing)
    await tick;

    expect(steward.epochOf(7)).toBe(1);
    expect(lost).toEqual([]);
    await steward.stop(false);
  });

  it('does not give up as deleted a table created while it was reading the live tables', async () => {
    const reading = deferred<number[]>();
    const readAsked = deferred<void>();
    const leases = fakeLeases();
    const drained: number[] = [];
    let reads = 0;
    const host = fakeHost({
      tableIds: () => {
        reads++;
        readAsked.resolve();
        return reads === 1 ? reading.promise : Promise.resolve([7]);
      },
      drain: async (id) => void drained.push(id),
    });
    const steward = new Steward(leases, host, { instanceId: 'a', alone: true, tickMs: 60_000 });

    const tick = steward.tickNow();
    await readAsked.promise;
    expect(await steward.take(7, true)).toBe(true); // created and taken during the reading
    reading.resolve([]); // the reading began before the table was there
    await tick;

    expect(drained).toEqual([]);
    expect(steward.epochOf(7)).toBe(1);
    await steward.stop(false);
  });
});
