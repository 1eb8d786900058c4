import { useCallback, useEffect, useState, type RefObject } from 'react';

/** The Fullscreen API on the table element (phones get the whole screen for the felt). */
export function useFullscreen(ref: RefObject<HTMLElement | null>): { active: boolean; toggle: () => void } {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    else void ref.current?.requestFullscreen?.().catch(() => {});
  }, [ref]);
  return { active, toggle };
}
