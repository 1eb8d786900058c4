import { useEffect } from 'react';
import { playSound } from '../../../shared/sound/synth';

/**
 * "Your turn": a chime, a short vibration on phones (where the browser allows it) and the tab
 * title flashing while the tab is in the background.
 */
export function useTurnAlert(myTurn: boolean, opts: { sound: boolean; title: string }): void {
  useEffect(() => {
    if (!myTurn) return;
    if (opts.sound) playSound('turn');
    try {
      if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate([120, 60, 120]);
    } catch {
      /* vibration refused (no user gesture yet): fine */
    }
    if (typeof document === 'undefined') return;
    const original = document.title;
    let on = true;
    const timer = setInterval(() => {
      on = !on;
      document.title = on ? `▶ ${opts.title}` : original;
    }, 800);
    document.title = `▶ ${opts.title}`;
    return () => {
      clearInterval(timer);
      document.title = original;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the alert starts and stops with the turn only
  }, [myTurn]);
}
