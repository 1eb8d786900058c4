// Drizzle description of safer play's tables (migration 0800, docs/safer-play.md), part of
// schema.ts (which re-exports it): profiles, limits, exclusions, identity checks.
import { bigint, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ExclusionKind, IdentityKind, IdentityStatus, LimitKind } from '../../shared/api/safer';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const money = (name: string) => bigint(name, { mode: 'number' });

export const saferProfiles = pgTable('safer_profiles', {
  userId: integer('user_id').primaryKey(),
  adultConfirmedAt: ts('adult_confirmed_at'),
  reminderMinutes: integer('reminder_minutes').notNull(),
  sessionStartedAt: ts('session_started_at'),
  sessionActiveAt: ts('session_active_at'),
});

export const saferLimits = pgTable('safer_limits', {
  userId: integer('user_id').notNull(),
  kind: text('kind').$type<LimitKind>().notNull(),
  amount: money('amount'),
  pendingAmount: money('pending_amount'),
  pendingFrom: ts('pending_from'),
  updatedAt: ts('updated_at').notNull(),
});

export const saferExclusions = pgTable('safer_exclusions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  kind: text('kind').$type<ExclusionKind>().notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at'),
  setBy: integer('set_by'),
  createdAt: ts('created_at').notNull(),
});

export const identityChecks = pgTable('identity_checks', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  kind: text('kind').$type<IdentityKind>().notNull(),
  status: text('status').$type<IdentityStatus>().notNull(),
  documentMime: text('document_mime').notNull(),
  document: text('document').notNull(),
  secondMime: text('second_mime').notNull(),
  second: text('second').notNull(),
  reason: text('reason'),
  reviewedBy: integer('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull(),
});
