// Game integrity (issue 30, docs/integrity.md): a player's own statistics, and for staff the
// alerts the integrity job raises, the pages per player and per linked group, cases with notes,
// an account's standing and restitution with four eyes.
import { z } from 'zod';
import { Amount, BodyId, Id, IsoDate, ListQuery, Money, listOf } from './common';

export const SIGNAL_KINDS = ['chip_dumping', 'soft_play', 'linked_accounts', 'bot', 'squeeze', 'tournament_dumping', 'deposit_passing'] as const;
export const SignalKind = z.enum(SIGNAL_KINDS);
export const ALERT_STATUSES = ['open', 'dismissed', 'case'] as const;
export const CASE_STATUSES = ['open', 'investigating', 'actioned', 'closed'] as const;
export const CaseStatus = z.enum(CASE_STATUSES);
/** warned: recorded only; restricted: no tables, no withdrawals; frozen: also pending withdrawals held; closed: nothing. */
export const STANDINGS = ['warned', 'restricted', 'frozen', 'closed'] as const;
export const Standing = z.enum(STANDINGS);
export type Standing = z.infer<typeof Standing>;
export const RESTITUTION_STATUSES = ['proposed', 'paid', 'rejected'] as const;

/** A device id the app keeps in the browser and sends at sign-in (linked accounts). */
export const DeviceId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

// ---- a player's own statistics ----
export const PlayFigures = z.object({
  game: z.string(),
  /** 0: tournament chips. */
  bigBlind: Money,
  hands: z.number().int(),
  /** Percentages (0..100) and ratios, null without the hands to say. */
  vpip: z.number().nullable(),
  pfr: z.number().nullable(),
  threeBet: z.number().nullable(),
  aggression: z.number().nullable(),
  wtsd: z.number().nullable(),
  wsd: z.number().nullable(),
  bbPer100: z.number().nullable(),
  net: z.number(),
  allinHands: z.number().int(),
  allinEv: z.number(),
  allinActual: z.number(),
  decisionMeanMs: z.number().nullable(),
  decisionSdMs: z.number().nullable(),
});
export type PlayFigures = z.infer<typeof PlayFigures>;
export const MyStats = z.object({
  figures: z.array(PlayFigures),
  hoursPlayed: z.number(),
  longestSessionHours: z.number(),
  maxTables: z.number().int(),
  /** Cash results per UTC day, oldest first, with the running total. */
  days: z.array(z.object({ day: z.string(), hands: z.number().int(), net: Money, cumulative: Money })),
});
export type MyStats = z.infer<typeof MyStats>;

// ---- alerts ----
export const Evidence = z.object({
  figures: z.record(z.string(), z.number()),
  expected: z.record(z.string(), z.number()),
  hands: z.array(z.number()),
  reasons: z.array(z.string()),
  shared: z.array(z.string()).optional(),
});
export const AlertUser = z.object({ userId: z.number().int(), username: z.string(), standing: Standing.nullable() });
export const Alert = z.object({
  id: z.number().int(),
  kind: SignalKind,
  users: z.array(AlertUser),
  score: z.number().int(),
  evidence: Evidence,
  status: z.enum(ALERT_STATUSES),
  caseId: z.number().int().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Alert = z.infer<typeof Alert>;
export const AlertQuery = ListQuery.extend({
  kind: SignalKind.optional(),
  status: z.enum(ALERT_STATUSES).optional(),
  userId: Id.optional(),
  minScore: z.coerce.number().int().min(0).max(100).optional(),
});
export const AlertList = listOf(Alert);
export const AlertParams = z.object({ alertId: Id });
export const AlertStatusBody = z.object({ status: z.enum(['open', 'dismissed']) });

// ---- a player's and a linked group's page ----
export const IntegrityPlayer = z.object({
  userId: z.number().int(),
  username: z.string(),
  standing: Standing.nullable(),
  standingReason: z.string().nullable(),
  stats: MyStats,
  alerts: z.array(Alert),
  /** Addresses and devices signed in from, with the other accounts seen on them. */
  traces: z.array(z.object({ kind: z.enum(['ip', 'device']), value: z.string(), count: z.number().int(), lastAt: IsoDate, others: z.array(z.string()) })),
  /** The players most often at the same tables, with the money between them (positive: to this player). */
  partners: z.array(z.object({ userId: z.number().int(), username: z.string(), handsTogether: z.number().int(), netFromThem: z.number() })),
});
export type IntegrityPlayer = z.infer<typeof IntegrityPlayer>;
export const IntegrityUserParams = z.object({ userId: Id });
export const IntegrityGroup = z.object({
  members: z.array(AlertUser),
  alerts: z.array(Alert),
});
export type IntegrityGroup = z.infer<typeof IntegrityGroup>;

// ---- cases ----
export const CaseNote = z.object({ id: z.number().int(), author: z.string(), text: z.string(), createdAt: IsoDate });
export const Restitution = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  offenderId: z.number().int(),
  offender: z.string(),
  payments: z.array(z.object({ userId: z.number().int(), username: z.string(), amount: Money })),
  total: Money,
  reason: z.string(),
  status: z.enum(RESTITUTION_STATUSES),
  proposedBy: z.string(),
  proposedAt: IsoDate,
  resolvedBy: z.string().nullable(),
  resolvedAt: IsoDate.nullable(),
});
export type Restitution = z.infer<typeof Restitution>;
export const IntegrityCase = z.object({
  id: z.number().int(),
  title: z.string(),
  status: CaseStatus,
  users: z.array(AlertUser),
  assigneeId: z.number().int().nullable(),
  assignee: z.string().nullable(),
  createdBy: z.string(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  /** Only on the single case's page. */
  notes: z.array(CaseNote).optional(),
  alerts: z.array(Alert).optional(),
  restitutions: z.array(Restitution).optional(),
});
export type IntegrityCase = z.infer<typeof IntegrityCase>;
export const CaseQuery = ListQuery.extend({ status: CaseStatus.optional(), assigneeId: Id.optional(), userId: Id.optional() });
export const CaseList = listOf(IntegrityCase);
export const CaseParams = z.object({ caseId: Id });
export const CreateCaseBody = z.object({
  title: z.string().trim().min(1).max(200),
  userIds: z.array(BodyId).min(1).max(20),
  alertIds: z.array(BodyId).max(50).optional(),
});
export const UpdateCaseBody = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  status: CaseStatus.optional(),
  /** null: nobody. */
  assigneeId: BodyId.nullable().optional(),
});
export const CaseNoteBody = z.object({ text: z.string().trim().min(1).max(4000) });
export const StandingBody = z.object({
  userId: BodyId,
  /** 'good' lifts any standing. */
  standing: z.enum([...STANDINGS, 'good']),
  reason: z.string().trim().min(1).max(500),
});
export const RestitutionBody = z.object({
  offenderId: BodyId,
  payments: z
    .array(z.object({ userId: BodyId, amount: Amount }))
    .min(1)
    .max(20),
  reason: z.string().trim().min(1).max(500),
});
export const RestitutionParams = z.object({ restitutionId: Id });
export const RejectRestitutionBody = z.object({ reason: z.string().trim().min(1).max(500) });

/** A hand of the evidence, for the replayer (every card: staff only). */
export const IntegrityHand = z.object({ handId: z.number().int(), tableId: z.number().int(), handNumber: z.number().int(), phh: z.string().nullable() });
export const HandParams = z.object({ handId: Id });
