// The draw, the worst seat for a moved player, and balancing / table breaking as properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceTables, bigBlindNext, drawSeats, playerCount, worstSeat, type TableSeats } from '../../../src/poker/tournament/index';
import { prng as rng } from '../../support/prng';

const seated = (tables: readonly TableSeats[]) => tables.flatMap((t) => t.seats.filter((p): p is string => p !== null));
const sizes = (tables: readonly TableSeats[]) => tables.map(playerCount);

describe('initial draw', () => {
  it('1,000 players at 9-max: 112 tables, sizes differ by at most one, everyone seated once', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `p${i}`);
    const d = drawSeats(ids, 9, rng(1));
    expect(d.tables.length).toBe(112);
    const s = sizes(d.tables);
    expect(Math.max(...s) - Math.min(...s)).toBeLessThanOrEqual(1);
    expect(seated(d.tables).sort()).toEqual([...ids].sort());
    for (const t of d.tables) expect(t.seats[t.button]).not.toBeNull();
    // Deterministic for a given source, different for another.
    expect(drawSeats(ids, 9, rng(1))).toEqual(d);
    expect(drawSeats(ids, 9, rng(2))).not.toEqual(d);
  });
});

describe('worst seat', () => {
  it('the big blind itself when that seat is free', () => {
    // Button was 0: next hand button 1, small blind 2; seat 3 is empty, so a player there posts the big blind.
    const t = { seats: ['a', 'b', 'c', null, 'e', 'f', null, null, null], button: 0, handsDealt: 1 };
    expect(worstSeat(t, 'new')).toBe(3);
  });

  it('otherwise the empty seat that reaches the big blind first (lowest of equal seats)', () => {
    // Big blinds come at seats 3, 4, 5, then the first seat after 5: 6.
    const t = { seats: ['a', 'b', 'c', 'd', 'e', 'f', null, null, null], button: 0, handsDealt: 1 };
    expect(worstSeat(t, 'new')).toBe(6);
    expect(worstSeat({ ...t, seats: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] }, 'new')).toBeNull();
  });

  it('heads-up and a lone player', () => {
    expect(bigBlindNext({ seats: ['a', null, 'b', null, null, null], button: 0, handsDealt: 1 })).toBe(0);
    expect(bigBlindNext({ seats: ['a', null, 'b', null, null, null], button: 0, handsDealt: 0 })).toBe(2);
    expect(worstSeat({ seats: [null, 'a', null], button: 1, handsDealt: 3 }, 'x')).not.toBeNull();
  });
});

/** Random layouts: table size, tables with random occupancy, buttons, busy flags. */
const layout = fc
  .record({
    size: fc.constantFrom(2, 6, 9),
    tables: fc.array(fc.record({ fill: fc.nat(), button: fc.nat(), dealt: fc.nat(3), busy: fc.boolean(), perm: fc.nat() }), { minLength: 1, maxLength: 14 }),
  })
  .map(({ size, tables }) => {
    let n = 0;
    const out: (TableSeats & { busy: boolean })[] = tables.map((t, i) => {
      const count = t.fill % (size + 1);
      const seats: (string | null)[] = new Array(size).fill(null);
      // Spread from a random seat, so players are not always in the first seats.
      let seat = t.perm % size;
      for (let k = 0; k < count; k++) {
        while (seats[seat] !== null) seat = (seat + 1) % size;
        seats[seat] = `p${n++}`;
        seat = (seat + 2) % size;
      }
      return { id: i + 1, seats, button: t.button % size, handsDealt: t.dealt, busy: t.busy && count >= 2 };
    });
    return { size, tables: out.filter((t) => playerCount(t) > 0 || out.length === 1) };
  })
  .filter(({ tables }) => tables.length > 0 && seated(tables).length >= 2);

