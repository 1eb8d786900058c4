// The eight-or-better low's strength scale (low.ts evaluates): which five ranks each of the 56
// strengths stands for. Apart from the evaluator so that the apps can word a low without building
// the evaluator's tables.

/** Number of possible eight-or-better lows; the wheel's strength. */
export const LOW_STRENGTH_COUNT = 56;

export const POPCOUNT8 = new Uint8Array(256);
for (let m = 1; m < 256; m++) POPCOUNT8[m] = POPCOUNT8[m >> 1] + (m & 1);

/** Strength per five-bit mask (0 for any other mask), and the mask per strength. */
export const STRENGTH_OF_MASK = new Uint8Array(256);
export const MASK_OF_STRENGTH: number[] = [0];
{
  const fives: number[] = [];
  for (let m = 0; m < 256; m++) if (POPCOUNT8[m] === 5) fives.push(m);
  // Ascending masks are better lows first.
  fives.forEach((m, i) => (STRENGTH_OF_MASK[m] = LOW_STRENGTH_COUNT - i));
  for (let s = 1; s <= LOW_STRENGTH_COUNT; s++) MASK_OF_STRENGTH.push(fives[LOW_STRENGTH_COUNT - s]);
}

/** The five ranks (0..12 = 2..A, the ace as 12) of a low strength, highest first: the wheel is [3, 2, 1, 0, 12]. */
export function lowRanks(strength: number): number[] {
  if (!Number.isInteger(strength) || strength < 1 || strength > LOW_STRENGTH_COUNT) throw new RangeError(`Not a low strength: ${strength}`);
  const m = MASK_OF_STRENGTH[strength];
  const out: number[] = [];
  for (let b = 7; b >= 0; b--) if (m & (1 << b)) out.push(b === 0 ? 12 : b - 1);
  return out;
}
