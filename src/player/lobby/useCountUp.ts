import { useEffect, useRef, useState } from 'react';

/**
 * Animates from the shown value to `target` over `durationMs` (ease-out). The first value is
 * shown as it is; later changes count up (or down).
 */
export function useCountUp(target: number | null, durationMs = 1500): number | null {
  const [shown, setShown] = useState<number | null>(target);
  const shownRef = useRef<number | null>(target);
  useEffect(() => {
    if (target === null) return;
    const from = shownRef.current;
    if (from === null || from === target) {
      shownRef.current = target;
      setShown(target);
      return;
    }
    let start: number | null = null;
    let raf = 0;
    const step = (now: number) => {
      start ??= now; // the frame clock, whatever its origin
      const p = Math.max(0, Math.min(1, (now - start) / durationMs));
      const eased = 1 - Math.pow(1 - p, 3);
      const v = Math.round(from + (target - from) * eased);
      shownRef.current = v;
      setShown(v);
      if (p < 1) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [target, durationMs]);
  // The first value shows in the very render that brings it (not one effect later, which left a
  // frame of "—" after the amount was known).
  return shown ?? target;
}
