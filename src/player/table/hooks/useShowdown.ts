import { useEffect, useState } from 'react';
import type { TableStore } from '../state/tableStore';
import type { SeatResult } from '../components/Seat';

export interface Showdown {
  /** Per seat; untouched seats keep their object so memoised seats skip rendering. */
  results: Record<number, SeatResult>;
  /** "Bataa wins 12,000 with Full house, tens over fours". */
  winners: Array<{ seat: number; name: string; amount: number; description: string | null }>;
}

const EMPTY: Showdown = { results: {}, winners: [] };

/** Hand names and winnings from SHOWED / POT_AWARDED, cleared when the next hand starts. */
export function useShowdown(store: TableStore): Showdown {
  const [state, setState] = useState<Showdown>(EMPTY);
  useEffect(
    () =>
      store.onEvent((event, _before, after) => {
        if (event.kind === 'HAND_STARTED' || event.kind === 'HAND_VOIDED') {
          setState((s) => (s === EMPTY ? s : EMPTY));
        } else if (event.kind === 'SHOWED') {
          setState((s) => ({ ...s, results: { ...s.results, [event.seat]: { ...s.results[event.seat], description: event.description } } }));
        } else if (event.kind === 'POT_AWARDED') {
          setState((s) => {
            const results = { ...s.results };
            const winners = [...s.winners];
            for (const w of event.winners) {
              const prev = results[w.seat];
              results[w.seat] = { won: (prev?.won ?? 0) + w.amount, description: prev?.description ?? event.description };
              const name = after.seats[w.seat]?.username ?? `#${w.seat + 1}`;
              const known = winners.find((x) => x.seat === w.seat);
              if (known) known.amount += w.amount;
              else winners.push({ seat: w.seat, name, amount: w.amount, description: event.description });
            }
            return { results, winners };
          });
        }
      }),
    [store],
  );
  return state;
}
