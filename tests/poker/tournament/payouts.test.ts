// Payout tables, exact prize splits, shared places, structures and the level clock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYOUT_TABLE,
  HEADS_UP_SNG,
  REGULAR_MTT,
  TURBO_SNG,
  levelAt,
  paidPlaces,
  prizes,
  sharePlaces,
  validatePayoutTable,
  validateStructure,
  type TournamentStructure,
} from '../../../src/poker/tournament/index';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('payout table', () => {
  it('the default table is valid', () => {
    expect(validatePayoutTable(DEFAULT_PAYOUT_TABLE)).toEqual({ ok: true });
  });

  it('small fields: 2-3 pay one, up to 6 pay 65/35, 7-9 pay 50/30/20', () => {
    for (const n of [2, 3]) expect(prizes(1000, n)).toEqual([1000]);
    for (const n of [4, 5, 6]) expect(prizes(1000, n)).toEqual([650, 350]);
    for (const n of [7, 8, 9]) expect(prizes(1000, n)).toEqual([500, 300, 200]);
  });

  it('about 15% of a larger field is paid (12% to 15%), never more places than entrants', () => {
    for (let n = 2; n <= 12000; n += n < 200 ? 1 : 37) {
      const paid = paidPlaces(n, DEFAULT_PAYOUT_TABLE);
      expect(paid).toBeLessThanOrEqual(n);
      if (n >= 40 && n <= 10000) {
        expect(paid / n).toBeGreaterThanOrEqual(0.11);
        expect(paid / n).toBeLessThanOrEqual(0.151);
      }
    }
    expect(paidPlaces(1000, DEFAULT_PAYOUT_TABLE)).toBe(135);
    expect(paidPlaces(200, DEFAULT_PAYOUT_TABLE)).toBe(26);
  });

  it('every band: shares never increase and sum to 10000', () => {
    for (const band of DEFAULT_PAYOUT_TABLE) {
      expect(sum(band.percents)).toBe(10000);
      expect(band.percents.every((p, i) => i === 0 || p <= band.percents[i - 1])).toBe(true);
    }
  });

  it('prizes are integers summing exactly to the pool, the remainder one tugrik each to the top places', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 20000 }), (pool, entrants) => {
        const amounts = prizes(pool, entrants);
        expect(sum(amounts)).toBe(pool);
        const percents = DEFAULT_PAYOUT_TABLE.find((b) => entrants <= b.maxEntrants)?.percents ?? DEFAULT_PAYOUT_TABLE.at(-1)!.percents;
        const extra = amounts.map((a, i) => a - Number((BigInt(pool) * BigInt(percents[i])) / 10000n));
        // Each place gets its exact floor plus 0 or 1, the 1s first.
        expect(extra.join('')).toMatch(/^1*0*$/);
        expect(amounts.every((a, i) => Number.isSafeInteger(a) && (i === 0 || a <= amounts[i - 1]))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a custom table is used as given, the last band for larger fields', () => {
    const table = [
      { maxEntrants: 2, percents: [10000] },
      { maxEntrants: 10, percents: [6000, 3000, 1000] },
    ];
    expect(validatePayoutTable(table)).toEqual({ ok: true });
    expect(prizes(1001, 3, table)).toEqual([601, 300, 100]);
    expect(prizes(100, 50, table)).toEqual([60, 30, 10]);
  });

  it('validation lists every problem', () => {
    const r = validatePayoutTable([
      { maxEntrants: 5, percents: [5000, 5000, 1] },
      { maxEntrants: 4, percents: [4000, 6000] },
    ]);
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors.join('\n');
    expect(errors).toMatch(/band 1: pays 3 places but its smallest field is 1/);
    expect(errors).toMatch(/band 1: shares sum to 10001/);
    expect(errors).toMatch(/band 2: maxEntrants must be an integer above 5/);
    expect(errors).toMatch(/band 2: a place cannot pay more/);
    expect(validatePayoutTable([]).ok).toBe(false);
  });
});

