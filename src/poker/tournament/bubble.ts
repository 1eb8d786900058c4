// Hand-for-hand on the bubble. It runs while more than one table is left and the players left
// are no more than `margin` above the places paid (margin 1: exactly one player from the money).
// During hand-for-hand each table plays one hand, then waits until every other table has
// finished its hand (the sync point); players knocked out between two sync points, at any
// table, are ranked together as if out in the same hand (places.ts).

export function isHandForHand(playersLeft: number, paid: number, tables: number, margin = 1): boolean {
  return tables > 1 && playersLeft > paid && playersLeft <= paid + margin;
}

export interface HandForHandTable {
  /** A hand is being played at the table. */
  readonly playing: boolean;
  /** The table played its hand of the current hand-for-hand round. */
  readonly handForHandDone: boolean;
  readonly players: number;
}

/** The sync point: no table is in a hand, and each has played its hand or cannot play (under two players). */
export function handForHandRoundComplete(tables: readonly HandForHandTable[]): boolean {
  return tables.every((t) => !t.playing && (t.handForHandDone || t.players < 2));
}

/** Whether a table may deal now: outside hand-for-hand always; inside, once per round. */
export const mayDealHandForHand = (handForHand: boolean, table: HandForHandTable): boolean => !handForHand || !table.handForHandDone;
