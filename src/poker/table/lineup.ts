// Who is dealt in, where the button goes and who posts: the moving-button rule of online rooms,
// with new players waiting for the big blind unless they post one.
import type { SeatState } from './types';

export interface HandLineup {
  button: number;
  /** Seats dealt in, in the engine's (PHH) order: first left of the button ... the button last. */
  order: number[];
  smallBlindSeat: number;
  bigBlindSeat: number;
  /** Seats posting a dead big blind to come in at once rather than wait. */
  deadPosts: number[];
}

/**
 * The next hand's lineup, or null when fewer than two players can play.
 * `previousButton` is the last hand's button seat (null for the first hand of a session).
 */
export function nextLineup(seats: ReadonlyArray<SeatState | null>, previousButton: number | null): HandLineup | null {
  const n = seats.length;
  const canPlay = (s: number) => {
    const seat = seats[s];
    return !!seat && seat.status === 'ACTIVE' && !seat.leaving && seat.stack > 0;
  };
  const ready = (s: number) => canPlay(s) && (!seats[s]!.waitingForBigBlind || seats[s]!.postBlind);
  const all = [...Array(n).keys()];
  const readySeats = all.filter(ready);
  const playable = all.filter(canPlay);
  if (playable.length < 2) return null;
  // With no game going there is no big blind to wait for: everyone who can play is in.
  const base = readySeats.length >= 2 ? readySeats : playable;

  const start = previousButton ?? n - 1;
  const after = (from: number) => (s: number) => (s - from - 1 + n) % n;
  const button = [...base].sort((a, b) => after(start)(a) - after(start)(b))[0];
  const ordered = (set: number[]) => [...set].sort((a, b) => after(button)(a) - after(button)(b));
  const bbIndex = (len: number) => (len === 2 ? 0 : 1);

  let order = ordered(base);
  if (base === readySeats) {
    // A waiting player comes in when the big blind falls on their seat.
    for (const w of ordered(playable.filter((s) => !readySeats.includes(s)))) {
      const withW = ordered([...base, w]);
      if (withW[bbIndex(withW.length)] === w) {
        order = withW;
        break;
      }
    }
  }
  const smallBlindSeat = order.length === 2 ? button : order[0];
  const bigBlindSeat = order[bbIndex(order.length)];
  const deadPosts = order.filter((s) => seats[s]!.waitingForBigBlind && seats[s]!.postBlind && s !== bigBlindSeat && s !== smallBlindSeat);
  return { button, order, smallBlindSeat, bigBlindSeat, deadPosts };
}
