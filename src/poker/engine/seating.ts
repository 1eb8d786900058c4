// From a live table (seats round the table, some empty, a button) to the PHH player order the
// engine uses: p1 = first occupied seat left of the button (small blind), ..., last = button.
// Heads-up this is [big blind, button]; the engine then has the button post the small blind
// and act first preflop, so a table shrinking from three players to two needs nothing special.

export interface SeatingInput<P> {
  /** Seat index -> occupant (null when empty), in clockwise order. */
  readonly seats: readonly (P | null)[];
  /** The button's seat. If it is empty (its player left), the order still starts left of it. */
  readonly button: number;
}

export interface Seating<P> {
  /** Seat of each player in PHH order. */
  readonly seatOrder: readonly number[];
  readonly players: readonly P[];
}

export function seatingOrder<P>(input: SeatingInput<P>): Seating<P> {
  const n = input.seats.length;
  if (!Number.isInteger(input.button) || input.button < 0 || input.button >= n) throw new RangeError(`button seat ${input.button} is off the table`);
  const seatOrder: number[] = [];
  const players: P[] = [];
  for (let k = 1; k <= n; k++) {
    const seat = (input.button + k) % n;
    const p = input.seats[seat];
    if (p !== null && p !== undefined) {
      seatOrder.push(seat);
      players.push(p);
    }
  }
  return { seatOrder, players };
}

/** The next hand's button: the next occupied seat clockwise (the button moves one player). */
export function nextButton(seats: readonly (unknown | null)[], button: number): number {
  const n = seats.length;
  for (let k = 1; k <= n; k++) {
    const seat = (button + k) % n;
    if (seats[seat] !== null && seats[seat] !== undefined) return seat;
  }
  return button;
}

/**
 * Blinds (and optional straddle) as per-player data in PHH order. Heads-up PHH still lists
 * [small, big]; the engine applies the heads-up swap itself.
 */
export function blindsFor(players: number, smallBlind: number, bigBlind: number, straddle = 0): number[] {
  const out = new Array<number>(players).fill(0);
  out[0] = smallBlind;
  out[1] = bigBlind;
  if (straddle > 0 && players > 3) out[2] = straddle;
  return out;
}
