import { describe, expect, it } from 'vitest';
import { nextLineup, TIME_BANK_START, type SeatState } from '../../../src/poker/table';

const seat = (n: number, over: Partial<SeatState> = {}): SeatState => ({
  seat: n,
  userId: 100 + n,
  isBot: false,
  stack: 1000,
  status: 'ACTIVE',
  waitingForBigBlind: false,
  postBlind: false,
  missedBlind: false,
  sittingOutSince: null,
  timeBank: TIME_BANK_START,
  handsSinceRefill: 0,
  consecutiveTimeouts: 0,
  leaving: false,
  sitOutAfterHand: false,
  pendingChips: 0,
  ...over,
});
const table = (size: number, seated: Array<number | [number, Partial<SeatState>]>) => {
  const seats: Array<SeatState | null> = new Array(size).fill(null);
  for (const s of seated) {
    const [i, o] = Array.isArray(s) ? s : [s, {}];
    seats[i] = seat(i, o);
  }
  return seats;
};

describe('nextLineup', () => {
  it('needs two players who can play', () => {
    expect(nextLineup(table(6, [2]), null)).toBeNull();
    expect(nextLineup(table(6, [2, [4, { status: 'SITTING_OUT' }]]), null)).toBeNull();
    expect(nextLineup(table(6, [2, [4, { stack: 0 }]]), null)).toBeNull();
  });

  it('moves the button clockwise and orders players from the small blind to the button', () => {
    const seats = table(6, [0, 2, 3, 5]);
    const first = nextLineup(seats, null)!;
    expect(first).toMatchObject({ button: 0, order: [2, 3, 5, 0], smallBlindSeat: 2, bigBlindSeat: 3 });
    const second = nextLineup(seats, first.button)!;
    expect(second).toMatchObject({ button: 2, order: [3, 5, 0, 2], smallBlindSeat: 3, bigBlindSeat: 5 });
  });

  it('heads-up: the button posts the small blind, the other player the big blind', () => {
    const l = nextLineup(table(6, [1, 4]), 1)!;
    expect(l).toMatchObject({ button: 4, order: [1, 4], smallBlindSeat: 4, bigBlindSeat: 1 });
  });

  it('a table shrinking from three to two keeps the heads-up rule', () => {
    const seats = table(9, [0, 3, 6]);
    const three = nextLineup(seats, 0)!;
    expect(three).toMatchObject({ button: 3, smallBlindSeat: 6, bigBlindSeat: 0 });
    seats[6] = null;
    const two = nextLineup(seats, three.button)!;
    expect(two).toMatchObject({ button: 0, smallBlindSeat: 0, bigBlindSeat: 3, order: [3, 0] });
  });

  it('a newcomer waits for the big blind, then comes in on it', () => {
    const seats = table(6, [0, 1, 2, [4, { waitingForBigBlind: true }]]);
    // Button 0: small blind 1, big blind 2; seat 4 is not yet due.
    const a = nextLineup(seats, 5)!;
    expect(a).toMatchObject({ button: 0, order: [1, 2, 0] });
    // Button 1: small blind 2, the big blind falls on seat 4.
    const b = nextLineup(seats, a.button)!;
    expect(b).toMatchObject({ button: 1, smallBlindSeat: 2, bigBlindSeat: 4, order: [2, 4, 0, 1] });
  });

  it('a newcomer who posts is dealt in at once with a dead post', () => {
    const seats = table(6, [0, 1, 2, [4, { waitingForBigBlind: true, postBlind: true }]]);
    const l = nextLineup(seats, 5)!;
    expect(l.order).toEqual([1, 2, 4, 0]);
    expect(l.deadPosts).toEqual([4]);
  });

  it('with no game going, waiting players need not wait', () => {
    const l = nextLineup(table(6, [1, [3, { waitingForBigBlind: true }]]), null)!;
    expect(l.order).toHaveLength(2);
  });
});
