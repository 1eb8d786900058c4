import { memo, useEffect, useState } from 'react';
import type { SeatSpot, Point } from '../../../shared/ui/seatPositions';
import { ChipStack } from '../../../shared/ui/ChipStack';
import type { TableStore } from '../state/tableStore';

interface Flight {
  id: number;
  from: Point;
  to: Point;
  amount: number;
}

const CENTRE: Point = { x: 50, y: 50 };
const DURATION = 450;
let nextId = 0;

/**
 * Chips sliding to the pot when a street's bets are collected, and from the pot to the winners.
 * A full-size layer is translated by a percentage of its own box, i.e. of the table: a pure
 * transform animation the compositor runs without touching layout.
 */
export const ChipFlights = memo(function ChipFlights({ store, spots, enabled }: { store: TableStore; spots: SeatSpot[]; enabled: boolean }) {
  const [flights, setFlights] = useState<Flight[]>([]);

  useEffect(() => {
    if (!enabled) return;
    // Each flight's end is a timer: cleared with the component, which no longer takes updates.
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = store.onEvent((event, before) => {
      const add: Flight[] = [];
      if (event.kind === 'BETS_COLLECTED') {
        before.seats.forEach((s, i) => {
          if (s && s.bet > 0 && spots[i]) add.push({ id: ++nextId, from: spots[i].bet, to: CENTRE, amount: s.bet });
        });
      } else if (event.kind === 'POT_AWARDED') {
        for (const w of event.winners) if (spots[w.seat]) add.push({ id: ++nextId, from: CENTRE, to: spots[w.seat].seat, amount: w.amount });
      }
      if (!add.length) return;
      setFlights((f) => [...f, ...add]);
      const ids = new Set(add.map((a) => a.id));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setFlights((f) => f.filter((x) => !ids.has(x.id)));
      }, DURATION + 100);
      timers.add(timer);
    });
    return () => {
      off();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [store, spots, enabled]);

  if (!enabled || flights.length === 0) return null;
  return (
    <>
      {flights.map((f) => (
        <div
          key={f.id}
          className="mp-flight"
          data-testid="chip-flight"
          style={{
            position: 'absolute',
            inset: 0,
            pointerEvents: 'none',
            zIndex: 5,
            ['--dx' as string]: `${f.to.x - f.from.x}%`,
            ['--dy' as string]: `${f.to.y - f.from.y}%`,
          }}
        >
          <div style={{ position: 'absolute', left: `${f.from.x}%`, top: `${f.from.y}%`, transform: 'translate(-50%, -50%)' }}>
            <ChipStack amount={f.amount} size={18} />
          </div>
        </div>
      ))}
    </>
  );
});
