// Schemas of the administrator API (/api/v1/admin).
import { z } from 'zod';
import { AccountNumber, Amount, BodyId, Email, Id, IdempotencyKey, IsoDate, ListQuery, Money, listOf } from './common';
import { GAMES } from '../../poker/engine/games';
import { BankCode, Role, Straddle, TableStatus, UserStatus, Variant, WithdrawalStatus } from './enums';
import { BlockContent, BlockName, Hand, Maintenance } from './user';

const DateFilter = z.iso.datetime({ offset: true }).or(z.iso.date());

export const AdminWithdrawalQuery = ListQuery.extend({
  status: WithdrawalStatus.optional(),
  userId: Id.optional(),
  username: z.string().max(20).optional(),
  minAmount: z.coerce.number().int().min(0).optional(),
  maxAmount: z.coerce.number().int().min(0).optional(),
  from: DateFilter.optional(),
  to: DateFilter.optional(),
});
export const WithdrawalIdQuery = z.object({ withdrawalId: Id });
export const RejectWithdrawalBody = z.object({ reason: z.string().trim().min(1).max(500) });

export const AdminDepositQuery = ListQuery.extend({
  userId: Id.optional(),
  username: z.string().max(20).optional(),
  from: DateFilter.optional(),
  to: DateFilter.optional(),
});
/** Find the player by exactly one of userId, username or depositCode. */
export const CreateDepositBody = z
  .object({
    userId: BodyId.optional(),
    username: z.string().min(1).max(20).optional(),
    depositCode: z.string().min(1).max(20).optional(),
    amount: Amount,
    note: z.string().max(500).optional(),
    idempotencyKey: IdempotencyKey.optional(),
  })
  .refine((b) => [b.userId, b.username, b.depositCode].filter((v) => v !== undefined).length === 1, {
    path: ['userId'],
    message: 'Give exactly one of userId, username or depositCode',
  });
export type CreateDepositBody = z.infer<typeof CreateDepositBody>;

export const UserIdQuery = z.object({ userId: Id });

