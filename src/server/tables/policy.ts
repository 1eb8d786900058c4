// What makes a cash table a cash table: who may sit, what leaving means, who is dealt in, what
// happens to each seat after a hand. A tournament's table answers the same questions through its
// director (tournaments/table-policy.ts). The actor asks and applies the answers: policies return
// values, they never reach into the actor.
import type { TableCommandKind } from './commands';
import { cashAfterHand, nextLineup, SIT_OUT_LIMIT_MS, type AfterHand, type HandLineup, type HandPosts } from '../../poker/table';
import type { TableState } from './state';
import { fail, type CommandResult, type Seat } from './types';

/** The next hand as a policy deals it. */
export interface NextHand {
  lineup: HandLineup;
  /** Blinds and antes by the lineup's order (a tournament level's); else the table's blinds. */
  posts?: HandPosts;
  /** Seats sitting out now: they owe a big blind when they come back. */
  missedBlinds?: number[];
  /** Stacks by the lineup's order (a tournament director's chip counts). */
  stacks?: number[];
  /** New blinds shown as the table's from this hand (a tournament level). */
  blinds?: { smallBlind: number; bigBlind: number; level: number };
}

export interface TablePolicy {
  /** A command this kind of table does not take, answered at once; null when it takes it. */
  refuse(kind: TableCommandKind): CommandResult | null;
  /** Leaving (or being kicked) means sitting out and still posting, not cashing out. */
  readonly leaveStandsAside: boolean;
  /** How long a player may sit out before the seat is freed; null: the seat is kept. */
  readonly sitOutLimitMs: number | null;
  /** House bots top up, come and go between hands. */
  readonly houseBots: boolean;
  /** Whether a hand could be dealt now (checked before the pause between hands). */
  canDeal(table: TableState, lastButton: number | null): boolean;
  /** The next hand, or null while the table waits. */
  nextHand(table: TableState, lastButton: number | null): Promise<NextHand | null>;
  afterHand(seat: Seat, simulation: boolean): AfterHand;
  /** A hand was settled (its result published) or voided. */
  handEnded(tableId: number, voided: boolean): void;
  /** Asked when a director's seating runs: false if it no longer wants the player there (moved on). */
  wants?(userId: number, seat: number): boolean;
  /**
   * A player folded in the hand in play (fast-fold pools move them on at once, docs/fast-fold.md):
   * the stack they have behind, and whether the clock folded them. Absent: no fast fold here.
   */
  folded?(userId: number, stackBehind: number, timedOut: boolean): void;
}

const DIRECTOR_ONLY = fail('BAD_MESSAGE', 'Only a tournament director seats players this way');

export const cashPolicy: TablePolicy = {
  refuse: (kind) => (kind === 'seatPlayer' || kind === 'removePlayer' ? DIRECTOR_ONLY : null),
  leaveStandsAside: false,
  sitOutLimitMs: SIT_OUT_LIMIT_MS,
  houseBots: true,
  canDeal: (table, lastButton) => nextLineup(table.seats, lastButton) !== null,
  async nextHand(table, lastButton) {
    // Anyone sitting out when blinds go round owes a big blind when they come back.
    const missedBlinds = table
      .occupied()
      .filter((s) => s.status === 'SITTING_OUT')
      .map((s) => s.seat);
    const lineup = nextLineup(table.seats, lastButton);
    return lineup && { lineup, missedBlinds };
  },
  afterHand: cashAfterHand,
  handEnded: () => undefined,
};
