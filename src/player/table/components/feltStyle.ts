import type { CSSProperties } from 'react';

// The table's frame, shared by the table and its skeleton (shown while the first snapshot comes),
// so the one turns into the other without a shift.

/** The page covers the viewport like a poker client window: nothing scrolls, on any screen. */
export const TABLE_ROOT_STYLE = {
  position: 'fixed',
  inset: 0,
  zIndex: 1200,
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  background: 'radial-gradient(ellipse at center, #1d3a2c 0%, #0b1611 100%)',
  color: '#fff',
} as const;

/** A table among several in one window: it fills its tile instead of the viewport. */
export const TILE_ROOT_STYLE = { ...TABLE_ROOT_STYLE, position: 'absolute', zIndex: 'auto' } as const;

/** The hand log and chat beside the table on a wide screen. */
export const TABLE_ASIDE_STYLE = { width: 300, background: 'rgba(0,0,0,.35)', borderLeft: '1px solid rgba(255,255,255,.1)' } as const;

/** The bottom strip (the player's panel), within thumb reach on phones. */
export function panelSx(compact: boolean) {
  return {
    px: compact ? 1 : 2,
    pt: 1,
    pb: 'max(8px, env(safe-area-inset-bottom))',
    bgcolor: 'rgba(0,0,0,.6)',
    color: '#fff',
    minHeight: compact ? 64 : 72,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
  } as const;
}

/** The oval, inset so seats on its rim stay inside the box. */
export function ovalStyle(portrait: boolean, compact: boolean): CSSProperties {
  return {
    position: 'absolute',
    left: portrait ? '9%' : '7%',
    right: portrait ? '9%' : '7%',
    top: portrait ? '9%' : '11%',
    bottom: portrait ? '9%' : '11%',
    borderRadius: '50%',
    border: `${compact ? 7 : 12}px solid #4a3020`,
    background: 'radial-gradient(ellipse at center, #2f8a57 0%, #1e6b40 55%, #134a2c 100%)',
    boxShadow: 'inset 0 0 40px rgba(0,0,0,.55), 0 10px 30px rgba(0,0,0,.45)',
  };
}

/** The room's mark printed on the felt, below the board: decoration only. */
export function feltLogoStyle(portrait: boolean): CSSProperties {
  return { position: 'absolute', left: '50%', top: portrait ? '70%' : '72%', transform: 'translate(-50%, -50%)', opacity: 0.16, pointerEvents: 'none' };
}
