// Drizzle description of the fast-fold pools (migration 0900, docs/fast-fold.md), part of
// schema.ts (which re-exports it).
import { bigint, boolean, doublePrecision, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Variant } from '../../shared/api/enums';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const money = (name: string) => bigint(name, { mode: 'number' });

/** A pool for a game and stake; its tables are poker_tables rows with pool_id, its money the anchor table's accounts. */
export const fastFoldPools = pgTable('fast_fold_pools', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  variant: text('variant').$type<Variant>().notNull(),
  smallBlind: money('small_blind').notNull(),
  bigBlind: money('big_blind').notNull(),
  minBuyIn: money('min_buy_in').notNull(),
  maxBuyIn: money('max_buy_in').notNull(),
  maxPlayers: integer('max_players').notNull(),
  rakePercent: doublePrecision('rake_percent').notNull(),
  rakeCap: money('rake_cap').notNull(),
  actionTime: integer('action_time').notNull(),
  status: text('status').$type<'open' | 'closed'>().notNull(),
  createdAt: ts('created_at').notNull(),
  anchorTableId: integer('anchor_table_id'),
});

/** A player in a pool and the hands dealt to them since their last big blind. */
export const fastFoldPlayers = pgTable(
  'fast_fold_players',
  {
    poolId: integer('pool_id').notNull(),
    userId: integer('user_id').notNull(),
    isBot: boolean('is_bot').notNull(),
    sinceBb: integer('since_bb').notNull(),
    joinedAt: ts('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.userId] })],
);
