// In-memory data for the mocks. Every object is parsed with the contract's schema, so a fixture
// that drifts from src/shared/api fails loudly instead of hiding a bug.
import type { ResponseOf } from '../src/shared/api';
import { Block, ChatMessage, Deposit, Maintenance, Me, Outcome, Table, type Settings, type Withdrawal } from '../src/shared/api';
import { sampleTournaments, type MockTournament } from './tournaments';
import { createRegularsState, type RegularsState } from './regulars';
import type { SaferPlay } from '../src/shared/api/safer';

export interface MockUser {
  me: Me;
  password: string;
}

export interface MockState {
  users: MockUser[];
  tokens: Map<string, number>;
  tables: Table[];
  deposits: Deposit[];
  withdrawals: Withdrawal[];
  outcomes: Outcome[];
  chat: ChatMessage[];
  blocks: Map<string, Block>;
  maintenance: Maintenance;
  jackpot: number;
  limits: Pick<Settings, 'withdrawalMin' | 'withdrawalMax'>;
  /** Hands the signed-in mock player played (GET /user/hand). */
  hands: ResponseOf<'myHand'>[];
  /** Tournaments (mocks/tournaments.ts): bataa is registered for #2 and playing #3. */
  tournaments: MockTournament[];
  /** Notes, the searchable hands and push subscriptions (the regulars' routes of issue 33). */
  regulars: RegularsState;
  /** Safer play per player (mocks/safer-handlers.ts). */
  safer: Map<number, SaferPlay>;
  nextId: number;
}

export const SAMPLE_PHH = `variant = "NT"
antes = [0, 0]
blinds_or_straddles = [500, 1000]
min_bet = 1000
starting_stacks = [100000, 100000]
actions = ["d dh p1 AsKs", "d dh p2 ????", "p2 cbr 3000", "p1 cc", "d db 7h8h9c", "p1 cc", "p2 cbr 4000", "p1 f"]
players = ["bataa", "tsetsgee"]
`;

const iso = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 20, 12, 0) - minutesAgo * 60_000).toISOString();

export function makeMe(over: Partial<Me> = {}): Me {
  return Me.parse({
    userId: 1,
    username: 'bataa',
    email: 'bataa@example.mn',
    emailConfirmed: true,
    role: 'PLAYER',
    isAdmin: false,
    balance: 1_250_000,
    locked: 0,
    bank: 'KHAN',
    accountNumber: '5012345678',
    depositCode: 'MP7K2Q',
    status: 'active',
    createdAt: iso(60 * 24 * 30),
    payoutChangedAt: null,
    payoutHoldUntil: null,
    avatar: null,
    ...over,
  });
}

export function makeTable(over: Partial<Table> & { tableId: number }): Table {
  return Table.parse({
    name: `Table ${over.tableId}`,
    variant: 'NT',
    smallBlind: 500,
    bigBlind: 1000,
    minBuyIn: 20_000,
    maxBuyIn: 100_000,
    maxPlayers: 9,
    players: 0,
    status: 'open',
    rakePercent: 5,
    rakeCap: 2000,
    actionTime: 20,
    jackpotPercent: 1,
    ante: 0,
    straddle: 'off',
    runItTwice: false,
    bombPotEvery: 0,
    createdAt: iso(60 * 24),
    ...over,
  });
}

