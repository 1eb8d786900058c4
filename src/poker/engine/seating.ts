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

/** The table's forced bets for one hand, as the table core states them (PHH order, as `blindsFor`). */
export interface ForcedBetsInput {
  readonly players: number;
  readonly smallBlind: number;
  readonly bigBlind: number;
  /** An optional straddle: under the gun (p3, the first left of the big blind) or the button's (the last player). */
  readonly straddle?: { readonly position: 'utg' | 'button'; readonly amount: number } | null;
  /** An ante: from everyone, from the big blind only, or from the button only. */
  readonly ante?: { readonly from: 'all' | 'big-blind' | 'button'; readonly amount: number } | null;
  /** A bomb pot: everyone antes this, no blinds, no straddle; createHand then skips the preflop betting. */
  readonly bombPotAnte?: number | null;
}

/**
 * `antes`, `blindsOrStraddles` and `bombPot` for createHand. Heads-up the engine swaps the two
 * entries (the button posts the small blind), so the big blind and its ante stay at index 1 and the
 * button's ante is index 0; a straddle needs three players or more.
 */
export function forcedBets(input: ForcedBetsInput): { antes: number[]; blindsOrStraddles: number[]; bombPot: boolean } {
  const n = input.players;
  const antes = new Array<number>(n).fill(0);
  if (input.bombPotAnte != null && input.bombPotAnte > 0)
    return { antes: antes.fill(input.bombPotAnte), blindsOrStraddles: new Array<number>(n).fill(0), bombPot: true };
  const blinds = blindsFor(n, input.smallBlind, input.bigBlind);
  const s = input.straddle;
  if (s && s.amount > 0 && n >= 3) blinds[s.position === 'utg' ? 2 : n - 1] = s.amount;
  const a = input.ante;
  if (a && a.amount > 0) {
    if (a.from === 'all') antes.fill(a.amount);
    else if (a.from === 'big-blind') antes[1] = a.amount;
    else antes[n === 2 ? 0 : n - 1] = a.amount;
  }
  return { antes, blindsOrStraddles: blinds, bombPot: false };
}
