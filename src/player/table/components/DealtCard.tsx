import { useState, type CSSProperties, type ReactNode } from 'react';

export interface DealtCardProps {
  /** 'flip': a card that was face down turns over (a showdown); 'deal': it arrives from the middle. */
  entry: 'deal' | 'flip';
  /** Where the card comes from, relative to where it lands (px): the middle of the table. */
  from?: { x: number; y: number };
  delayMs?: number;
  children: ReactNode;
}

/**
 * How a card arrives, decided once when it mounts: a later render (the card still on the felt)
 * never plays it again. The animation is on this inner box, so the outer box's own transform (a
 * fan of hole cards, a winning card raised) is not overridden by the animation's end state.
 * TABLE_CSS holds the keyframes; the animations setting and reduced motion turn them off.
 */
export function DealtCard({ entry, from, delayMs = 0, children }: DealtCardProps) {
  const [how] = useState(entry);
  const style: CSSProperties & Record<'--from-x' | '--from-y', string> = {
    '--from-x': `${from?.x ?? 0}px`,
    '--from-y': `${from?.y ?? -40}px`,
    animationDelay: delayMs ? `${delayMs}ms` : undefined,
  };
  return (
    <div className={how === 'flip' ? 'mp-flip' : 'mp-deal'} data-entry={how} style={style}>
      {children}
    </div>
  );
}
