import { useEffect, useState } from 'react';
import type { TableView } from '../../../shared/protocol/table-view';
import type { TableEvent } from '../../../shared/protocol/table-events';
import type { TableStore } from '../state/tableStore';

export interface SeatResult {
  won?: number;
  /** "Full house, tens over fours", from SHOWED / POT_AWARDED. */
  description?: string | null;
  /** The five cards that made the winning hand (hole and board), once known. */
  best?: readonly string[];
}

export interface Showdown {
  /** Per seat; untouched seats keep their object so memoised seats skip rendering. */
  results: Record<number, SeatResult>;
  /** "Bataa wins 12,000 with Full house, tens over fours". */
  winners: Array<{ seat: number; name: string; amount: number; description: string | null }>;
  /** Board cards in a winner's best five. */
  winning: ReadonlySet<string>;
  /** Hi-lo and run it twice: who won each board's high and low halves, added up over the pots. */
  parts: PartWin[];
}

export interface PartWin {
  board: 1 | 2;
  half: 'high' | 'low';
  seat: number;
  name: string;
  amount: number;
}

const EMPTY: Showdown = { results: {}, winners: [], winning: new Set(), parts: [] };

/** The pot's parts added to the ones already won (same board, half and seat: one line). */
function addParts(parts: PartWin[], event: Extract<TableEvent, { kind: 'POT_AWARDED' }>, nameOf: (seat: number) => string): PartWin[] {
  if (!event.parts) return parts;
  const out = parts.map((p) => ({ ...p }));
  for (const part of event.parts)
    for (const w of part.winners) {
      const known = out.find((p) => p.board === part.board && p.half === part.half && p.seat === w.seat);
      if (known) known.amount += w.amount;
      else out.push({ board: part.board, half: part.half, seat: w.seat, name: nameOf(w.seat), amount: w.amount });
    }
  return out.sort((a, b) => a.board - b.board || (a.half === b.half ? 0 : a.half === 'high' ? -1 : 1));
}

/**
 * The five cards that make a shown winner's hand (hold'em: best of seven; Omaha: two and three).
 * The evaluator loads on the first showdown, not with the table.
 */
async function bestFiveOf(view: TableView, seat: number): Promise<string[] | null> {
  const hole = view.seats[seat]?.cards;
  const board = view.hand?.board ?? [];
  if (!hole || hole.length < 2 || board.length < 3) return null;
  const [{ bestFive, bestFiveOmaha }, { parseCard, cardToString }] = await Promise.all([
    import('../../../poker/eval/best-five'),
    import('../../../poker/cards'),
  ]);
  try {
    const h = hole.map(parseCard);
    const b = board.map(parseCard);
    // Short deck ranks its own way and hi-lo has two hands: no single five to light up.
    if (view.variant === 'NS' || view.variant.endsWith('/8')) return null;
    const r = h.length > 2 ? bestFiveOmaha(h, b) : bestFive([...h, ...b]);
    return r.cards.map(cardToString);
  } catch {
    return null;
  }
}

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
            const parts = addParts(s.parts, event, (seat) => after.seats[seat]?.username ?? `#${seat + 1}`);
            return { ...s, results, winners, parts };
          });
          for (const w of event.winners)
            void bestFiveOf(after, w.seat).then((best) => {
              if (!best) return;
              setState((s) => {
                // The next hand may have started meanwhile.
                if (!s.results[w.seat]?.won) return s;
                const winning = new Set(s.winning);
                for (const c of best) if (after.hand?.board.includes(c)) winning.add(c);
                return { ...s, results: { ...s.results, [w.seat]: { ...s.results[w.seat], best } }, winning };
              });
            });
        }
      }),
    [store],
  );
  return state;
}