/** A user as administrators see it. */
export const AdminUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: Role,
  isAdmin: z.boolean(),
  status: UserStatus,
  balance: Money,
  locked: Money,
  bank: BankCode,
  accountNumber: z.string(),
  depositCode: z.string(),
  createdAt: IsoDate,
  lastLoginAt: IsoDate.nullable(),
  lockedUntil: IsoDate.nullable(),
  /** When the player last changed bank or account number, and the end of its withdrawal hold. */
  payoutChangedAt: IsoDate.nullable(),
  payoutHoldUntil: IsoDate.nullable(),
  /** A support hold for review: while set, withdrawals can be neither asked nor approved. */
  hold: z.object({ reason: z.string(), since: IsoDate, by: z.string().nullable() }).nullable().optional(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserQuery = ListQuery.extend({
  q: z.string().max(254).optional(), // username prefix, e-mail or deposit code
  role: Role.optional(),
  status: UserStatus.optional(),
});
export const AdminUserList = listOf(AdminUser);
export const RoleBody = z.object({ role: Role });

/** One ledger transfer touching a user, as administrators see it. */
export const LedgerEntry = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.string(),
  amount: z.number().int(),
  signedAmount: z.number().int(),
  debitAccount: z.string(),
  creditAccount: z.string(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: IsoDate,
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
export const UserLedgerQuery = ListQuery.extend({ userId: Id });
export const LedgerList = listOf(LedgerEntry);

const TableFields = z.object({
  name: z.string().trim().min(1).max(60),
  variant: Variant,
  smallBlind: Amount,
  bigBlind: Amount,
  minBuyIn: Amount,
  maxBuyIn: Amount,
  maxPlayers: z.number().int().min(2).max(9),
  rakePercent: z.number().min(0).max(10).optional(),
  rakeCap: z.number().int().min(0).max(1_000_000_000).optional(),
  actionTime: z.number().int().min(5).max(120).optional(),
  jackpotPercent: z.number().min(0).max(10).optional(),
  status: TableStatus.optional(),
  /** Every player's ante each hand (0: none). */
  ante: z.number().int().min(0).max(1_000_000_000).optional(),
  /** A straddle of twice the big blind posted under the gun or by the button (docs/table.md). */
  straddle: Straddle.optional(),
  /** Run it twice offered at an all-in before the river. */
  runItTwice: z.boolean().optional(),
  /** Every Nth hand is a bomb pot (0: never). */
  bombPotEvery: z.number().int().min(0).max(1000).optional(),
});
type TableFields = z.infer<typeof TableFields>;
const tableRules = (t: Partial<TableFields>, ctx: z.RefinementCtx) => {
  if (t.smallBlind !== undefined && t.bigBlind !== undefined && !(t.smallBlind < t.bigBlind))
    ctx.addIssue({ code: 'custom', path: ['smallBlind'], message: 'Small blind must be below the big blind' });
  if (t.minBuyIn !== undefined && t.maxBuyIn !== undefined && !(t.minBuyIn <= t.maxBuyIn))
    ctx.addIssue({ code: 'custom', path: ['maxBuyIn'], message: 'Maximum buy-in must be at least the minimum' });
  if (t.minBuyIn !== undefined && t.bigBlind !== undefined && !(t.minBuyIn >= t.bigBlind))
    ctx.addIssue({ code: 'custom', path: ['minBuyIn'], message: 'Minimum buy-in must be at least the big blind' });
  // One deck serves at most so many players of a game (PO6: 7, PO5: 8).
  if (t.variant !== undefined && t.maxPlayers !== undefined && t.maxPlayers > GAMES[t.variant].maxPlayers)
    ctx.addIssue({ code: 'custom', path: ['maxPlayers'], message: `This game seats at most ${GAMES[t.variant].maxPlayers} players` });
};
export const CreateTableBody = TableFields.superRefine(tableRules);
export type CreateTableBody = z.infer<typeof CreateTableBody>;
/** Partial update; the rules are re-checked against the stored table on the server. */
export const UpdateTableBody = TableFields.partial().extend({ tableId: BodyId.optional() }).superRefine(tableRules);
export type UpdateTableBody = z.infer<typeof UpdateTableBody>;
export const TableIdQuery = z.object({ tableId: Id });
export const OptionalTableIdQuery = z.object({ tableId: Id.optional() });
export { TableFields };

export const SessionQuery = ListQuery.extend({ tableId: Id });
export const SessionList = listOf(Hand);

export const BlockList = listOf(z.object({ name: BlockName, content: BlockContent, updatedAt: IsoDate.optional() }));
export const CreateBlockBody = z.object({ name: BlockName, content: BlockContent });
/** PUT /block/{name}: the block; a name in the body, if any, must match the path. */
export const PutBlockBody = z.object({ name: BlockName.optional(), content: BlockContent });

export const HouseBank = z.object({
  bank: BankCode,
  accountNumber: AccountNumber,
  accountName: z.string().trim().min(1).max(120),
});
export const Settings = z
  .object({
    maintenance: Maintenance,
    withdrawalMin: Amount,
    withdrawalMax: Amount,
    /** Default rake for new tables, percent of the pot (0 to 10). */
    defaultRakePercent: z.number().min(0).max(10),
    /** Default rake cap for new tables, in big blinds. */
    defaultRakeCapBb: z.number().min(0).max(100),
    /** Default share of each raked pot fed to the bad-beat jackpot, percent of the pot. */
    jackpotPercent: z.number().min(0).max(10),
    houseBank: HouseBank,
    supportEmail: Email.optional(),
    /** Hours a withdrawal to changed payout details (bank, account number) waits before approval; 0 = none. */
    payoutCoolingHours: z.number().int().min(0).max(720),
    /** Withdrawals above this amount need two different staff members' approvals (absent: kept as it is). */
    twoPersonThreshold: z.number().int().min(0).max(1_000_000_000_000).optional(),
    /** Bounds of one QPay deposit (absent: the defaults, docs/payments.md). */
    depositMin: Amount.optional(),
    depositMax: Amount.optional(),
    /** A player's withdrawals may add up to this much before an approved identity check is needed (docs/safer-play.md). */
    identityRequiredAbove: z.number().int().min(0).max(1_000_000_000_000).optional(),
  })
  .refine((s) => s.withdrawalMin <= s.withdrawalMax, { path: ['withdrawalMax'], message: 'Maximum must be at least the minimum' })
  .refine((s) => s.depositMin === undefined || s.depositMax === undefined || s.depositMin <= s.depositMax, {
    path: ['depositMax'],
    message: 'Maximum must be at least the minimum',
  });
export type Settings = z.infer<typeof Settings>;

export const StatsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const DailyPoint = z.object({
  date: z.string(), // YYYY-MM-DD (UTC)
  deposits: Money,
  withdrawals: Money,
  rake: Money,
  registrations: z.number().int(),
});
export const Stats = z.object({
  playersOnline: z.number().int(),
  users: z.number().int(),
  tables: z.number().int(),
  openTables: z.number().int(),
  seatedPlayers: z.number().int(),
  pendingWithdrawals: z.object({ count: z.number().int(), sum: Money }),
  depositsSum: Money,
  withdrawalsPaidSum: Money,
  playerBalances: Money,
  playerLocked: Money,
  rakeBalance: Money,
  jackpotBalance: Money,
  botsBalance: Money,
  daily: z.array(DailyPoint),
});
export type Stats = z.infer<typeof Stats>;
export { IsoDate };
export * from './staff';
