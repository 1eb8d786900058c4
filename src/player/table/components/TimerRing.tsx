import { useEffect, useRef } from 'react';
import { timerColour, timerState } from '../logic/timer';

export interface TimerRingProps {
  actionDeadline: number | null;
  timeBankDeadline: number | null;
  actionTimeMs: number;
  /** The server's clock as seen here. */
  now: () => number;
  size: number;
}

const STROKE = 4;

/**
 * The countdown around the acting player's avatar. Updated per animation frame by writing to the
 * SVG directly: no React render per frame, so a running clock costs nothing elsewhere.
 */
export function TimerRing({ actionDeadline, timeBankDeadline, actionTimeMs, now, size }: TimerRingProps) {
  const ring = useRef<SVGCircleElement>(null);
  const root = useRef<SVGSVGElement>(null);
  const r = (size - STROKE) / 2;
  const circumference = 2 * Math.PI * r;
  const first = timerState(now(), actionDeadline, timeBankDeadline, actionTimeMs);

  useEffect(() => {
    let handle = 0;
    const raf = globalThis.requestAnimationFrame?.bind(globalThis) ?? ((cb: FrameRequestCallback) => setTimeout(() => cb(Date.now()), 50) as unknown as number);
    const cancel = globalThis.cancelAnimationFrame?.bind(globalThis) ?? ((h: number) => clearTimeout(h));
    const tick = () => {
      const t = timerState(now(), actionDeadline, timeBankDeadline, actionTimeMs);
      if (t && ring.current && root.current) {
        ring.current.style.strokeDashoffset = String(circumference * (1 - t.fraction));
        ring.current.style.stroke = timerColour(t);
        root.current.dataset.fraction = t.fraction.toFixed(3);
        root.current.dataset.phase = t.phase;
      }
      if (t && t.phase !== 'over') handle = raf(tick);
    };
    handle = raf(tick);
    return () => cancel(handle);
  }, [actionDeadline, timeBankDeadline, actionTimeMs, now, circumference]);

  if (!first) return null;
  return (
    <svg
      ref={root}
      width={size}
      height={size}
      data-testid="timer-ring"
      data-fraction={first.fraction.toFixed(3)}
      data-phase={first.phase}
      style={{ position: 'absolute', inset: 0, transform: 'rotate(-90deg)', pointerEvents: 'none' }}
      aria-hidden="true"
    >
      <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="rgba(0,0,0,.35)" strokeWidth={STROKE} />
      <circle
        ref={ring}
        cx={size / 2}
        cy={size / 2}
        r={r}
        fill="none"
        strokeWidth={STROKE}
        strokeLinecap="round"
        strokeDasharray={circumference}
        style={{ strokeDashoffset: circumference * (1 - first.fraction), stroke: timerColour(first) }}
      />
    </svg>
  );
}
