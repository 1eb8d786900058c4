// Schemas of the staff back office beyond the specification: the audit trail, support notes and
// holds, chat moderation and the reports per day and month (issue 14).
import { z } from 'zod';
import { BodyId, Id, IsoDate, ListQuery, Money, listOf } from './common';
import { ChatMessage } from './chat';
import { Role } from './enums';

const DateFilter = z.iso.datetime({ offset: true }).or(z.iso.date());

/** Every kind of staff action the audit trail records. */
export const AUDIT_ACTIONS = [
  'deposit.create',
  'withdrawal.approve',
  'withdrawal.first_approval',
  'withdrawal.reject',
  'user.role',
  'user.delete',
  'user.note',
  'user.hold',
  'user.release',
  // Safer play (docs/safer-play.md): an exclusion recorded for a player, an identity check decided.
  'user.exclusion',
  'identity.approve',
  'identity.reject',
  'table.create',
  'table.update',
  'table.delete',
  'table.kick',
  'table.simulation_start',
  'table.simulation_stop',
  'block.create',
  'block.update',
  'block.delete',
  'settings.update',
  'chat.hide',
  'tournament.create',
  'tournament.update',
  'tournament.cancel',
  'tournament.bots',
  // Payments (docs/payments.md): a held QPay payment decided, a bank statement uploaded and its
  // lines credited, assigned or set aside, payout batches made, paid and cancelled.
  'qpay.review',
  'statement.upload',
  'statement.credit',
  'statement.assign',
  'statement.ignore',
  'payout_batch.create',
  'payout_batch.paid',
  'payout_batch.cancel',
  // Game integrity (docs/integrity.md): alerts, cases, standing, restitution with four eyes.
  'integrity.alert',
  'integrity.case_create',
  'integrity.case_update',
  'integrity.case_note',
  'integrity.standing',
  'integrity.restitution_propose',
  'integrity.restitution_pay',
  'integrity.restitution_reject',
  'pool.create',
  'pool.close',
  'pool.bots',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;
export const AUDIT_OBJECTS = [
  'deposit',
  'withdrawal',
  'user',
  'identity_check',
  'table',
  'block',
  'settings',
  'chat',
  'tournament',
  'qpay_payment',
  'statement',
  'statement_line',
  'payout_batch',
  'integrity_alert',
  'integrity_case',
  'integrity_restitution',
  'pool',
] as const;
export const AuditObject = z.enum(AUDIT_OBJECTS);
export type AuditObject = z.infer<typeof AuditObject>;

/** One audit row: who (id, name and role then), when, from where (IP), what, on what, before and after. */
export const AuditEntry = z.object({
  id: z.number().int(),
  createdAt: IsoDate,
  actorId: z.number().int(),
  actor: z.string(),
  actorRole: Role,
  ip: z.string().nullable(),
  action: AuditAction,
  objectType: AuditObject,
  objectId: z.string().nullable(),
  /** The player the action concerns, if any (their page shows it). */
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditQuery = ListQuery.extend({
  action: AuditAction.optional(),
  objectType: AuditObject.optional(),
  objectId: z.string().max(60).optional(),
  /** The staff member, by username (exact, any case). */
  actor: z.string().max(40).optional(),
  actorId: Id.optional(),
  userId: Id.optional(),
  from: DateFilter.optional(),
  to: DateFilter.optional(),
});
export const UserAuditQuery = ListQuery.extend({ userId: Id });
export const AuditList = listOf(AuditEntry);

/** A support note on a user: staff only, never shown to the player. */
export const UserNote = z.object({ id: z.number().int(), userId: z.number().int(), author: z.string(), text: z.string(), createdAt: IsoDate });
export type UserNote = z.infer<typeof UserNote>;
export const UserNoteQuery = ListQuery.extend({ userId: Id });
export const UserNoteList = listOf(UserNote);
export const CreateUserNoteBody = z.object({ userId: BodyId, text: z.string().trim().min(1).max(2000) });

/** Puts a user on hold for review: no withdrawal can be asked or approved until it is released. */
export const HoldBody = z.object({ reason: z.string().trim().min(1).max(500) });

/** Chat moderation: every message (hidden ones too) for staff, newest first. */
export const AdminChatQuery = ListQuery.extend({ tableId: Id.optional(), userId: Id.optional(), hidden: z.enum(['true', 'false']).optional() });
export const AdminChatMessage = ChatMessage.extend({ hiddenAt: IsoDate.nullable(), hiddenBy: z.string().nullable() });
export type AdminChatMessage = z.infer<typeof AdminChatMessage>;
export const AdminChatList = listOf(AdminChatMessage);
export const ChatIdQuery = z.object({ id: Id });

/** Reports: one row per UTC day or month; `from`/`to` are dates (a month's row starts on its first day). */
export const REPORT_PERIODS = ['day', 'month'] as const;
export const ReportQuery = ListQuery.extend({
  period: z.enum(REPORT_PERIODS).default('day'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const ReportRow = z.object({
  /** YYYY-MM-DD (day) or YYYY-MM (month). */
  id: z.string(),
  period: z.enum(REPORT_PERIODS),
  deposits: Money,
  withdrawals: Money,
  rake: Money,
  /** Fed to the bad-beat jackpot, and paid out of it. */
  jackpot: Money,
  jackpotPaid: Money,
  /** Distinct players (not bots) dealt into at least one hand. */
  activePlayers: z.number().int(),
  registrations: z.number().int(),
});
export type ReportRow = z.infer<typeof ReportRow>;
export const ReportList = listOf(ReportRow);
