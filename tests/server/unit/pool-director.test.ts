// The fast-fold pool's director (src/server/pools/director.ts, docs/fast-fold.md) with stand-in
// tables: a folder is queued at once with what they have behind and dealt elsewhere while the hand
// they left goes on; when that hand is voided what they put in comes back to their next stack;
// those who play a hand out go back to the front of the queue with their settled stacks.
import { describe, expect, it } from 'vitest';
import { PoolDirector, type PoolDirectorHost } from '../../../src/server/pools/director';
import type { TableActor } from '../../../src/server/tables/actor';
import type { TableCommand } from '../../../src/server/tables/commands';
import type { TableState } from '../../../src/server/tables/state';

/** A table as the director sees it: who sits where with what, and the commands it got. */
class FakeTable {
  seats: Array<{ userId: number; stack: number } | null> = Array(6).fill(null);
  running = false;
  constructor(readonly tableId: number) {}
  seatOf(userId: number) {
    return this.seats.find((s) => s?.userId === userId) ?? null;
  }
  seatedUserIds() {
    return this.seats.filter((s) => s !== null).map((s) => s!.userId);
  }
  playerCount() {
    return this.seatedUserIds().length;
  }
  handRunning() {
    return this.running;
  }
  get config() {
    return { tableId: this.tableId, maxPlayers: 6 };
  }
  async handle(c: TableCommand) {
    if (c.kind === 'seatPlayer') this.seats[c.seat] = { userId: c.user.userId, stack: c.stack };
    if (c.kind === 'removePlayer') this.seats = this.seats.map((s) => (s?.userId === c.userId ? null : s));
    return { ok: true };
  }
  state(): TableState {
    return { seats: this.seats } as unknown as TableState;
  }
}

function setup(opts: { now?: () => number; shortHandedAfterMs?: number; fullerTableAfterMs?: number } = {}) {
  const tables = new Map<number, FakeTable>();
  const told: Array<[number, number | null]> = [];
  const cashedOut: number[] = [];
  let next = 100;
  const host: PoolDirectorHost = {
    poolId: 1,
    tableSize: 6,
    clock: { now: opts.now ?? (() => 0), setTimer: () => ({ cancel: () => undefined }) } as unknown as PoolDirectorHost['clock'],
    randomInt: () => 0,
    shortHandedAfterMs: opts.shortHandedAfterMs ?? 0,
    fullerTableAfterMs: opts.fullerTableAfterMs,
    newTable: async () => {
      const t = new FakeTable(next++);
      tables.set(t.tableId, t);
      return { tableId: t.tableId, actor: t as unknown as TableActor };
    },
    saveSinceBigBlind: async () => undefined,
    cashOut: async (userId) => void cashedOut.push(userId),
    seated: (userId, tableId) => void told.push([userId, tableId]),
    log: { error: (e) => console.error(e) },
  };
  const director = new PoolDirector(host);
  const join = (userId: number, stack: number) => director.admit({ userId, username: `u${userId}`, avatar: null, isBot: false, stack, sinceBigBlind: 0 });
  /** Deals the table's drawn hand (as the actor would) and marks it running. */
  const deal = (tableId: number) => {
    const t = tables.get(tableId)!;
    const hand = director.deal(tableId, t.state());
    expect(hand).not.toBeNull();
    t.running = true;
    return hand!;
  };
  const settle = async (tableId: number, stacks: Record<number, number>, voided = false) => {
    const t = tables.get(tableId)!;
    for (const s of t.seats) if (s && stacks[s.userId] !== undefined) s.stack = stacks[s.userId];
    t.running = false;
    director.handEnded(tableId, voided);
    await director.tick();
  };
  return { director, tables, told, cashedOut, join, deal, settle };
}

