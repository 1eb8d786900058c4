// Payout tables as data: bands by field size, each a list of per-place shares in basis points
// (10000 = the whole pool), and the exact split of a prize pool into integer amounts.
import { validation, type Validation } from './types';

export interface PayoutBand {
  /** The band covers fields up to this many entrants (above the previous band's limit). */
  readonly maxEntrants: number;
  /** Share of the pool per place, 1st first, in basis points; sums to 10000, never increasing. */
  readonly percents: readonly number[];
}

/** Bands in increasing `maxEntrants`; the last band also covers any larger field. */
export type PayoutTable = readonly PayoutBand[];

/**
 * Shares for `paid` places: weight 1/place + 1/paid (a harmonic curve with a flat floor, so the
 * last places are not crumbs), floored to basis points, the rounding remainder one point each
 * to the top places. Never increasing, each at least 1 point while paid <= 5000.
 */
export function curvePercents(paid: number): number[] {
  const weights: number[] = [];
  let total = 0;
  for (let i = 1; i <= paid; i++) {
    weights.push(1 / i + 1 / paid);
    total += 1 / i + 1 / paid;
  }
  const out = weights.map((w) => Math.floor((w / total) * 10000));
  let rest = 10000 - out.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % paid, rest--) out[i]++;
  return out;
}

const CLASSIC: Readonly<Record<number, readonly number[]>> = { 1: [10000], 2: [6500, 3500], 3: [5000, 3000, 2000] };

const BAND_LIMITS = [
  3, 6, 9, 18, 27, 36, 45, 54, 63, 72, 81, 90, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600, 1800, 2000,
  2500, 3000, 3500, 4000, 5000, 6000, 7000, 8000, 9000, 10000,
];

/**
 * The default table: 2-3 entrants pay 1 place, up to 6 pay 2 (65/35), up to 9 pay 3 (50/30/20);
 * larger bands pay 15% of the band's smallest field (at least 3), so 12% to 15% of a large field.
 */
export function defaultPayoutTable(): PayoutBand[] {
  let prev = 0;
  return BAND_LIMITS.map((maxEntrants) => {
    const paid = maxEntrants <= 3 ? 1 : maxEntrants <= 6 ? 2 : Math.max(3, Math.floor(0.15 * (prev + 1)));
    prev = maxEntrants;
    return { maxEntrants, percents: CLASSIC[paid] ?? curvePercents(paid) };
  });
}

export const DEFAULT_PAYOUT_TABLE: PayoutTable = defaultPayoutTable();

/** Checks a table: limits increasing, shares positive integers summing to 10000, never increasing, no more places than the band's smallest field. */
export function validatePayoutTable(table: PayoutTable): Validation {
  const errors: string[] = [];
  if (!Array.isArray(table) || table.length === 0) return validation(['a payout table needs at least one band']);
  let prev = 0;
  table.forEach((band, b) => {
    const where = `band ${b + 1}`;
    if (!Number.isSafeInteger(band?.maxEntrants) || band.maxEntrants <= prev) errors.push(`${where}: maxEntrants must be an integer above ${prev}`);
    const p: readonly number[] = Array.isArray(band?.percents) ? band.percents : [];
    if (p.length === 0) errors.push(`${where}: at least one place is paid`);
    if (p.length > prev + 1) errors.push(`${where}: pays ${p.length} places but its smallest field is ${prev + 1}`);
    if (!p.every((x) => Number.isSafeInteger(x) && x > 0)) errors.push(`${where}: shares must be positive integers (basis points)`);
    if (p.some((x, i) => i > 0 && x > p[i - 1])) errors.push(`${where}: a place cannot pay more than the place above it`);
    const sum = p.reduce((a, x) => a + x, 0);
    if (sum !== 10000) errors.push(`${where}: shares sum to ${sum}, not 10000`);
    prev = Number.isSafeInteger(band?.maxEntrants) ? band.maxEntrants : prev;
  });
  return validation(errors);
}

/** The band that applies to a field of `entrants` (the last band for any larger field). */
export function payoutBand(entrants: number, table: PayoutTable): PayoutBand {
  for (const band of table) if (entrants <= band.maxEntrants) return band;
  return table[table.length - 1];
}

export const paidPlaces = (entrants: number, table: PayoutTable): number => payoutBand(entrants, table).percents.length;

/**
 * Prize per place (index 0 = 1st) for a pool of integer tugrik: each place gets its share
 * rounded down, then the remainder (fewer tugrik than places paid) goes one tugrik each to 1st,
 * 2nd, ... So the amounts are integers, never increasing, and sum exactly to the pool.
 * The table must be valid (validatePayoutTable); a bad pool or field is a RangeError.
 */
export function prizes(pool: number, entrants: number, table: PayoutTable = DEFAULT_PAYOUT_TABLE): number[] {
  if (!Number.isSafeInteger(pool) || pool < 0) throw new RangeError(`prize pool must be a non-negative integer, not ${pool}`);
  if (!Number.isSafeInteger(entrants) || entrants < 1) throw new RangeError(`entrants must be a positive integer, not ${entrants}`);
  const percents = payoutBand(entrants, table).percents;
  const big = BigInt(pool);
  const out = percents.map((bp) => Number((big * BigInt(bp)) / 10000n));
  let rest = pool - out.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i++, rest--) out[i]++;
  return out;
}
