import { memo } from 'react';
import { cardFace } from './cardFaces';

export interface PlayingCardProps {
  /** Card code ('As'); null or undefined draws the back. */
  card?: string | null;
  /** Rendered height in CSS units (number = px). Width follows the 5:7 ratio. */
  height?: number | string;
  fourColour?: boolean;
  /** Greyed out (folded, or not part of the winning hand). */
  dimmed?: boolean;
  highlighted?: boolean;
  className?: string;
}

/** A card drawn in SVG: sharp at any size, no image files. */
export const PlayingCard = memo(function PlayingCard({ card, height = 70, fourColour = false, dimmed, highlighted, className }: PlayingCardProps) {
  const face = card ? cardFace(card, fourColour) : null;
  const style = {
    height,
    width: 'auto',
    aspectRatio: '5 / 7',
    display: 'inline-block',
    opacity: dimmed ? 0.45 : 1,
    filter: highlighted ? 'drop-shadow(0 0 4px #ffd54f)' : 'drop-shadow(0 1px 2px rgba(0,0,0,.4))',
    flex: '0 0 auto',
  } as const;
  if (!face) {
    return (
      <svg viewBox="0 0 100 140" role="img" aria-label="card back" data-card="back" className={className} style={style}>
        <defs>
          <pattern id="mp-back" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="10" height="10" fill="#8e1b2b" />
            <rect width="5" height="10" fill="#a82436" />
          </pattern>
        </defs>
        <rect x="1" y="1" width="98" height="138" rx="9" fill="#fff" stroke="#bbb" />
        <rect x="7" y="7" width="86" height="126" rx="6" fill="url(#mp-back)" />
        <circle cx="50" cy="70" r="16" fill="none" stroke="#f3d27a" strokeWidth="3" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 100 140" role="img" aria-label={face.label} data-card={card} className={className} style={style}>
      <rect x="1" y="1" width="98" height="138" rx="9" fill="#fff" stroke={highlighted ? '#f9a825' : '#bbb'} strokeWidth={highlighted ? 4 : 1.5} />
      {/* Big corner index: what players read first, kept large for phones. */}
      <text
        x="8"
        y="44"
        fontSize={face.rank === '10' ? 40 : 46}
        fontWeight="700"
        fontFamily="Arial, Helvetica, sans-serif"
        fill={face.colour}
        letterSpacing={face.rank === '10' ? -4 : 0}
      >
        {face.rank}
      </text>
      <text x="9" y="82" fontSize="36" fontFamily="Arial, 'Segoe UI Symbol', sans-serif" fill={face.colour}>
        {face.symbol}
      </text>
      <text x="92" y="128" fontSize="64" textAnchor="end" fontFamily="Arial, 'Segoe UI Symbol', sans-serif" fill={face.colour} opacity="0.9">
        {face.symbol}
      </text>
    </svg>
  );
});
