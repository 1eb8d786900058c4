// Drizzle description of the regulars' tables (migration 0850, docs/player.md), part of schema.ts
// (which re-exports it): private notes on opponents and web push subscriptions.
import { bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { NoteTag, PushKind } from '../../shared/api/regulars';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** A player's private note and colour tag on another player (visible to the owner only). */
export const playerNotes = pgTable(
  'player_notes',
  {
    ownerId: integer('owner_id').notNull(),
    targetId: integer('target_id').notNull(),
    tag: text('tag').$type<NoteTag>(),
    note: text('note').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.targetId] })],
);

/** A browser's web push subscription: its endpoint and keys, the kinds it wants, their language. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  kinds: jsonb('kinds').$type<PushKind[]>().notNull(),
  language: text('language').$type<'en' | 'mn'>().notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
