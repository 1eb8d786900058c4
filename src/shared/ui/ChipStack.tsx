import { memo } from 'react';

// Chip colours by the usual denominations (in big blinds), so a stack reads at a glance.
const COLOURS = ['#e0e0e0', '#d32f2f', '#1976d2', '#2e7d32', '#212121', '#7b1fa2', '#f9a825'];

/** How many chips to draw (1..5) and their colour, from the amount in big blinds. */
export function chipLook(amount: number, bigBlind: number): { count: number; colour: string } {
  const bb = bigBlind > 0 ? amount / bigBlind : amount;
  const tier = bb < 1 ? 0 : bb < 5 ? 1 : bb < 20 ? 2 : bb < 50 ? 3 : bb < 100 ? 4 : bb < 500 ? 5 : 6;
  const count = Math.max(1, Math.min(5, Math.ceil(Math.log2(bb + 1))));
  return { count, colour: COLOURS[tier] };
}

export interface ChipStackProps {
  amount: number;
  bigBlind: number;
  /** Pre-formatted amount shown beside the chips. */
  label?: string;
  size?: number;
}

export const ChipStack = memo(function ChipStack({ amount, bigBlind, label, size = 18 }: ChipStackProps) {
  const { count, colour } = chipLook(amount, bigBlind);
  const h = size + (count - 1) * 3;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }} data-chips={amount}>
      <svg width={size} height={h} viewBox={`0 0 20 ${20 + (count - 1) * 3.3}`} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => {
          const cy = 10 + (count - 1 - i) * 3.3;
          return (
            <g key={i}>
              <circle cx="10" cy={cy} r="9" fill={colour} stroke="rgba(0,0,0,.45)" strokeWidth="1" />
              <circle cx="10" cy={cy} r="6" fill="none" stroke="#fff" strokeWidth="1.6" strokeDasharray="3 2.3" />
            </g>
          );
        })}
      </svg>
      {label !== undefined && <span style={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{label}</span>}
    </span>
  );
});
