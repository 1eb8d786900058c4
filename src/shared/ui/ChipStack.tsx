import { memo } from 'react';
import { CHIP_LADDER, chipColumns, type ChipColumn } from './chipDenominations';

// A bet or a pot drawn as real rooms draw it: one stack per denomination (largest on the left),
// chips seen slightly from above, each column a little irregular. Geometry in viewBox units, one
// column 20 units wide (scaled to `size` px); all of a column's chips go in four SVG elements
// (edges, edge spots, top face, inlay), however many chips it has.

const RX = 9.2; // chip radius across
const RY = 4.6; // … and seen in perspective
const T = 2.2; // chip thickness: ~2 px per chip at size 18
const PAD = 0.8; // room for the outline and the wobble
const PITCH = 16.5; // column to column: neighbours overlap a little
const STROKE = 0.7;
// Sideways wobble of the chips of a stack, bottom first (fixed, so a re-render never moves them).
const WOBBLE = [0, 0.5, -0.4, 0.3, -0.5, 0.4, -0.2, 0.5, -0.3, 0.2];

const r2 = (n: number) => Math.round(n * 100) / 100;

/** `hex` (#rrggbb) darkened by `f`: the chips' edges. */
function shade(hex: string, f: number): string {
  const n = parseInt(hex.slice(1), 16);
  const c = (v: number) =>
    Math.round(v * f)
      .toString(16)
      .padStart(2, '0');
  return `#${c(n >> 16)}${c((n >> 8) & 255)}${c(n & 255)}`;
}
const SIDE = new Map(CHIP_LADDER.map((c) => [c.value, shade(c.colour, 0.78)]));

/** One column's elements (a plain function, not a component: nothing to reconcile on its own). */
function column(col: ChipColumn, cx: number, bottom: number) {
  const { chip, shown } = col;
  let edges = '';
  let spots = '';
  let x = cx;
  let y = bottom;
  for (let k = 0; k < shown; k++) {
    // Chip k's top face is centred on (x, y); its edge is the band down to the same ellipse T lower.
    x = r2(cx + WOBBLE[k % WOBBLE.length]);
    y = r2(bottom - k * T);
    const l = r2(x - RX);
    const r = r2(x + RX);
    edges += `M${l} ${y}A${RX} ${RY} 0 0 0 ${r} ${y}V${r2(y + T)}A${RX} ${RY} 0 0 1 ${l} ${r2(y + T)}Z`;
    spots += `M${l} ${r2(y + T / 2)}A${RX} ${RY} 0 0 0 ${r} ${r2(y + T / 2)}`;
  }
  return (
    <g key={chip.value} data-denomination={chip.value} data-count={shown}>
      <path d={edges} fill={SIDE.get(chip.value)} stroke={chip.edge} strokeWidth={STROKE} />
      <path d={spots} fill="none" stroke={chip.spot} strokeWidth={r2(T * 0.55)} strokeDasharray="2.4 2.6" />
      <ellipse cx={x} cy={y} rx={RX} ry={RY} fill={chip.colour} stroke={chip.edge} strokeWidth={STROKE} />
      <ellipse cx={x} cy={y} rx={r2(RX * 0.62)} ry={r2(RY * 0.62)} fill="none" stroke={chip.spot} strokeWidth="0.9" strokeDasharray="2 1.6" />
    </g>
  );
}

export interface ChipStackProps {
  amount: number;
  /** Pre-formatted amount shown beside the chips. */
  label?: string;
  /** Width of one column (one chip) in px. */
  size?: number;
  /** At most this many stacks side by side (the largest denominations): a phone's bets have less room. */
  maxColumns?: number;
}

export const ChipStack = memo(function ChipStack({ amount, label, size = 18, maxColumns }: ChipStackProps) {
  const cols = chipColumns(amount, maxColumns);
  let tallest = 0;
  for (const c of cols) tallest = Math.max(tallest, c.shown);
  const w = 2 * (PAD + RX) + (cols.length - 1) * PITCH;
  const h = 2 * (PAD + RY) + tallest * T;
  const bottom = h - PAD - RY - T; // top face of the bottom chip
  const scale = size / (2 * (PAD + RX));
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }} data-chips={amount}>
      {cols.length > 0 && (
        <svg width={r2(w * scale)} height={r2(h * scale)} viewBox={`0 0 ${r2(w)} ${r2(h)}`} aria-hidden="true">
          {cols.map((c, i) => column(c, PAD + RX + i * PITCH, bottom))}
        </svg>
      )}
      {label !== undefined && <span style={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{label}</span>}
    </span>
  );
});
