// A fast-fold pool's table as its director runs it (docs/fast-fold.md): nobody sits, buys in or
// adds chips there; the director seats the players it drew, deals them with the blinds it chose,
// moves a folder on at once and empties the table after each hand (tables/policy.ts for the cash
// table, tournaments/table-policy.ts for a tournament's).
import type { NextHand, TablePolicy } from '../tables/policy';
import { keptSeatAfterHand } from '../../poker/table';
import type { TableState } from '../tables/state';
import { fail } from '../tables/types';

/** What a pool's table asks of its director. */
export interface PoolTableDirector {
  /** The hand drawn for this table once every player drawn is seated; null while it waits. */
  deal(tableId: number, table: TableState): NextHand | null;
  folded(tableId: number, userId: number, stackBehind: number, timedOut: boolean): void;
  handEnded(tableId: number, voided: boolean): void;
  wants(userId: number, tableId: number, seat: number): boolean;
}

const POOL_SEATS = fail('TABLE_CLOSED', 'The pool seats the players at its tables: join the pool from the lobby');
const POOL_LEAVE = fail('BAD_MESSAGE', 'Leave the pool itself (its page or the lobby), not one of its tables');

export function poolTablePolicy(director: PoolTableDirector, tableId: number): TablePolicy {
  return {
    refuse: (kind) =>
      kind === 'sit' || kind === 'addChips' || kind === 'simulation' || kind === 'sitIn' || kind === 'sitOut'
        ? POOL_SEATS
        : kind === 'leave'
          ? POOL_LEAVE
          : null,
    leaveStandsAside: true,
    sitOutLimitMs: null,
    houseBots: false,
    canDeal: (table) => table.occupied().length >= 2,
    nextHand: async (table) => director.deal(tableId, table),
    afterHand: keptSeatAfterHand,
    handEnded: (id, voided) => director.handEnded(id, voided),
    wants: (userId, seat) => director.wants(userId, tableId, seat),
    folded: (userId, stackBehind, timedOut) => director.folded(tableId, userId, stackBehind, timedOut),
  };
}
