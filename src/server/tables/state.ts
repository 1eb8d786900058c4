// A table's live state, shared by the actor and the helpers it delegates to (viewers.ts, bots.ts,
// lifecycle.ts). Only commands on the actor's queue touch it, so it never changes under anyone.
import { playerIndexOf, isComplete, type HandRun } from '../../poker/table';
import type { Seat, TableConfig } from './types';

export class TableState {
  seats: Array<Seat | null>;
  /** The hand being played, or the last one (its result stays on screen until the next deal). */
  run: HandRun | null = null;
  /** False from a hand's start until its settlement is written (or it is voided). */
  settled = true;
  simulation = false;
  stopped = false;
  /** Handing the table over (deploy, rebalancing): the hand in play finishes, no new one starts. */
  draining = false;
  /** Players who want their losing hands shown at showdown (auto-muck off). */
  showLosers = new Set<number>();
  /** The next hand's server-seed commitment, published before the players send entropy. */
  nextSeedHash: string | null = null;
  /** performance.now() when the last move was applied (benchmarks: ActorDeps.onAction). */
  actionAt = 0;

  constructor(public config: TableConfig) {
    this.seats = new Array<Seat | null>(config.maxPlayers).fill(null);
  }

  seatOf(userId: number): Seat | null {
    return this.seats.find((s) => s?.userId === userId) ?? null;
  }
  handRunning(): boolean {
    return this.run !== null && !isComplete(this.run);
  }
  freeSeats(): number {
    return this.seats.filter((s) => s === null).length;
  }
  occupied(): Seat[] {
    return this.seats.filter((s): s is Seat => s !== null);
  }

  /**
   * In the hand being played, or in one that is over but not yet settled: that seat's chips must
   * not move (no cash-out, no add to the stack) until the settlement has written the result.
   */
  inHand(seat: Seat): boolean {
    return this.run !== null && !this.settled && playerIndexOf(this.run, seat) >= 0;
  }
}
