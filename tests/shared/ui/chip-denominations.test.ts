import { describe, expect, it } from 'vitest';
import { CHIP_LADDER, MAX_CHIP_COLUMNS, MAX_CHIPS_PER_COLUMN, chipBreakdown, chipColumns, type ChipColumn } from '../../../src/shared/ui/chipDenominations';

/** [value, count] pairs, largest first. */
const pairs = (cols: ChipColumn[]) => cols.map((c) => [c.chip.value, c.count]);
const sum = (cols: ChipColumn[]) => cols.reduce((s, c) => s + c.chip.value * c.count, 0);

describe('the chip ladder', () => {
  it('goes up, each value a multiple of the one below (so greedy is the fewest chips), colours distinct', () => {
    const values = CHIP_LADDER.map((c) => c.value);
    expect(values.slice(0, 6)).toEqual([1, 5, 25, 100, 500, 1_000]);
    for (let i = 1; i < values.length; i++) expect(values[i] % values[i - 1], `${values[i]}`).toBe(0);
    expect(values.at(-1)).toBeGreaterThanOrEqual(25_000_000);
    expect(new Set(CHIP_LADDER.map((c) => c.colour)).size).toBe(CHIP_LADDER.length);
    for (const c of CHIP_LADDER) {
      expect(c.colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(c.edge, 'every chip has an outline').toBeTruthy();
      expect(c.spot).not.toBe(c.colour);
    }
  });
});

describe('chipBreakdown (greedy, uncapped columns)', () => {
  it('breaks amounts greedily from the largest chip', () => {
    expect(pairs(chipBreakdown(1_234))).toEqual([
      [1_000, 1],
      [100, 2],
      [25, 1],
      [5, 1],
      [1, 4],
    ]);
    expect(pairs(chipBreakdown(200))).toEqual([[100, 2]]);
    expect(pairs(chipBreakdown(2_400))).toEqual([
      [1_000, 2],
      [100, 4],
    ]);
    expect(pairs(chipBreakdown(30))).toEqual([
      [25, 1],
      [5, 1],
    ]);
    expect(pairs(chipBreakdown(137_500))).toEqual([
      [100_000, 1],
      [25_000, 1],
      [5_000, 2],
      [1_000, 2],
      [500, 1],
    ]);
  });

  it('sums exactly to the amount, whatever the amount', () => {
    for (const amount of [1, 4, 7, 99, 101, 1_234, 20_000, 55_555, 199_999, 987_654_321, 1e9, 2 ** 40 + 3]) {
      expect(sum(chipBreakdown(amount)), `${amount}`).toBe(amount);
    }
  });

  it('gives nothing for 0, negatives, fractions below one and non-numbers; drops a fraction', () => {
    for (const amount of [0, -1, -5_000, 0.5, NaN, Infinity]) expect(chipBreakdown(amount), `${amount}`).toEqual([]);
    expect(pairs(chipBreakdown(105.9))).toEqual([
      [100, 1],
      [5, 1],
    ]);
  });
});

describe('chipColumns (what ChipStack draws)', () => {
  it('keeps the whole breakdown when it has at most 4 columns', () => {
    expect(MAX_CHIP_COLUMNS).toBe(4);
    const cols = chipColumns(2_400);
    expect(pairs(cols)).toEqual(pairs(chipBreakdown(2_400)));
    expect(sum(cols)).toBe(2_400);
  });

  it('keeps the 4 largest denominations: 1,234 loses its 4 one-tugrik chips', () => {
    const cols = chipColumns(1_234);
    expect(pairs(cols)).toEqual([
      [1_000, 1],
      [100, 2],
      [25, 1],
      [5, 1],
    ]);
    // The label says the exact amount; the dropped small change is under the smallest kept chip.
    expect(1_234 - sum(cols)).toBe(4);
    expect(chipColumns(1_234, 2).map((c) => c.chip.value)).toEqual([1_000, 100]);
    expect(chipColumns(1_234, Infinity)).toHaveLength(5);
  });

  it('draws at most 10 chips a column, keeping the true count', () => {
    expect(MAX_CHIPS_PER_COLUMN).toBe(10);
    // Below the top chip no denomination ever needs more than 4 (the next one up is at most ×5),
    // so the cap only bites on the top chip: 300,000,000 is 12 × 25,000,000.
    expect(chipColumns(300_000_000).map((c) => [c.chip.value, c.count, c.shown])).toEqual([[25_000_000, 12, 10]]);
    expect(chipColumns(1_900).map((c) => [c.count, c.shown])).toEqual([
      [1, 1],
      [1, 1],
      [4, 4],
    ]);
    // With a lower cap (the third argument): 24 = 4×5 + 4×1, three of each drawn.
    expect(chipColumns(24, 4, 3).map((c) => [c.chip.value, c.count, c.shown])).toEqual([
      [5, 4, 3],
      [1, 4, 3],
    ]);
  });

  it('0 or less draws nothing', () => {
    expect(chipColumns(0)).toEqual([]);
    expect(chipColumns(-200)).toEqual([]);
  });

  it('handles a billion: 40 chips of the top denomination, 10 drawn', () => {
    const top = CHIP_LADDER.at(-1)!;
    const cols = chipColumns(1e9);
    expect(cols).toHaveLength(1);
    expect(cols[0].chip).toBe(top);
    expect(cols[0].count).toBe(1e9 / top.value);
    expect(cols[0].shown).toBe(MAX_CHIPS_PER_COLUMN);
    expect(sum(chipBreakdown(1e9 + 1_234))).toBe(1e9 + 1_234);
  });
});
