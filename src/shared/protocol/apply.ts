// Applying a patch keeps every untouched seat object identical, so React re-renders only what changed.
import type { TableView, TableViewPatch } from './table-view';

export function applyTablePatch(view: TableView, patch: TableViewPatch): TableView {
  let seats = view.seats;
  if (patch.seats) {
    seats = view.seats.slice();
    for (const [key, seat] of Object.entries(patch.seats)) {
      const index = Number(key);
      if (Number.isInteger(index) && index >= 0 && index < seats.length) seats[index] = seat;
    }
  }
  return {
    ...view,
    seats,
    hand: patch.hand !== undefined ? patch.hand : view.hand,
    lastHand: patch.lastHand !== undefined ? patch.lastHand : view.lastHand,
    mySeat: patch.mySeat !== undefined ? patch.mySeat : view.mySeat,
    nextSeedHash: patch.nextSeedHash !== undefined ? patch.nextSeedHash : view.nextSeedHash,
    status: patch.status ?? view.status,
    simulation: patch.simulation ?? view.simulation,
  };
}

/** A client holding `version` can apply an event of `next` only when nothing was missed. */
export function isNextVersion(current: number | null, next: number): boolean {
  return current !== null && next === current + 1;
}
