import { useEffect } from 'react';
import { playSound } from '../../../shared/sound/synth';

// The tab title flashes while the player's turn is on at any table of the window: one flasher for
// all of them, so tables ending their turns in any order put the page's own title back.
let waiting = 0;
let original = '';
let timer: ReturnType<typeof setInterval> | null = null;

function flashTitle(title: string): () => void {
  if (waiting++ === 0) {
    original = document.title;
    let on = true;
    document.title = `▶ ${title}`;
    timer = setInterval(() => {
      on = !on;
      document.title = on ? `▶ ${title}` : original;
    }, 800);
  }
  return () => {
    if (--waiting > 0) return;
    if (timer) clearInterval(timer);
    timer = null;
    document.title = original;
  };
}

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
    return flashTitle(opts.title);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the alert starts and stops with the turn only
  }, [myTurn]);
}
