// Schemas of the player API (/api/v1/user).
import { z } from 'zod';
import { AccountNumber, Amount, Email, Id, IdempotencyKey, IsoDate, ListQuery, Money, Password, Username, listOf } from './common';
import { BankCode, HandStatus, OutcomeType, Role, TableStatus, UserStatus, Variant, WithdrawalStatus } from './enums';

/** The signed-in user (`GET /me`). balance = available; locked = table chips + pending withdrawals. */
export const Me = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: Role,
  isAdmin: z.boolean(),
  balance: Money,
  locked: Money,
  bank: BankCode,
  accountNumber: z.string(),
  depositCode: z.string(),
  status: UserStatus,
  createdAt: IsoDate,
});
export type Me = z.infer<typeof Me>;

export const RegisterBody = z
  .object({
    email: Email,
    username: Username,
    password: Password,
    confirmPassword: z.string().max(200),
    bank: BankCode,
    accountNumber: AccountNumber,
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({ username: z.string().min(1).max(254), password: z.string().min(1).max(200) });
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthResponse = z.object({ accessToken: z.string(), user: Me });
export type AuthResponse = z.infer<typeof AuthResponse>;

/** Only these fields may change; anything else in the body (role, balance...) is ignored. */
export const PatchMeBody = z
  .object({
    email: Email.optional(),
    bank: BankCode.optional(),
    accountNumber: AccountNumber.optional(),
    password: Password.optional(),
    confirmPassword: z.string().max(200).optional(),
    currentPassword: z.string().max(200).optional(),
  })
  .refine((b) => b.password === undefined || b.currentPassword !== undefined, {
    path: ['currentPassword'],
    message: 'Current password is required to set a new one',
  })
  .refine((b) => b.password === undefined || b.confirmPassword === undefined || b.password === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type PatchMeBody = z.infer<typeof PatchMeBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z
  .object({ token: z.string().min(10).max(200), password: Password, confirmPassword: z.string().max(200).optional() })
  .refine((b) => b.confirmPassword === undefined || b.password === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** Public user search by username prefix; only safe fields come back. */
export const UserSearchQuery = ListQuery.extend({ q: z.string().max(20).default('') });
export const PublicUser = z.object({ userId: z.number().int(), username: z.string() });
export type PublicUser = z.infer<typeof PublicUser>;
export const UserSearchResponse = listOf(PublicUser);

/** A table as the lobby and the admin list show it. */
export const Table = z.object({
  tableId: z.number().int(),
  name: z.string(),
  variant: Variant,
  smallBlind: z.number().int(),
  bigBlind: z.number().int(),
  minBuyIn: z.number().int(),
  maxBuyIn: z.number().int(),
  maxPlayers: z.number().int(),
  players: z.number().int(),
  status: TableStatus,
  rakePercent: z.number(),
  rakeCap: z.number().int(),
  actionTime: z.number().int(),
  jackpotPercent: z.number(),
  createdAt: IsoDate,
});
export type Table = z.infer<typeof Table>;
export const TableListQuery = ListQuery.extend({
  variant: Variant.optional(),
  status: TableStatus.optional(),
  q: z.string().max(60).optional(),
});
export const TableList = listOf(Table);
export const TableIdParams = z.object({ tableId: Id });

export const Deposit = z.object({
  id: z.number().int(),
  code: z.string(),
  userId: z.number().int(),
  username: z.string(),
  amount: z.number().int(),
  approvedDate: IsoDate,
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type Deposit = z.infer<typeof Deposit>;
export const DepositList = listOf(Deposit);
export const OwnListQuery = ListQuery;

export const Withdrawal = z.object({
  id: z.number().int(),
  code: z.string(),
  userId: z.number().int(),
  username: z.string(),
  amount: z.number().int(),
  requestDate: IsoDate,
  status: WithdrawalStatus,
  /** Username of the approving or rejecting administrator. */
  approvedBy: z.string().nullable(),
  /** Date of approval or rejection. */
  approveDate: IsoDate.nullable(),
  rejectReason: z.string().nullable(),
  bank: BankCode,
  accountNumber: z.string(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalList = listOf(Withdrawal);
export const OwnWithdrawalQuery = ListQuery.extend({ status: WithdrawalStatus.optional() });
export const CreateWithdrawalBody = z.object({ amount: Amount, idempotencyKey: IdempotencyKey.optional() });
export type CreateWithdrawalBody = z.infer<typeof CreateWithdrawalBody>;

/**
 * One row of the player's ledger view. `amount` is signed: the change to the player's available
 * balance when it is involved, else to the other account of theirs involved (table chips or hold).
 */
export const Outcome = z.object({
  id: z.number().int(),
  code: z.string(),
  type: OutcomeType,
  amount: z.number().int(),
  date: IsoDate,
  reference: z.string().nullable(),
  tableId: z.number().int().nullable(),
  handId: z.number().int().optional(),
});
export type Outcome = z.infer<typeof Outcome>;
export const OutcomeQuery = ListQuery.extend({
  /** Comma-separated outcome types to keep, e.g. `GAMEPLAY_WIN,BONUS`. */
  type: z
    .string()
    .max(400)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(OutcomeType))
    .optional(),
});
export const OutcomeList = listOf(Outcome);

export const Maintenance = z.object({ enabled: z.boolean(), message: z.string().max(2000) });
export type Maintenance = z.infer<typeof Maintenance>;
/** What players need of the room's settings: the withdrawal bounds. */
export const WalletLimits = z.object({ withdrawalMin: z.number().int().min(0), withdrawalMax: z.number().int().min(0) });
export type WalletLimits = z.infer<typeof WalletLimits>;

export const BlockName = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'Block name: lowercase letters, digits, - and _');
export const BlockContent = z.object({ en: z.string().max(100_000), mn: z.string().max(100_000) });
export const Block = z.object({ name: BlockName, content: BlockContent, updatedAt: IsoDate.optional() });
export type Block = z.infer<typeof Block>;
export const BlockParams = z.object({ name: BlockName });

export const Jackpot = z.object({ amount: Money });
export type Jackpot = z.infer<typeof Jackpot>;

/** One dealt hand (filled by the live tables; `seed` is revealed only after the hand ends). */
export const Hand = z.object({
  handId: z.number().int(),
  tableId: z.number().int(),
  handNumber: z.number().int(),
  startedAt: IsoDate,
  endedAt: IsoDate.nullable(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  phh: z.string().nullable(),
  summary: z.unknown().nullable(),
  status: HandStatus,
});
export type Hand = z.infer<typeof Hand>;
