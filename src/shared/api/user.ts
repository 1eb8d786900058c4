// Schemas of the player API (/api/v1/user).
import { z } from 'zod';
import { AVATAR_IDS, AVATAR_ID_MAX_LENGTH } from '../avatars';
import { AccountNumber, Amount, Email, Id, IdempotencyKey, IsoDate, ListQuery, Money, Password, Username, listOf } from './common';
import { BankCode, HandStatus, OutcomeType, Role, BettingLimit, Straddle, TableOption, TableStatus, UserStatus, Variant, WithdrawalStatus } from './enums';

/** One of the avatars of the set (src/shared/avatars.ts); anything else is refused (400 INVALID_INPUT, path body.avatar). */
export const AvatarChoice = z.enum(AVATAR_IDS, { error: `Unknown avatar: choose one of ${AVATAR_IDS.join(', ')}, or null for the initials` });

/** The signed-in user (`GET /me`). balance = available; locked = table chips + pending withdrawals. */
export const Me = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  /** False until the link mailed to the address is opened (reset links go to confirmed addresses only). */
  emailConfirmed: z.boolean(),
  role: Role,
  isAdmin: z.boolean(),
  balance: Money,
  locked: Money,
  bank: BankCode,
  accountNumber: z.string(),
  depositCode: z.string(),
  status: UserStatus,
  createdAt: IsoDate,
  /** When the player last changed bank or account number (null: as registered). */
  payoutChangedAt: IsoDate.nullable(),
  /** Withdrawals requested before this time are held until it (cooling-off after a payout change). */
  payoutHoldUntil: IsoDate.nullable(),
  /**
   * The chosen avatar's id (null: the initials). Answered as stored, not checked against the set:
   * an id retired from the set shows the initials in the apps (isAvatarId).
   */
  avatar: z.string().max(AVATAR_ID_MAX_LENGTH).nullable().optional(),
});
export type Me = z.infer<typeof Me>;

