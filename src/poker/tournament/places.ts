// Places for players knocked out in the same hand (or the same hand-for-hand round).
import type { PlayerId } from './types';

export interface SameHandBust {
  readonly playerId: PlayerId;
  /** Chips the player had when the hand started. */
  readonly startingStack: number;
}

export interface Finish {
  readonly playerId: PlayerId;
  /** 1 = winner. Players who tie still get distinct numbers, in the order given. */
  readonly place: number;
  /** Tugrik won (0 outside the money). */
  readonly prize: number;
  /** When tied: the first and last place the tied players cover and split. */
  readonly sharedPlaces?: readonly [number, number];
}

/**
 * Players knocked out together cover places firstPlace .. firstPlace + busts.length - 1.
 * The one who started the hand with more chips finishes higher. Players who started with equal
 * chips tie: they split equally the sum of the prizes of the places they cover, in integer
 * tugrik; the remainder goes one tugrik each to the tied players in the order given (the
 * caller's order: the earlier seat in the hand's order, small blind first). `prizes[k]` is the
 * prize of place k + 1 (missing entries pay 0). The amounts sum to the prizes of the places covered.
 */
export function sharePlaces(busts: readonly SameHandBust[], firstPlace: number, prizes: readonly number[]): Finish[] {
  const order = busts.map((b, i) => ({ b, i }));
  // Stable: equal stacks keep the caller's order.
  order.sort((x, y) => y.b.startingStack - x.b.startingStack || x.i - y.i);
  const out: Finish[] = [];
  let k = 0;
  while (k < order.length) {
    let end = k + 1;
    while (end < order.length && order[end].b.startingStack === order[k].b.startingStack) end++;
    const from = firstPlace + k;
    const to = firstPlace + end - 1;
    let sum = 0;
    for (let place = from; place <= to; place++) sum += prizes[place - 1] ?? 0;
    const size = end - k;
    const each = Math.floor(sum / size);
    const rest = sum - each * size;
    for (let j = 0; j < size; j++) {
      const prize = each + (j < rest ? 1 : 0);
      const playerId = order[k + j].b.playerId;
      out.push(size > 1 ? { playerId, place: from + j, prize, sharedPlaces: [from, to] } : { playerId, place: from + j, prize });
    }
    k = end;
  }
  return out;
}