describe('players out in the same hand', () => {
  const table = [300, 200, 100, 50];

  it('more chips at the start of the hand finishes higher', () => {
    const f = sharePlaces(
      [
        { playerId: 'a', startingStack: 500 },
        { playerId: 'b', startingStack: 900 },
        { playerId: 'c', startingStack: 700 },
      ],
      2,
      table,
    );
    expect(f).toEqual([
      { playerId: 'b', place: 2, prize: 200 },
      { playerId: 'c', place: 3, prize: 100 },
      { playerId: 'a', place: 4, prize: 50 },
    ]);
  });

  it('equal starting chips split the places they cover; the odd tugrik to the earlier seat', () => {
    const f = sharePlaces(
      [
        { playerId: 'x', startingStack: 400 },
        { playerId: 'y', startingStack: 400 },
      ],
      3,
      [300, 201, 100, 51],
    );
    // Places 3 and 4: 100 + 51 = 151 -> 76 and 75.
    expect(f).toEqual([
      { playerId: 'x', place: 3, prize: 76, sharedPlaces: [3, 4] },
      { playerId: 'y', place: 4, prize: 75, sharedPlaces: [3, 4] },
    ]);
  });

  it('mixed: a tie below a bigger stack, across the money line', () => {
    const f = sharePlaces(
      [
        { playerId: 'a', startingStack: 100 },
        { playerId: 'b', startingStack: 800 },
        { playerId: 'c', startingStack: 100 },
        { playerId: 'd', startingStack: 100 },
      ],
      2,
      table,
    );
    expect(f.map((x) => [x.playerId, x.place, x.prize])).toEqual([
      ['b', 2, 200],
      ['a', 3, 50],
      ['c', 4, 50],
      ['d', 5, 50],
    ]);
  });

  it('always pays exactly the prizes of the places covered', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 9 }),
        fc.array(fc.integer({ min: 0, max: 10000 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 12 }),
        (stacks, raw, first) => {
          const prizesByPlace = [...raw].sort((a, b) => b - a);
          const f = sharePlaces(
            stacks.map((s, i) => ({ playerId: `p${i}`, startingStack: s })),
            first,
            prizesByPlace,
          );
          let covered = 0;
          for (let p = first; p < first + stacks.length; p++) covered += prizesByPlace[p - 1] ?? 0;
          expect(sum(f.map((x) => x.prize))).toBe(covered);
          expect(f.map((x) => x.place)).toEqual(stacks.map((_, i) => first + i));
          for (let i = 1; i < f.length; i++) expect(f[i].prize).toBeLessThanOrEqual(f[i - 1].prize + 1);
        },
      ),
    );
  });
});

describe('structure and level clock', () => {
  it('the templates are valid', () => {
    for (const s of [TURBO_SNG, REGULAR_MTT, HEADS_UP_SNG]) expect(validateStructure(s)).toEqual({ ok: true });
  });

  it('validation returns every problem', () => {
    const bad: TournamentStructure = {
      name: 'bad',
      startingStack: 0,
      tableSize: 7 as 9,
      levels: [
        { breakSec: 60 },
        { level: 1, smallBlind: 30, bigBlind: 20, ante: -1, durationSec: 60 },
        { level: 1, smallBlind: 5, bigBlind: 10, ante: 0, durationSec: 0 },
      ],
    };
    const r = validateStructure(bad);
    expect(r.ok).toBe(false);
    const text = r.ok ? '' : r.errors.join('\n');
    for (const m of [/starting stack/, /table size/, /break cannot be first/, /small blind must be/, /ante must be/, /level numbers must increase/, /duration/])
      expect(text).toMatch(m);
    expect(validateStructure({ ...TURBO_SNG, levels: [] }).ok).toBe(false);
  });

  it('levelAt: levels, breaks, and the last level lasting for ever', () => {
    const s: TournamentStructure = {
      name: 't',
      startingStack: 100,
      tableSize: 6,
      levels: [
        { level: 1, smallBlind: 1, bigBlind: 2, ante: 0, durationSec: 60 },
        { breakSec: 30 },
        { level: 2, smallBlind: 2, bigBlind: 4, ante: 4, bigBlindAnte: true, durationSec: 60 },
      ],
    };
    expect(levelAt(s, 0)).toMatchObject({ entryIndex: 0, onBreak: false, msToNext: 60000, level: { level: 1 } });
    expect(levelAt(s, 59999)).toMatchObject({ entryIndex: 0, msToNext: 1 });
    expect(levelAt(s, 60000)).toMatchObject({ entryIndex: 1, onBreak: true, msToNext: 30000, level: { level: 2 } });
    expect(levelAt(s, 90000)).toMatchObject({ entryIndex: 2, onBreak: false, msToNext: null, level: { level: 2 } });
    expect(levelAt(s, 1e9)).toMatchObject({ entryIndex: 2, msToNext: null });
    expect(levelAt(REGULAR_MTT, 6 * 900 * 1000).onBreak).toBe(true);
  });
});
