// Builders of the live table view (src/shared/protocol/table-view) for the tests of both apps
// and of the shared table feed: a six-seat hold'em table 7 with sensible defaults.
import type { HandView, SeatView, TableView } from '../../src/shared/protocol/table-view';

export const TABLE_ID = 7;

export function seat(i: number, over: Partial<SeatView> = {}): SeatView {
  return {
    seat: i,
    userId: 100 + i,
    username: `player${i}`,
    isBot: false,
    stack: 10_000,
    bet: 0,
    state: 'PLAYING',
    connected: true,
    hasCards: true,
    cards: null,
    timeBank: 30_000,
    missedBlind: false,
    leaving: false,
    ...over,
  };
}

export function hand(over: Partial<HandView> = {}): HandView {
  return {
    handId: 1,
    handNumber: 1,
    seedHash: 'ab'.repeat(32),
    cardsRoot: 'cd'.repeat(32),
    entropy: [],
    street: 'PREFLOP',
    board: [],
    pots: [],
    button: 0,
    toAct: null,
    actionDeadline: null,
    timeBankDeadline: null,
    legal: null,
    ...over,
  };
}

export function tableView(over: Partial<TableView> = {}): TableView {
  return {
    tableId: TABLE_ID,
    name: 'Khangai',
    variant: 'NT',
    smallBlind: 100,
    bigBlind: 200,
    minBuyIn: 4_000,
    maxBuyIn: 20_000,
    maxPlayers: 6,
    actionTime: 20,
    rakePercent: 5,
    rakeCap: 1_000,
    status: 'OPEN',
    simulation: false,
    seats: [seat(0), seat(1), null, seat(3), null, null],
    hand: hand(),
    lastHand: null,
    mySeat: null,
    nextSeedHash: null,
    ...over,
  };
}
