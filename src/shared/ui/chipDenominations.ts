// Breaking an amount (integer tugrik) into casino chips, for the stacks drawn on the table.
// Pure and framework-free: ChipStack draws what this returns, the tests check it alone.

/** One chip denomination and how it looks. */
export interface ChipDenomination {
  /** Face value in tugrik. */
  value: number;
  /** Face colour. */
  colour: string;
  /** The edge spots and the inlay ring on the face (contrasts with `colour`). */
  spot: string;
  /** Outline: dark around light chips, light around dark ones, so every chip shows on the green
   * felt and on a light or a dark page. */
  edge: string;
}

const DARK_EDGE = 'rgba(0,0,0,.6)';
const LIGHT_EDGE = 'rgba(255,255,255,.7)';

/**
 * The ladder, smallest first: a casino's 1, 5, 25, 100, 500, 1,000, repeated ×1,000 up to
 * 25,000,000. Each value is a multiple of the one below, so the greedy breakdown is also the one
 * with the fewest chips. The first colours are the conventional ones (white 1, red 5, green 25,
 * black 100, purple 500, yellow 1,000); above, colours that no near denomination shares.
 * Table amounts (blinds 100/200, stacks 20,000-200,000) mostly use black to sky blue.
 */
export const CHIP_LADDER: readonly ChipDenomination[] = [
  { value: 1, colour: '#f5f5f5', spot: '#1e63c8', edge: DARK_EDGE }, // white
  { value: 5, colour: '#d32f2f', spot: '#ffffff', edge: DARK_EDGE }, // red
  { value: 25, colour: '#3cb043', spot: '#ffffff', edge: DARK_EDGE }, // green, lighter than the felt
  { value: 100, colour: '#222222', spot: '#ffffff', edge: LIGHT_EDGE }, // black
  { value: 500, colour: '#7b1fa2', spot: '#ffffff', edge: LIGHT_EDGE }, // purple
  { value: 1_000, colour: '#fdd835', spot: '#3e2723', edge: DARK_EDGE }, // yellow
  { value: 5_000, colour: '#f06292', spot: '#ffffff', edge: DARK_EDGE }, // pink
  { value: 25_000, colour: '#29b6f6', spot: '#ffffff', edge: DARK_EDGE }, // sky blue
  { value: 100_000, colour: '#fb8c00', spot: '#ffffff', edge: DARK_EDGE }, // orange
  { value: 500_000, colour: '#6d4c41', spot: '#ffcc80', edge: LIGHT_EDGE }, // brown
  { value: 1_000_000, colour: '#b0bec5', spot: '#c62828', edge: DARK_EDGE }, // silver
  { value: 5_000_000, colour: '#00897b', spot: '#fdd835', edge: DARK_EDGE }, // teal
  { value: 25_000_000, colour: '#1a237e', spot: '#fdd835', edge: LIGHT_EDGE }, // navy
];

/** At most this many chips are drawn in one column (a taller stack would move the layout). */
export const MAX_CHIPS_PER_COLUMN = 10;
/** At most this many columns: the largest denominations in use (small change is dropped). */
export const MAX_CHIP_COLUMNS = 4;

/** One stack of same-value chips. */
export interface ChipColumn {
  chip: ChipDenomination;
  /** How many chips of this value the amount holds. */
  count: number;
  /** How many to draw: `count` up to the per-column cap. */
  shown: number;
}

/**
 * Greedy breakdown, largest denomination first, of the whole amount: one column per
 * denomination used (largest first), `count` exact, so the columns sum to the amount.
 * Amounts are integers; a fraction is dropped, and 0, negative or non-finite gives [].
 */
export function chipBreakdown(amount: number, maxChips = MAX_CHIPS_PER_COLUMN): ChipColumn[] {
  if (!Number.isFinite(amount) || amount < 1) return [];
  let rest = Math.floor(amount);
  const out: ChipColumn[] = [];
  for (let i = CHIP_LADDER.length - 1; i >= 0 && rest > 0; i--) {
    const chip = CHIP_LADDER[i];
    const count = Math.floor(rest / chip.value);
    if (count === 0) continue;
    rest -= count * chip.value;
    out.push({ chip, count, shown: Math.min(count, maxChips) });
  }
  return out;
}

/**
 * The columns to draw: the breakdown cut to the `maxColumns` largest denominations (so an odd
 * 1-tugrik remainder does not add a fifth stack), each drawing at most `maxChips` chips.
 * After the cut the columns no longer sum to the amount; the label beside them says it exactly.
 */
export function chipColumns(amount: number, maxColumns = MAX_CHIP_COLUMNS, maxChips = MAX_CHIPS_PER_COLUMN): ChipColumn[] {
  const all = chipBreakdown(amount, maxChips);
  return all.length > maxColumns ? all.slice(0, Math.max(0, maxColumns)) : all;
}
