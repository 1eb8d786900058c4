// The initial random draw, and where the blinds fall at a table: who is big blind next, and
// which empty seat is the "worst" one for a player moved in (the soonest to post the big blind).
import { nextButton, seatingOrder } from '../engine/seating';
import { shuffle, type RandomInt } from '../fair/shuffle';
import type { PlayerId, TableSeats } from './types';

export interface InitialDraw {
  readonly tables: readonly TableSeats[];
}

/**
 * Random draw: players shuffled with the injected source and dealt round the tables, so table
 * sizes differ by at most one; seats spread evenly round each table; the button on a random
 * occupied seat. Tables are numbered 1, 2, ... Needs at least two players.
 */
export function drawSeats(players: readonly PlayerId[], tableSize: number, randomInt: RandomInt): InitialDraw {
  if (players.length < 2) throw new RangeError('a tournament needs at least two players');
  const count = Math.ceil(players.length / tableSize);
  const order = shuffle(players, randomInt);
  const tables: TableSeats[] = [];
  for (let t = 0; t < count; t++) {
    const mine = order.filter((_, i) => i % count === t);
    const seats: (PlayerId | null)[] = new Array<PlayerId | null>(tableSize).fill(null);
    mine.forEach((p, j) => {
      seats[Math.floor((j * tableSize) / mine.length)] = p;
    });
    const occupied = occupiedSeats(seats);
    tables.push({ id: t + 1, seats, button: occupied[randomInt(occupied.length)], handsDealt: 0 });
  }
  return { tables };
}

export function occupiedSeats(seats: readonly (PlayerId | null)[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < seats.length; i++) if (seats[i] !== null) out.push(i);
  return out;
}

export function playerCount(t: { readonly seats: readonly (PlayerId | null)[] }): number {
  let n = 0;
  for (let i = 0; i < t.seats.length; i++) if (t.seats[i] !== null) n++;
  return n;
}

/** The button seat of the next hand: the drawn button before the first hand, then one occupied seat on. */
export function nextHandButton(t: Pick<TableSeats, 'seats' | 'button' | 'handsDealt'>): number {
  if (t.handsDealt === 0 && t.seats[t.button] !== null) return t.button;
  return nextButton(t.seats, t.button);
}

/** Seat that posts the big blind with this button (heads-up: the player who is not the button). */
export function bigBlindSeat(seats: readonly (PlayerId | null)[], button: number): number | null {
  const order = seatingOrder({ seats, button }).seatOrder;
  if (order.length < 2) return order.length === 1 ? order[0] : null;
  return order.length === 2 ? order[0] : order[1];
}

/** Seat of the player who will be big blind in the table's next hand (null at an empty table). */
export function bigBlindNext(t: Pick<TableSeats, 'seats' | 'button' | 'handsDealt'>): number | null {
  return bigBlindSeat(t.seats, nextHandButton(t));
}

/** Hands until a player sitting in `seat` posts the big blind (1 = the next hand). */
function handsToBigBlind(t: Pick<TableSeats, 'seats' | 'button' | 'handsDealt'>, seat: number): number {
  let button = nextHandButton(t);
  for (let k = 1; k <= t.seats.length; k++) {
    if (bigBlindSeat(t.seats, button) === seat) return k;
    button = nextButton(t.seats, button);
  }
  return t.seats.length + 1;
}

/**
 * The empty seat where an incoming player posts the big blind soonest: the big blind itself if
 * that seat is free, else the nearest seat that reaches it first. So a moved player never gets a
 * free ride through the blinds. Ties (neighbouring empty seats) go to the lower seat number.
 * Null when the table is full.
 */
export function worstSeat(t: Pick<TableSeats, 'seats' | 'button' | 'handsDealt'>, player: PlayerId): number | null {
  let best: number | null = null;
  let bestHands = Infinity;
  for (let seat = 0; seat < t.seats.length; seat++) {
    if (t.seats[seat] !== null) continue;
    const seats = t.seats.slice();
    seats[seat] = player;
    const hands = handsToBigBlind({ seats, button: t.button, handsDealt: t.handsDealt }, seat);
    if (hands < bestHands) {
      best = seat;
      bestHands = hands;
    }
  }
  return best;
}
