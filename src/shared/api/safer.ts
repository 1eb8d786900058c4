// Safer play (docs/safer-play.md): a player's limits, session reminders, cool-off and
// self-exclusion, and the identity check a large withdrawal needs. Browser-safe.
import { z } from 'zod';
import { Amount, Id, IsoDate, ListQuery, listOf, Money } from './common';

export const LIMIT_KINDS = ['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH', 'LOSS_DAY', 'LOSS_WEEK', 'LOSS_MONTH', 'SESSION_MINUTES'] as const;
export const LimitKind = z.enum(LIMIT_KINDS);
export type LimitKind = z.infer<typeof LimitKind>;

export const EXCLUSION_KINDS = ['COOL_OFF', 'SELF_EXCLUSION'] as const;
export const ExclusionKind = z.enum(EXCLUSION_KINDS);
export type ExclusionKind = z.infer<typeof ExclusionKind>;

export const IDENTITY_KINDS = ['DOCUMENT_SELFIE', 'BANK_PROOF'] as const;
export const IdentityKind = z.enum(IDENTITY_KINDS);
export type IdentityKind = z.infer<typeof IdentityKind>;

export const IDENTITY_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const IdentityStatus = z.enum(IDENTITY_STATUSES);
export type IdentityStatus = z.infer<typeof IdentityStatus>;

/** Bounds of a cool-off and of a self-exclusion, in days (a self-exclusion may also be permanent). */
export const COOL_OFF_DAYS = { min: 1, max: 42 } as const;
export const SELF_EXCLUSION_DAYS = { min: 183, max: 3650 } as const;
/** Session reminders: every 0 (off) to 240 minutes. A session limit: 15 minutes to 24 hours. */
export const REMINDER_MAX_MINUTES = 240;
export const SESSION_LIMIT_MINUTES = { min: 15, max: 1440 } as const;

/** A limit: in force (null: none) and, when raised or removed, the change waiting for its 24 hours. */
export const SaferLimit = z.object({
  kind: LimitKind,
  amount: Money.nullable(),
  /** The raise or removal waiting (null with `pendingFrom` set: removal). */
  pendingAmount: Money.nullable(),
  pendingFrom: IsoDate.nullable(),
  /** Used in the current window (tugrik deposited or lost, minutes played); 0 for none. */
  used: Money,
});
export type SaferLimit = z.infer<typeof SaferLimit>;

export const Exclusion = z.object({ kind: ExclusionKind, startsAt: IsoDate, endsAt: IsoDate.nullable() });
export type Exclusion = z.infer<typeof Exclusion>;

export const PlaySession = z.object({ startedAt: IsoDate, minutes: z.number().int(), result: Money });
export type PlaySession = z.infer<typeof PlaySession>;

export const IdentitySummary = z.object({
  id: z.number().int(),
  kind: IdentityKind,
  status: IdentityStatus,
  reason: z.string().nullable(),
  createdAt: IsoDate,
  reviewedAt: IsoDate.nullable(),
});
export type IdentitySummary = z.infer<typeof IdentitySummary>;

export const SaferPlay = z.object({
  limits: z.array(SaferLimit),
  reminderMinutes: z.number().int(),
  /** The cool-off or self-exclusion in force, if any. */
  exclusion: Exclusion.nullable(),
  /** The session in progress (a seat taken in the last 30 minutes), if any. */
  session: PlaySession.nullable(),
  /** The latest identity check, and whether withdrawals above the setting are open. */
  identity: IdentitySummary.nullable(),
  identityRequiredAbove: Money,
});
export type SaferPlay = z.infer<typeof SaferPlay>;

/** A new value for one limit (null: remove it). Lower applies at once; higher or none after 24 hours. */
export const SetLimitBody = z.object({ kind: LimitKind, amount: Amount.nullable() });
export type SetLimitBody = z.infer<typeof SetLimitBody>;

export const ReminderBody = z.object({ reminderMinutes: z.number().int().min(0).max(REMINDER_MAX_MINUTES) });
export type ReminderBody = z.infer<typeof ReminderBody>;

/** A cool-off (`days` 1 to 42) or self-exclusion (`days` 183 to 3650, or `permanent`). `confirm` must be true. */
export const ExclusionBody = z
  .object({
    kind: ExclusionKind,
    days: z.number().int().min(1).max(SELF_EXCLUSION_DAYS.max).optional(),
    permanent: z.boolean().optional(),
    confirm: z.literal(true),
  })
  .refine(
    (b) =>
      b.kind === 'COOL_OFF' ? !b.permanent && b.days !== undefined && b.days <= COOL_OFF_DAYS.max : b.permanent || (b.days ?? 0) >= SELF_EXCLUSION_DAYS.min,
    {
      path: ['days'],
      message: 'A cool-off lasts 1 to 42 days; a self-exclusion 6 months to 10 years, or is permanent',
    },
  );
export type ExclusionBody = z.infer<typeof ExclusionBody>;

/** Images the identity upload accepts, and the largest one (bytes, decoded). */
export const IDENTITY_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IDENTITY_MAX_BYTES = 3 * 1024 * 1024;
const Base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Not base64');
export const IdentityImage = z.object({
  mime: z.enum(IDENTITY_MIMES),
  /** The file's bytes, base64 (no data: prefix). */
  data: Base64.max(Math.ceil(IDENTITY_MAX_BYTES / 3) * 4),
});
export type IdentityImage = z.infer<typeof IdentityImage>;
export const IdentityUploadBody = z.object({ kind: IdentityKind, document: IdentityImage, second: IdentityImage });
export type IdentityUploadBody = z.infer<typeof IdentityUploadBody>;

// ---- back office ----

/** Staff record a cool-off or self-exclusion a player asked for by phone; never shorter than one in force. */
export const StaffExclusionBody = z.object({
  kind: ExclusionKind,
  days: z.number().int().min(1).max(SELF_EXCLUSION_DAYS.max).optional(),
  permanent: z.boolean().optional(),
  reason: z.string().trim().min(3).max(500),
});
export type StaffExclusionBody = z.infer<typeof StaffExclusionBody>;

export const IdentityCheckQuery = ListQuery.extend({ status: IdentityStatus.optional(), userId: Id.optional() });
export const IdentityCheckIdQuery = z.object({ id: Id });
export const IdentityCheckParams = z.object({ checkId: Id });

export const IdentityCheck = IdentitySummary.extend({ userId: z.number().int(), username: z.string(), reviewedBy: z.string().nullable() });
export type IdentityCheck = z.infer<typeof IdentityCheck>;
export const IdentityCheckList = listOf(IdentityCheck);

/** One check with its images (staff only). */
export const IdentityCheckDetail = IdentityCheck.extend({ document: IdentityImage, second: IdentityImage });
export type IdentityCheckDetail = z.infer<typeof IdentityCheckDetail>;

export const ReviewIdentityBody = z
  .object({ decision: z.enum(['APPROVED', 'REJECTED']), reason: z.string().trim().max(500).optional() })
  .refine((b) => b.decision === 'APPROVED' || (b.reason?.length ?? 0) >= 3, { path: ['reason'], message: 'Say why it is rejected' });
export type ReviewIdentityBody = z.infer<typeof ReviewIdentityBody>;

export const AdminSaferPlay = SaferPlay.extend({ adultConfirmedAt: IsoDate.nullable(), exclusions: z.array(Exclusion) });
export type AdminSaferPlay = z.infer<typeof AdminSaferPlay>;