/** The id the app keeps in the browser and sends at sign-in and registration (linked accounts, docs/integrity.md). */
export const DeviceId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const RegisterBody = z
  .object({
    email: Email,
    username: Username,
    password: Password,
    confirmPassword: z.string().max(200),
    bank: BankCode,
    accountNumber: AccountNumber,
    /** The player confirms they are 18 or older (docs/safer-play.md); anything but true is refused. */
    adult: z.literal(true, { error: 'You must be 18 or older to play' }),
    device: DeviceId.optional(),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** A second-factor code: 6 digits from the authenticator app, or a one-time recovery code. */
export const OtpCode = z.string().trim().min(6).max(40);
/** `otp` only when the account has a second factor (the first attempt without it answers 401 OTP_REQUIRED). */
/** `device`: the id the app keeps in the browser (linked accounts, docs/integrity.md). */
export const LoginBody = z.object({
  username: z.string().min(1).max(254),
  password: z.string().min(1).max(200),
  otp: OtpCode.optional(),
  device: DeviceId.optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthResponse = z.object({ accessToken: z.string(), user: Me });
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * Only these fields may change; anything else in the body (role, balance...) is ignored.
 * `currentPassword` is needed to change the password, the e-mail address, the bank or the account
 * number (the server knows which fields really change: 403 WRONG_PASSWORD when it is missing or wrong).
 */
export const PatchMeBody = z
  .object({
    email: Email.optional(),
    bank: BankCode.optional(),
    accountNumber: AccountNumber.optional(),
    password: Password.optional(),
    confirmPassword: z.string().max(200).optional(),
    currentPassword: z.string().max(200).optional(),
    /** An avatar of the set, or null for the initials; needs no password. Shown from the player's next sit. */
    avatar: AvatarChoice.nullable().optional(),
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

/** The token of the link mailed to a new or changed address (/confirm-email?token=...). */
export const ConfirmEmailBody = z.object({ token: z.string().min(10).max(200) });
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;

/** Second factor of the caller: `available` to staff only. */
export const TwoFactorStatus = z.object({ available: z.boolean(), enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
export const TwoFactorSetupBody = z.object({ password: z.string().min(1).max(200) });
export type TwoFactorSetupBody = z.infer<typeof TwoFactorSetupBody>;
/** A new secret (base32) and its otpauth:// URI for the QR code; enabled only once a code is confirmed. */
export const TwoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;
export const TwoFactorEnableBody = z.object({ code: OtpCode });
export type TwoFactorEnableBody = z.infer<typeof TwoFactorEnableBody>;
/** Shown once: only their hashes are kept. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;
export const TwoFactorDisableBody = z.object({ password: z.string().min(1).max(200), code: OtpCode });
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBody>;
/** New recovery codes, the factor left on: the same proof as turning it off. */
export const TwoFactorRecoveryCodesBody = TwoFactorDisableBody;
export type TwoFactorRecoveryCodesBody = TwoFactorDisableBody;

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
  ante: z.number().int(),
  straddle: Straddle,
  runItTwice: z.boolean(),
  bombPotEvery: z.number().int(),
  createdAt: IsoDate,
});
export type Table = z.infer<typeof Table>;
export const TableListQuery = ListQuery.extend({
  variant: Variant.optional(),
  /** The game's betting structure (the lobby's limit filter). */
  structure: BettingLimit.optional(),
  /** Only tables with this option on. */
  option: TableOption.optional(),
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
  /**
   * Set when the payout details were changed shortly before the request: the withdrawal cannot be
   * approved before this time (409 PAYOUT_COOLING_OFF); it can be rejected. Null: no hold.
   */
  holdUntil: IsoDate.nullable(),
  /**
   * Two-person approval (amount above settings.twoPersonThreshold): 2, else 1. The first staff
   * member's approval is kept here while the withdrawal still waits for a second, different one.
   */
  approvalsNeeded: z.number().int().min(1).max(2).optional(),
  firstApprovedBy: z.string().nullable().optional(),
  firstApproveDate: IsoDate.nullable().optional(),
  /** Payout batches (docs/payments.md): the batch it is sent in, and when the bank paid it out with which reference. */
  payoutBatch: z.string().nullable().optional(),
  paidOutAt: IsoDate.nullable().optional(),
  paidOutReference: z.string().nullable().optional(),
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
/** What players need of the room's settings: the withdrawal bounds, and the QPay deposit bounds when QPay is on. */
export const WalletLimits = z.object({
  withdrawalMin: z.number().int().min(0),
  withdrawalMax: z.number().int().min(0),
  qpay: z.boolean().optional(),
  depositMin: z.number().int().min(0).optional(),
  depositMax: z.number().int().min(0).optional(),
});
export type WalletLimits = z.infer<typeof WalletLimits>;

export const BlockName = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'Block name: lowercase letters, digits, - and _');
export const BlockContent = z.object({ en: z.string().max(100_000), mn: z.string().max(100_000) });
export const Block = z.object({ name: BlockName, content: BlockContent, updatedAt: IsoDate.optional() });
export type Block = z.infer<typeof Block>;
export const BlockParams = z.object({ name: BlockName });

export const Jackpot = z.object({ amount: Money });
export type Jackpot = z.infer<typeof Jackpot>;

/** Proof that `card` was at `position` of a hand's committed deck (src/poker/fair, verifyOpening). */
export const CardOpening = z.object({
  position: z.number().int().min(0).max(51),
  card: z.string(),
  salt: z.string(),
  proof: z.array(z.string()),
});
export type CardOpening = z.infer<typeof CardOpening>;

/**
 * One dealt hand (filled by the live tables). Fairness: `seedHash` (the server seed's SHA-256,
 * committed a hand ahead), `cardsRoot` (Merkle root of the salted deck, published before the
 * deal; null for hands dealt before commitments existed) and `entropy` (the players' share of
 * the shuffle). `seed` is the server seed: administrators get it once the hand is over; players
 * only when it reveals no card that was not shown. `openings` (players' own hand history):
 * proofs of the board, the hands shown and the caller's own hole cards, nothing else.
 */
export const Hand = z.object({
  handId: z.number().int(),
  tableId: z.number().int(),
  handNumber: z.number().int(),
  startedAt: IsoDate,
  endedAt: IsoDate.nullable(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  cardsRoot: z.string().nullable().optional(),
  entropy: z.array(z.object({ seat: z.number().int(), entropy: z.string() })).optional(),
  openings: z.array(CardOpening).optional(),
  phh: z.string().nullable(),
  summary: z.unknown().nullable(),
  status: HandStatus,
});
export type Hand = z.infer<typeof Hand>;
