// In-memory data of the administrator API mock (mocks/admin-handlers.ts): the back office's
// component tests and `npm run dev:mock` start from here. Fixtures are typed by the contract and
// every answer is parsed with it, so a drift fails loudly.
import type { IdentityCheckDetail } from '../src/shared/api/safer';
import type { AdminUser, AuditEntry, Block, Deposit, Hand, Settings, Table, UserNote, Withdrawal } from '../src/shared/api';
import { makeTable } from './state';
import type { MockTournament } from './tournaments';
import { createPaymentState, type PaymentMockState } from './payments';

export interface AdminRequestLog {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface AdminMockState {
  /** The caller's role (`GET /user/me`): a PLAYER is sent home by the back office. */
  role: 'ADMIN' | 'SUPPORT' | 'PLAYER';
  users: AdminUser[];
  withdrawals: Withdrawal[];
  deposits: Deposit[];
  tables: Table[];
  /** Finished hands (GET /admin/table/session). */
  sessions: Hand[];
  /** Every request the mock answered, in order. */
  requests: AdminRequestLog[];
  /** Delay (ms) of money mutations, to see pending states. */
  mutationDelay: number;
  /** Live tables: simulation per table, bots the simulation answers report, seated user ids (kick). */
  simulation: Map<number, boolean>;
  bots: number;
  seated: number[];
  /** Content blocks by name. */
  blocks: Block[];
  settings: Settings;
  /** Support notes and the audit trail (mocks/staff-handlers.ts). */
  notes: UserNote[];
  audit: AuditEntry[];
  /** Tournaments (mocks/tournament-handlers.ts). */
  tournaments: MockTournament[];
  /** QPay, statements, payout batches, reconciliation (mocks/payment-handlers.ts). */
  payments: PaymentMockState;
  /** Identity checks (mocks/identity-handlers.ts); its defaults when left out. */
  identityChecks?: IdentityCheckDetail[];
}

export function adminUser(over: Partial<AdminUser> = {}): AdminUser {
  return {
    userId: 7,
    username: 'bataa',
    email: 'bataa@example.mn',
    role: 'PLAYER',
    isAdmin: false,
    status: 'active',
    balance: 0,
    locked: 0,
    bank: 'KHAN',
    accountNumber: '5012345678',
    depositCode: 'D7K2Q9',
    createdAt: '2026-01-02T03:04:05.000Z',
    lastLoginAt: null,
    lockedUntil: null,
    payoutChangedAt: null,
    payoutHoldUntil: null,
    ...over,
  };
}

export function withdrawal(over: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 1,
    code: 'WDR-AAA111',
    userId: 7,
    username: 'bataa',
    amount: 50_000,
    requestDate: '2026-01-03T10:00:00.000Z',
    status: 'NOT_APPROVED',
    approvedBy: null,
    approveDate: null,
    rejectReason: null,
    bank: 'KHAN',
    accountNumber: '5012345678',
    holdUntil: null,
    ...over,
  };
}

/** Table 3 of the back office: the player mock's table defaults (mocks/state.ts) with its own name, rake cap and date. */
export function table(over: Partial<Table> = {}): Table {
  return makeTable({ tableId: 3, name: 'Khuree', players: 2, rakeCap: 3000, createdAt: '2026-01-01T00:00:00.000Z', ...over });
}

/** A three-player hold'em hand to showdown, as the server records it. */
export const ADMIN_SAMPLE_PHH = `variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [500, 1000, 0]
min_bet = 1000
starting_stacks = [50000, 50000, 50000]
players = ["Bat", "Dorj", "Saraa"]
hand = 12
actions = [
  "d dh p1 AsKs",
  "d dh p2 7c2d",
  "d dh p3 QhQd",
  "p3 cbr 3000",
  "p1 cc",
  "p2 f",
  "d db Ah7h2s",
  "p1 cbr 4000",
  "p3 cc",
  "d db 9c",
  "p1 cc",
  "p3 cc",
  "d db 3d",
  "p1 cc",
  "p3 cc",
  "p1 sm AsKs",
  "p3 sm QhQd",
]
`;

export function hand(over: Partial<Hand> = {}): Hand {
  return {
    handId: 101,
    tableId: 3,
    handNumber: 12,
    startedAt: '2026-01-05T10:00:00.000Z',
    endedAt: '2026-01-05T10:01:00.000Z',
    seedHash: 'ab'.repeat(32),
    seed: 'cd'.repeat(32),
    phh: ADMIN_SAMPLE_PHH,
    summary: null,
    status: 'settled',
    ...over,
  };
}

export function adminSettings(over: Partial<Settings> = {}): Settings {
  return {
    maintenance: { enabled: false, message: '' },
    withdrawalMin: 10_000,
    withdrawalMax: 5_000_000,
    defaultRakePercent: 5,
    defaultRakeCapBb: 3,
    jackpotPercent: 1,
    houseBank: { bank: 'KHAN', accountNumber: '5000111222', accountName: 'Mongol Poker LLC' },
    payoutCoolingHours: 24,
    twoPersonThreshold: 1_000_000,
    depositMin: 1_000,
    depositMax: 5_000_000,
    identityRequiredAbove: 5_000_000,
    ...over,
  };
}

export function createAdminState(over: Partial<AdminMockState> = {}): AdminMockState {
  return {
    role: 'ADMIN',
    users: [
      adminUser(),
      adminUser({
        userId: 8,
        username: 'saraa',
        email: 'saraa@example.mn',
        balance: 12_000,
        depositCode: 'S8P3M1',
        bank: 'GOLOMT',
        accountNumber: '1100223344',
      }),
    ],
    withdrawals: [
      withdrawal(),
      withdrawal({ id: 2, code: 'WDR-BBB222', userId: 8, username: 'saraa', amount: 30_000, bank: 'GOLOMT', accountNumber: '1100223344' }),
    ],
    deposits: [],
    tables: [],
    sessions: [],
    requests: [],
    mutationDelay: 0,
    simulation: new Map(),
    bots: 0,
    seated: [],
    blocks: [
      {
        name: 'info',
        content: { en: '# About us\nWe deal **fair** cards.', mn: '# Бидний тухай\nБид шударга хөзөр тараадаг.' },
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    settings: adminSettings(),
    notes: [],
    audit: [],
    tournaments: [],
    payments: createPaymentState(),
    ...over,
  };
}
