// Building blocks shared by every route schema.
import { z } from 'zod';

// In the browser, zod must not compile parsers with `new Function`: the apps' Content-Security-
// Policy has no 'unsafe-eval', and even zod's guarded probe for it is reported as a violation.
// Every schema imports this module, so this runs before any parse. The server keeps the JIT.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** Largest amount accepted from outside (one trillion tugrik); keeps sums far below 2^53. */
export const MAX_AMOUNT = 1_000_000_000_000;

/** Integer tugrik from a JSON body: positive, whole, bounded. Strings are refused. */
export const Amount = z.number().int().positive().max(MAX_AMOUNT);
/** Integer tugrik in a response; may be zero or (house bank only) negative. */
export const Money = z.number().int();

/** A positive integer id, coerced from a query string or path segment ("12" -> 12). */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);
/** A positive integer id inside a JSON body (no coercion). */
export const BodyId = z.number().int().positive().max(2_147_483_647);

export const IsoDate = z.string(); // ISO 8601 timestamps in responses

export const Email = z.email().max(254);
export const Username = z.string().regex(/^[A-Za-z0-9_]{3,20}$/, 'Username must be 3 to 20 letters, digits or underscores');
export const Password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(200)
  .regex(/[A-Za-z]/, 'Password must contain a letter')
  .regex(/[0-9]/, 'Password must contain a digit');
export const AccountNumber = z.string().regex(/^[0-9]{6,20}$/, 'Account number must be 6 to 20 digits');
/** Client-chosen key that makes a money request safe to retry. */
export const IdempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/);

export const Order = z.enum(['ASC', 'DESC']);

/** Paging and sorting every list route accepts (react-admin's getList). */
export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.string().max(40).optional(),
  order: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(Order)
    .optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
export type List<T> = { items: T[]; total: number };

export const Ok = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof Ok>;

/** Every error answer: `{error:{code, message, details?}}`. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Error codes the server uses (stable; clients may switch on them). */
export const ERROR_CODES = [
  'INVALID_INPUT',
  /** A string holds a NUL character or an unpaired surrogate (shared/api/text.ts); details name the field. */
  'INVALID_TEXT',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  /** Too many failed sign-ins for this name from this source (or from new sources): wait Retry-After seconds. */
  'LOGIN_THROTTLED',
  /** Right password, and the account has a second factor: send the code as `otp`. */
  'OTP_REQUIRED',
  /** A wrong, used or malformed second-factor code. */
  'OTP_INVALID',
  /** Setting up a second factor that is on already / turning off one that is not on. */
  'OTP_ALREADY_ENABLED',
  'OTP_NOT_ENABLED',
  /** A reset or confirmation link that is unknown, used or expired. */
  'INVALID_TOKEN',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_BALANCE',
  'ALREADY_RESOLVED',
  /** Approval before the cooling-off time after a payout-details change ended (409). */
  'PAYOUT_COOLING_OFF',
  /** The account is on hold for review: no withdrawal may be asked or approved (409). */
  'ACCOUNT_ON_HOLD',
  /** Holding an account on hold already / releasing one that is not (409). */
  'ALREADY_ON_HOLD',
  'NOT_ON_HOLD',
  /** Hiding a chat message hidden already (409). */
  'ALREADY_HIDDEN',
  /** Two-person approval: the second approver must be someone else than the first (409). */
  'SAME_APPROVER',
  /** Staff may not resolve their own withdrawal (403). */
  'OWN_WITHDRAWAL',
  /** The current password is missing or wrong (403; not 401, which the apps treat as logout). */
  'WRONG_PASSWORD',
  /** Tournaments: registration is not open (started, finished or cancelled), the field is full, the player has a live entry already / has none (409). */
  'REGISTRATION_CLOSED',
  'TOURNAMENT_FULL',
  'ALREADY_REGISTERED',
  'NOT_REGISTERED',
  /** Changing, cancelling or leaving a tournament that has started, is over or was cancelled (409). */
  'TOURNAMENT_STARTED',
  'TOURNAMENT_FINISHED',
  'TOURNAMENT_CANCELLED',
  /** Buy-in and fee are fixed once someone has paid them; a maximum below the players registered (409). */
  'TOURNAMENT_PAID',
  'ENTRANTS_ABOVE_MAX',
  /** QPay deposits (docs/payments.md): not set up on this server; QPay not answering; QPay refusing. */
  'QPAY_DISABLED',
  'QPAY_UNAVAILABLE',
  'QPAY_REFUSED',
  /** A deposit the safer-play limits refuse (the guard's own code may be more precise). */
  'DEPOSIT_REFUSED',
  /** Safer play (docs/safer-play.md): a limit reached (409), a cool-off or self-exclusion in force (403), an exclusion made shorter (409), a withdrawal that needs an approved identity check (403), an identity check reviewed already (409). */
  'DEPOSIT_LIMIT',
  'LOSS_LIMIT',
  'SESSION_LIMIT',
  'SELF_EXCLUDED',
  'EXCLUSION_CANNOT_SHORTEN',
  'IDENTITY_REQUIRED',
  'ALREADY_REVIEWED',
  /** A deposit amount outside the settings' bounds (400). */
  'AMOUNT_TOO_LOW',
  'AMOUNT_TOO_HIGH',
  /** A payment or a statement line that was credited, refused or resolved already (409). */
  'ALREADY_CREDITED',
  /** A bank statement with bad lines (400; details name each line) or uploaded before (409). */
  'STATEMENT_INVALID',
  'STATEMENT_ALREADY_UPLOADED',
  /** A payout batch for a bank with no approved withdrawal waiting (409). */
  'NOTHING_TO_PAY',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'MAINTENANCE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