function checkMoves(before: readonly TableSeats[], after: readonly TableSeats[], moves: ReturnType<typeof balanceTables>['moves']) {
  // Replaying the moves on the old layout gives the new one; each leaves an occupied seat for an empty one.
  const seats = new Map(before.map((t) => [t.id, t.seats.slice()]));
  for (const m of moves) {
    const from = seats.get(m.fromTable)!;
    const to = seats.get(m.toTable)!;
    expect(from[m.fromSeat]).toBe(m.playerId);
    expect(to[m.toSeat]).toBeNull();
    from[m.fromSeat] = null;
    to[m.toSeat] = m.playerId;
  }
  for (const t of after) expect(seats.get(t.id)).toEqual(t.seats);
}

describe('balancing', () => {
  it('all tables idle: sizes differ by at most one, as few tables as needed, everyone seated once', () => {
    fc.assert(
      fc.property(layout, ({ size, tables }) => {
        const players = seated(tables);
        const r = balanceTables(
          tables,
          size,
          tables.map((t) => t.id),
        );
        const s = sizes(r.tables);
        expect(Math.max(...s) - Math.min(...s)).toBeLessThanOrEqual(1);
        expect(Math.max(...s)).toBeLessThanOrEqual(size);
        expect(r.tables.length).toBe(Math.ceil(players.length / size));
        expect(seated(r.tables).sort()).toEqual([...players].sort());
        for (const id of r.broken) expect(r.tables.some((t) => t.id === id)).toBe(false);
        expect(r.tables.length + r.broken.length).toBe(tables.length);
        checkMoves(tables, r.tables, r.moves);
      }),
      { numRuns: 400 },
    );
  });

  it('tables in a hand never give a player and are never broken; nobody is seated twice', () => {
    fc.assert(
      fc.property(layout, ({ size, tables }) => {
        const players = seated(tables);
        const busy = new Set(tables.filter((t) => t.busy).map((t) => t.id));
        const r = balanceTables(
          tables,
          size,
          tables.filter((t) => !busy.has(t.id)).map((t) => t.id),
        );
        for (const m of r.moves) expect(busy.has(m.fromTable)).toBe(false);
        for (const id of r.broken) expect(busy.has(id)).toBe(false);
        const after = seated(r.tables);
        expect(new Set(after).size).toBe(after.length);
        expect(after.sort()).toEqual([...players].sort());
        expect(Math.max(...sizes(r.tables))).toBeLessThanOrEqual(size);
        checkMoves(tables, r.tables, r.moves);
      }),
      { numRuns: 400 },
    );
  });

  it('the player moved is the next big blind of the largest table, into the worst seat', () => {
    const a: TableSeats = { id: 1, seats: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', null], button: 2, handsDealt: 5 };
    const b: TableSeats = { id: 2, seats: ['b1', null, 'b3', null, 'b5', null, 'b7', null, null], button: 0, handsDealt: 5 };
    const r = balanceTables([a, b], 9, [1, 2]);
    expect(r.moves.length).toBe(2);
    // Next hand at table 1: button 3, small blind 4, big blind 5 (a6).
    expect(r.moves[0]).toEqual({ playerId: 'a6', fromTable: 1, fromSeat: 5, toTable: 2, toSeat: worstSeat(b, 'a6'), reason: 'balance' });
    expect(r.broken).toEqual([]);
  });

  it('breaks the idle table with the fewest players when the rest fit; the final table', () => {
    const t1: TableSeats = { id: 1, seats: ['a', 'b', 'c', 'd', null, null], button: 0, handsDealt: 2 };
    const t2: TableSeats = { id: 2, seats: ['e', null, 'f', null, null, null], button: 2, handsDealt: 2 };
    const r = balanceTables([t1, t2], 6, [1, 2]);
    expect(r.broken).toEqual([2]);
    expect(r.tables.map((t) => t.id)).toEqual([1]);
    expect(r.moves.every((m) => m.reason === 'break' && m.toTable === 1)).toBe(true);
    // With table 2 in a hand, table 1 is broken instead.
    const r2 = balanceTables([t1, t2], 6, [1]);
    expect(r2.broken).toEqual([1]);
    expect(playerCount(r2.tables[0])).toBe(6);
    // Both in hands: nothing happens.
    expect(balanceTables([t1, t2], 6, []).moves).toEqual([]);
  });
});
