// A tournament's table as its director runs it: nobody buys in, adds chips or calls the house
// bots; leaving means sitting out (and still posting); the director says who is dealt in at which
// level and seats, moves and removes players between hands (tables/policy.ts for the cash table).
import type { NextHand, TablePolicy } from '../tables/policy';
import { keptSeatAfterHand } from '../../poker/table';
import { fail } from '../tables/types';

/** The next hand at a tournament table, as its director deals it (docs/tournaments.md, Server). */
export interface TournamentDeal {
  button: number;
  /** Seats dealt in, in the engine's order (small blind first, the button last). */
  order: number[];
  /** Stacks by `order` (the director's chip counts). */
  stacks: number[];
  smallBlind: number;
  bigBlind: number;
  /** The blind level's number (1, 2, ...). */
  level: number;
  /** The engine's blinds and antes by `order`. */
  blinds: number[];
  antes: number[];
}

/** What a tournament table asks of its director. */
export interface TableDirector {
  /** The next hand, or null while the table waits (a break, hand-for-hand, a move being applied). */
  deal(tableId: number, seats: ReadonlyArray<{ userId: number; stack: number } | null>): Promise<TournamentDeal | null>;
  /** A hand was settled (the director has its result already) or voided. */
  handEnded(tableId: number, voided: boolean): void;
  /** Whether the director still seats this player at this seat of this table (a move may have moved on). */
  wants(userId: number, tableId: number, seat: number): boolean;
}

const DIRECTOR_SEATS = fail('TABLE_CLOSED', 'The tournament director seats the players at this table');

/** A director's deal as the table's next hand: its seats and stacks, the level's blinds and antes; nobody posts dead. */
export function nextHandOf(deal: TournamentDeal): NextHand {
  const headsUp = deal.order.length === 2;
  return {
    lineup: {
      button: deal.button,
      order: deal.order,
      smallBlindSeat: headsUp ? deal.button : deal.order[0],
      bigBlindSeat: deal.order[headsUp ? 0 : 1],
      deadPosts: [],
    },
    posts: { blinds: deal.blinds, antes: deal.antes },
    stacks: deal.stacks,
    blinds: { smallBlind: deal.smallBlind, bigBlind: deal.bigBlind, level: deal.level },
  };
}

export function tournamentTablePolicy(director: TableDirector, tableId: number): TablePolicy {
  return {
    refuse: (kind) => (kind === 'sit' || kind === 'addChips' || kind === 'simulation' ? DIRECTOR_SEATS : null),
    leaveStandsAside: true,
    // A tournament player keeps the seat however long they are away: they post and are folded.
    sitOutLimitMs: null,
    // A tournament's bots are entrants: they neither top up nor go.
    houseBots: false,
    // The director deals whoever it seats, sitting out or not.
    canDeal: (table) => table.occupied().length >= 2,
    async nextHand(table) {
      const deal = await director.deal(
        tableId,
        table.seats.map((s) => s && { userId: s.userId, stack: s.stack }),
      );
      return deal && nextHandOf(deal);
    },
    // Nobody leaves a tournament table: a leaver sits out, still posts and is folded; a busted
    // player is the director's to remove (and to place).
    afterHand: keptSeatAfterHand,
    handEnded: (id, voided) => director.handEnded(id, voided),
    wants: (userId, seat) => director.wants(userId, tableId, seat),
  };
}