export function createMockState(): MockState {
  const bataa = makeMe();
  const admin = makeMe({ userId: 2, username: 'admin', email: 'admin@example.mn', role: 'ADMIN', isAdmin: true, balance: 0, depositCode: 'MPADM1' });
  const tables = [
    makeTable({ tableId: 1, name: 'Улаанбаатар', players: 4 }),
    makeTable({
      tableId: 2,
      name: 'Хангай',
      variant: 'PO',
      smallBlind: 1000,
      bigBlind: 2000,
      minBuyIn: 40_000,
      maxBuyIn: 200_000,
      maxPlayers: 6,
      players: 6,
    }),
    makeTable({ tableId: 3, name: 'Говь', smallBlind: 100, bigBlind: 200, minBuyIn: 4000, maxBuyIn: 20_000, maxPlayers: 6, players: 0 }),
    makeTable({ tableId: 4, name: 'Хөвсгөл', smallBlind: 5000, bigBlind: 10_000, minBuyIn: 200_000, maxBuyIn: 1_000_000, players: 2 }),
  ];
  const deposits = [
    Deposit.parse({ id: 1, code: 'DP-000001', userId: 1, username: 'bataa', amount: 1_000_000, approvedDate: iso(60 * 48), note: null, createdBy: 'admin' }),
    Deposit.parse({ id: 2, code: 'DP-000002', userId: 1, username: 'bataa', amount: 500_000, approvedDate: iso(60 * 20), note: null, createdBy: 'admin' }),
  ];
  const outcomes = [
    Outcome.parse({ id: 1, code: 'TX-000001', type: 'DEPOSIT', amount: 1_000_000, date: iso(60 * 48), reference: 'DP-000001', tableId: null }),
    Outcome.parse({ id: 2, code: 'TX-000002', type: 'BUY_IN', amount: -100_000, date: iso(60 * 30), reference: null, tableId: 1 }),
    Outcome.parse({ id: 3, code: 'TX-000003', type: 'GAMEPLAY_WIN', amount: 45_000, date: iso(60 * 29), reference: null, tableId: 1, handId: 17 }),
    Outcome.parse({ id: 4, code: 'TX-000004', type: 'LEAVE_SEAT', amount: 150_000, date: iso(60 * 28), reference: null, tableId: 1 }),
    Outcome.parse({ id: 5, code: 'TX-000005', type: 'DEPOSIT', amount: 500_000, date: iso(60 * 20), reference: 'DP-000002', tableId: null }),
    Outcome.parse({ id: 6, code: 'TX-000006', type: 'BUY_IN', amount: -300_000, date: iso(60 * 5), reference: null, tableId: 4 }),
    Outcome.parse({ id: 7, code: 'TX-000007', type: 'LEAVE_SEAT', amount: 0, date: iso(60 * 4), reference: null, tableId: 4 }),
  ];
  const chat = [
    ChatMessage.parse({ id: 1, userId: 3, username: 'tsetsgee', text: 'Сайн уу бүгдээрээ!', tableId: null, createdAt: iso(12) }),
    ChatMessage.parse({ id: 2, userId: 4, username: 'temuujin', text: 'gl everyone', tableId: null, createdAt: iso(6) }),
  ];
  const blocks = new Map<string, Block>([
    [
      'info',
      Block.parse({
        name: 'info',
        content: {
          en: "# About Mongol Poker\n\nNo-limit **Texas Hold'em** and pot-limit **Omaha** cash tables in tugrik.\n\n- Deposits are credited when staff confirm your transfer.\n- Withdrawals go to the bank account you registered.",
          mn: '# Монгол Покерын тухай\n\nТөгрөгөөр тоглох **Техас холдем** болон **Омаха** ширээнүүд.\n\n- Шилжүүлгийг ажилтан баталгаажуулмагц үлдэгдэлд орно.\n- Мөнгө таны бүртгүүлсэн дансанд шилжинэ.',
        },
      }),
    ],
    [
      'bank-details',
      Block.parse({
        name: 'bank-details',
        content: {
          en: '**Khan Bank** · account **5012345678** · Mongol Poker LLC',
          mn: '**Хаан банк** · данс **5012345678** · Монгол Покер ХХК',
        },
      }),
    ],
  ]);
  return {
    users: [
      { me: bataa, password: 'secret123' },
      { me: admin, password: 'admin1234' },
    ],
    tokens: new Map([['mock-token-1', 1]]),
    tables,
    deposits,
    withdrawals: [],
    outcomes,
    chat,
    blocks,
    maintenance: Maintenance.parse({ enabled: false, message: '' }),
    jackpot: 3_456_000,
    limits: { withdrawalMin: 10_000, withdrawalMax: 5_000_000 },
    hands: [
      {
        handId: 17,
        tableId: 1,
        handNumber: 42,
        startedAt: iso(60 * 29 + 2),
        endedAt: iso(60 * 29),
        seedHash: 'a'.repeat(64),
        // Players never get the seed of a hand with unseen cards (fair dealing without disclosure).
        seed: null,
        cardsRoot: 'c'.repeat(64),
        entropy: [],
        phh: SAMPLE_PHH,
        summary: null,
        status: 'settled',
        net: -4000,
      },
    ],
    tournaments: sampleTournaments(),
    regulars: createRegularsState(SAMPLE_PHH),
    safer: new Map(),
    nextId: 100,
  };
}
