import { useEffect } from 'react';
import { onNextGesture, playSound, type SoundName } from '../../../shared/sound/synth';
import { startMusic } from '../../../shared/sound/music';
import type { TableEvent } from '../../../shared/protocol/table-events';
import type { TableStore } from '../state/tableStore';

export function soundFor(event: TableEvent, mySeat: number | null): SoundName | null {
  switch (event.kind) {
    case 'CARDS_DEALT':
    case 'STREET':
      return event.kind === 'STREET' && event.street === 'SHOWDOWN' ? null : 'deal';
    case 'ACTED':
      return event.action === 'FOLD' ? 'fold' : event.action === 'CHECK' ? 'check' : 'chips';
    case 'POSTED':
    case 'BETS_COLLECTED':
      return 'chips';
    case 'POT_AWARDED':
      return event.winners.some((w) => w.seat === mySeat) ? 'win' : 'chips';
    default:
      return null;
  }
}

/** Table sounds from events, and the optional music loop; both follow the settings at once. */
export function useTableSounds(store: TableStore, sounds: boolean, music: boolean): void {
  useEffect(() => {
    if (!sounds) return;
    return store.onEvent((event, _b, after) => {
      const s = soundFor(event, after.mySeat);
      if (s) playSound(s);
    });
  }, [store, sounds]);

  useEffect(() => {
    if (!music) return;
    let loop = startMusic();
    // Browsers allow audio only after a gesture (a table opened from a link has had none): the
    // music starts at the first click or key.
    const cancel = loop ? undefined : onNextGesture(() => (loop = startMusic()));
    return () => {
      cancel?.();
      loop?.stop();
    };
  }, [music]);
}
