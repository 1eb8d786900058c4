// Drizzle description of the integrity tables (migration 0820, docs/integrity.md), part of
// schema.ts (which re-exports it): the job's running sums and cursor, sign-in traces, alerts,
// cases and their notes, account standing, restitution.
import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const money = (name: string) => bigint(name, { mode: 'number' });

/** One row (id 1): the last hand the job counted. */
export const integrityCursor = pgTable('integrity_cursor', {
  id: integer('id').primaryKey(),
  lastHandId: money('last_hand_id').notNull(),
  totalHands: money('total_hands').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Primary key (user_id, game, big_blind): integrity/counters.ts PlayerCounters. */
export const integrityPlayerStats = pgTable('integrity_player_stats', {
  userId: integer('user_id').notNull(),
  game: text('game').notNull(),
  bigBlind: money('big_blind').notNull(),
  hands: integer('hands').notNull(),
  counters: jsonb('counters').notNull(),
});

export const integrityActivity = pgTable('integrity_activity', {
  userId: integer('user_id').primaryKey(),
  activity: jsonb('activity').notNull(),
});

/** Primary key (user_id, day); day is the UTC date as YYYY-MM-DD. */
export const integrityPlayerDays = pgTable('integrity_player_days', {
  userId: integer('user_id').notNull(),
  day: text('day').notNull(),
  hands: integer('hands').notNull(),
  net: money('net').notNull(),
});

/** Primary key (user_a, user_b), user_a < user_b: integrity/counters.ts PairCounters. */
export const integrityPairs = pgTable('integrity_pairs', {
  userA: integer('user_a').notNull(),
  userB: integer('user_b').notNull(),
  together: integer('together').notNull(),
  counters: jsonb('counters').notNull(),
});

/** Primary key (user_id, ip, device); '' when not known. */
export const integrityLogins = pgTable('integrity_logins', {
  userId: integer('user_id').notNull(),
  ip: text('ip').notNull(),
  device: text('device').notNull(),
  firstAt: ts('first_at').notNull(),
  lastAt: ts('last_at').notNull(),
  count: integer('count').notNull(),
});

export const integrityAlerts = pgTable('integrity_alerts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  signalKey: text('signal_key').notNull().unique(),
  kind: text('kind').notNull(),
  userIds: jsonb('user_ids').$type<number[]>().notNull(),
  score: integer('score').notNull(),
  evidence: jsonb('evidence').notNull(),
  status: text('status').notNull(),
  caseId: money('case_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const integrityCases = pgTable('integrity_cases', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  status: text('status').notNull(),
  userIds: jsonb('user_ids').$type<number[]>().notNull(),
  assigneeId: integer('assignee_id'),
  createdBy: integer('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const integrityCaseNotes = pgTable('integrity_case_notes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  caseId: money('case_id').notNull(),
  authorId: integer('author_id').notNull(),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const integrityStanding = pgTable('integrity_standing', {
  userId: integer('user_id').primaryKey(),
  standing: text('standing').notNull(),
  reason: text('reason').notNull(),
  caseId: money('case_id'),
  setBy: integer('set_by').notNull(),
  setAt: ts('set_at').notNull(),
});

export const integrityRestitutions = pgTable('integrity_restitutions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  caseId: money('case_id').notNull(),
  offenderId: integer('offender_id').notNull(),
  payments: jsonb('payments').$type<Array<{ userId: number; amount: number }>>().notNull(),
  total: money('total').notNull(),
  reason: text('reason').notNull(),
  status: text('status').notNull(),
  proposedBy: integer('proposed_by').notNull(),
  proposedAt: ts('proposed_at').notNull(),
  resolvedBy: integer('resolved_by'),
  resolvedAt: ts('resolved_at'),
});