describe('the pool director', () => {
  it('moves a folder on at once, gives back a voided hand from the next deal, and queues the others with their settled stacks', async () => {
    const { director, tables, told, join, deal, settle } = setup();
    for (let id = 1; id <= 8; id++) join(id, 1000);
    await director.tick();
    // Eight waiting, six seats a table: two tables of four.
    expect([...tables.values()].map((t) => t.playerCount())).toEqual([4, 4]);
    const [t1, t2] = [...tables.keys()];
    const at1 = tables.get(t1)!.seatedUserIds();
    const at2 = tables.get(t2)!.seatedUserIds();
    expect(deal(t1).stacks).toEqual([1000, 1000, 1000, 1000]);
    deal(t2);

    // One folds at each table (having put in 100 and 50): both wait, then play together elsewhere.
    director.folded(t1, at1[0], 900, false);
    director.folded(t2, at2[0], 950, false);
    await director.tick();
    expect(director.tableOf(at1[0])).not.toBe(t1);
    const t3 = director.tableOf(at1[0])!;
    expect(director.tableOf(at2[0])).toBe(t3);
    expect(told).toContainEqual([at1[0], t3]);
    expect(tables.get(t3)!.seatOf(at1[0])!.stack).toBe(900);
    deal(t3);

    // The first table's hand is voided: the folder's 100 is theirs again, from their next hand.
    await settle(t1, {}, true);
    expect(director.members.get(at1[0])!.credit).toBe(100);
    // Those who played it out are at the front of the queue with the stacks they started with, and
    // (three of them waiting) dealt again at once at the first free table.
    for (const userId of at1.slice(1)) {
      const now = director.tableOf(userId);
      expect(now).not.toBeNull();
      expect(tables.get(now!)!.seatOf(userId)!.stack).toBe(1000);
    }
    // The folder's new hand settles: 900 became 1,200, and the 100 comes on top at the next deal.
    await settle(t3, { [at1[0]]: 1200, [at2[0]]: 650 });
    const again = director.tableOf(at1[0]);
    expect(again).not.toBeNull();
    expect(tables.get(again!)!.seatOf(at1[0])!.stack).toBe(1300);
    expect(director.members.get(at1[0])!.credit).toBe(0);
  });

  it('cashes a leaver out only once no hand of theirs is unfinished', async () => {
    const { director, tables, cashedOut, join, deal, settle } = setup();
    for (let id = 1; id <= 3; id++) join(id, 1000);
    await director.tick();
    const [t1] = [...tables.keys()];
    deal(t1);
    director.leave(1);
    await director.tick();
    expect(cashedOut).toEqual([]);
    await settle(t1, { 1: 1100, 2: 950, 3: 950 });
    expect(cashedOut).toEqual([1]);
    expect(director.members.has(1)).toBe(false);
    // A player who lost everything leaves the pool as well.
    const t = director.tableOf(2)!;
    deal(t);
    await settle(t, { 2: 0, 3: 1900 });
    expect(cashedOut).toEqual([1, 2]);
  });

  it('waits longer for a fuller table when players in hands elsewhere could fill one, and no longer than the short wait when they cannot', async () => {
    let now = 0;
    const { director, tables, join, deal } = setup({ now: () => now, shortHandedAfterMs: 2000, fullerTableAfterMs: 6000 });
    for (let id = 1; id <= 6; id++) join(id, 1000);
    await director.tick();
    const [t1] = [...tables.keys()];
    const at1 = tables.get(t1)!.seatedUserIds();
    expect(at1).toHaveLength(6);
    deal(t1);
    // Two newcomers wait while six play: past the short wait, no heads-up table yet.
    join(7, 1000);
    join(8, 1000);
    now = 2500;
    await director.tick();
    expect([director.tableOf(7), director.tableOf(8)]).toEqual([null, null]);
    // A folder comes: three wait; at the longer wait they are dealt together, three-handed.
    director.folded(t1, at1[0], 900, false);
    now = 5000;
    await director.tick();
    expect(director.tableOf(7)).toBeNull();
    now = 6000;
    await director.tick();
    const t2 = director.tableOf(7);
    expect(t2).not.toBeNull();
    expect(tables.get(t2!)!.seatedUserIds().sort()).toEqual([7, 8, at1[0]].sort());

    // Nobody elsewhere who could fill a table: two waiting are dealt after the short wait.
    now = 0;
    const lone = setup({ now: () => now, shortHandedAfterMs: 2000, fullerTableAfterMs: 6000 });
    lone.join(1, 1000);
    lone.join(2, 1000);
    now = 1999;
    await lone.director.tick();
    expect(lone.director.tableOf(1)).toBeNull();
    now = 2000;
    await lone.director.tick();
    expect(lone.director.tableOf(1)).not.toBeNull();
    expect(lone.director.tableOf(2)).toBe(lone.director.tableOf(1));
  });
});
