// Drizzle description of the tables created by migrations/*.sql (the SQL files are the source of
// truth; keep both in step). Typed rows (rows.ts) derive from it; a test compares it with the migrated database.
import { bigint, bigserial, boolean, doublePrecision, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditObject, Settings } from '../../shared/api/admin';
import type { BankCode, EntryStatus, Role, TournamentKind, Straddle, TournamentStatus, UserStatus, Variant } from '../../shared/api/enums';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const money = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  /** False until the mailed link is opened (only confirmed addresses are unique). */
  emailConfirmed: boolean('email_confirmed').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<Role>().notNull(),
  status: text('status').$type<UserStatus>().notNull(),
  /** Checked by the contract on every write (no CHECK in the database). */
  bank: text('bank').$type<BankCode>().notNull(),
  accountNumber: text('account_number').notNull(),
  depositCode: text('deposit_code').notNull().unique(),
  tokenVersion: integer('token_version').notNull(),
  createdAt: ts('created_at').notNull(),
  lastLoginAt: ts('last_login_at'),
  deletedAt: ts('deleted_at'),
  /** Last change of bank or account number by the player, and the end of its cooling-off (0310). */
  payoutChangedAt: ts('payout_changed_at'),
  payoutHoldUntil: ts('payout_hold_until'),
  /** House bots (0100): badged everywhere, funded from the house 'bots' account. */
  isBot: boolean('is_bot').notNull(),
  /** A support hold for review (0500): no withdrawal asked or approved while set. */
  holdReason: text('hold_reason'),
  holdSince: ts('hold_since'),
  holdBy: integer('hold_by'),
  /** The chosen avatar's id (0630; null: the initials). The contract checks it against src/shared/avatars.ts. */
  avatar: text('avatar'),
});

export const loginThrottle = pgTable('login_throttle', {
  usernameLower: text('username_lower').primaryKey(),
  failedCount: integer('failed_count').notNull(),
  windowStart: ts('window_start').notNull(),
  lockedUntil: ts('locked_until'),
  alertedAt: ts('alerted_at'),
});

// Sign-in security (migrations/0300_auth_security.sql).
export const emailConfirmations = pgTable('email_confirmations', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull(),
  email: text('email').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Primary key (username_lower, source). */
export const loginFailures = pgTable('login_failures', {
  usernameLower: text('username_lower').notNull(),
  source: text('source').notNull(),
  failures: integer('failures').notNull(),
  lastFailureAt: ts('last_failure_at').notNull(),
  blockedUntil: ts('blocked_until').notNull(),
});

/** Primary key (user_id, source). */
export const loginSources = pgTable('login_sources', {
  userId: integer('user_id').notNull(),
  source: text('source').notNull(),
  lastSuccessAt: ts('last_success_at').notNull(),
});

export const userTotp = pgTable('user_totp', {
  userId: integer('user_id').primaryKey(),
  secret: text('secret').notNull(),
  enabledAt: ts('enabled_at'),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Primary key (user_id, code_hash). */
export const userRecoveryCodes = pgTable('user_recovery_codes', {
  userId: integer('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: ts('used_at'),
});

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const pokerTables = pgTable('poker_tables', {
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
  jackpotPercent: doublePrecision('jackpot_percent').notNull(),
  status: text('status').$type<'open' | 'closed'>().notNull(),
  createdAt: ts('created_at').notNull(),
  deletedAt: ts('deleted_at'),
  /** House bots play here (0400): survives a takeover by another instance. */
  simulation: boolean('simulation').notNull(),
  /** A tournament's table (0610): not in the cash lobby, chips are not money. */
  tournamentId: integer('tournament_id'),
  /** The table's options (0720, docs/table.md): ante from everyone, straddle, run it twice, a bomb pot every N hands. */
  ante: money('ante').notNull(),
  straddle: text('straddle').$type<Straddle>().notNull(),
  runItTwice: boolean('run_it_twice').notNull(),
  bombPotEvery: integer('bomb_pot_every').notNull(),
  /** A fast-fold pool's table (0900): not in the cash lobby, leased by the pool's director. */
  poolId: integer('pool_id'),
});

/** One owner per table (0400): its fencing epoch grows at every takeover. */
export const tableLeases = pgTable('table_leases', {
  tableId: integer('table_id').primaryKey(),
  owner: text('owner').notNull(),
  epoch: money('epoch').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Server instances' heartbeats (0400). */
export const instances = pgTable('instances', {
  id: text('id').primaryKey(),
  startedAt: ts('started_at').notNull(),
  seenAt: ts('seen_at').notNull(),
  draining: boolean('draining').notNull(),
});

export const tableSeats = pgTable('table_seats', {
  tableId: integer('table_id').notNull(),
  seat: integer('seat').notNull(),
  userId: integer('user_id').notNull(),
  isBot: boolean('is_bot').notNull(),
  joinedAt: ts('joined_at').notNull(),
  /** The owner's epoch when written (0400, the fence). */
  epoch: money('epoch'),
  /** The player straddles when the table's straddle seat comes to them (0860). */
  straddle: boolean('straddle').notNull().default(false),
});

export const hands = pgTable('hands', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tableId: integer('table_id').notNull(),
  handNumber: integer('hand_number').notNull(),
  startedAt: ts('started_at').notNull(),
  endedAt: ts('ended_at'),
  /** SHA-256 of the server seed, committed a hand ahead. */
  seedHash: text('seed_hash').notNull(),
  /** The server seed (from 0320; before it, the deck seed), written at settlement; admins only. */
  seed: text('seed'),
  /** Merkle root over the salted dealt deck, published before the deal (0320). */
  cardsRoot: text('cards_root'),
  /** [{seat, entropy}]: the players' contributions mixed into the deck seed (0320). */
  entropy: jsonb('entropy').notNull(),
  phh: text('phh'),
  summary: jsonb('summary'),
  status: text('status').$type<'running' | 'settled' | 'voided'>().notNull(),
  /** Stacks at the start (0100), so a hand voided after a crash gives them back. */
  startStacks: jsonb('start_stacks'),
  voidReason: text('void_reason'),
  /** The owner's epoch at the last write (0400, the fence). */
  epoch: money('epoch'),
  /** The button's seat (0400): a new owner goes on from it. */
  button: integer('button'),
});

/** Who played each hand (0100). Primary key (hand_id, user_id). */
export const handPlayers = pgTable('hand_players', {
  handId: bigint('hand_id', { mode: 'number' }).notNull(),
  userId: integer('user_id').notNull(),
  seat: integer('seat').notNull(),
});

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  kind: text('kind').notNull(),
  tableId: integer('table_id'),
  balance: money('balance').notNull(),
  createdAt: ts('created_at').notNull(),
  /** A tournament's prize pool (0600). */
  tournamentId: integer('tournament_id'),
});

export const transfers = pgTable('transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  debitAccountId: integer('debit_account_id').notNull(),
  creditAccountId: integer('credit_account_id').notNull(),
  amount: money('amount').notNull(),
  kind: text('kind').notNull(),
  reference: text('reference'),
  tableId: integer('table_id'),
  handId: money('hand_id'),
  actorUserId: integer('actor_user_id'),
  reason: text('reason'),
  createdAt: ts('created_at').notNull(),
  /** The table owner's epoch for table moves (0400, the fence). */
  epoch: money('epoch'),
});

export const deposits = pgTable('deposits', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  userId: integer('user_id').notNull(),
  amount: money('amount').notNull(),
  note: text('note'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull(),
  idempotencyKey: text('idempotency_key'),
  transferId: money('transfer_id'),
});

export const withdrawals = pgTable('withdrawals', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  userId: integer('user_id').notNull(),
  amount: money('amount').notNull(),
  status: text('status').$type<'NOT_APPROVED' | 'APPROVED' | 'REJECTED'>().notNull(),
  bank: text('bank').$type<BankCode>().notNull(),
  accountNumber: text('account_number').notNull(),
  requestedAt: ts('requested_at').notNull(),
  resolvedBy: integer('resolved_by'),
  resolvedAt: ts('resolved_at'),
  rejectReason: text('reject_reason'),
  idempotencyKey: text('idempotency_key'),
  holdTransferId: money('hold_transfer_id'),
  resolveTransferId: money('resolve_transfer_id'),
  /** Not approvable before this time: payout details changed shortly before the request (0310). */
  holdUntil: ts('hold_until'),
  /** Two-person approval (0500): the first of the two staff members, the second is resolved_by. */
  firstApprovedBy: integer('first_approved_by'),
  firstApprovedAt: ts('first_approved_at'),
  /** Payout batches (0770): the batch it is sent in, and when the bank paid it out (with the bank's reference). */
  payoutBatchId: integer('payout_batch_id'),
  paidOutAt: ts('paid_out_at'),
  paidOutReference: text('paid_out_reference'),
});

export const blocks = pgTable('blocks', {
  name: text('name').primaryKey(),
  contentEn: text('content_en').notNull(),
  contentMn: text('content_mn').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  /** As written then: fields added since come from the defaults (core/settings.ts). */
  value: jsonb('value').$type<Partial<Settings>>().notNull(),
});

/** Applied migrations; created by db/migrate.ts itself, not by a migration. */
export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: ts('applied_at').notNull(),
});

export const chatMessages = pgTable('chat_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  tableId: integer('table_id'),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull(),
  /** Hidden by a moderator (0500): kept for the record, no longer shown. */
  hiddenAt: ts('hidden_at'),
  hiddenBy: integer('hidden_by'),
});

/** Support notes on a user (0500). */
export const userNotes = pgTable('user_notes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  authorId: integer('author_id').notNull(),
  text: text('text').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** The audit trail of staff actions (0500): append-only, a trigger refuses UPDATE and DELETE. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: ts('created_at').notNull(),
  actorId: integer('actor_id').notNull(),
  actorName: text('actor_name').notNull(),
  actorRole: text('actor_role').$type<Role>().notNull(),
  ip: text('ip'),
  action: text('action').$type<AuditAction>().notNull(),
  objectType: text('object_type').$type<AuditObject>().notNull(),
  objectId: text('object_id'),
  userId: integer('user_id'),
  before: jsonb('before'),
  after: jsonb('after'),
});

/** Tournaments (0600, docs/tournaments.md). structure and payouts are validated by shared/api/tournaments.ts. */
export const tournaments = pgTable('tournaments', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<TournamentKind>().notNull(),
  variant: text('variant').$type<Variant>().notNull(),
  status: text('status').$type<TournamentStatus>().notNull(),
  buyIn: money('buy_in').notNull(),
  fee: money('fee').notNull(),
  startingStack: integer('starting_stack').notNull(),
  tableSize: integer('table_size').notNull(),
  minEntrants: integer('min_entrants').notNull(),
  maxEntrants: integer('max_entrants').notNull(),
  startsAt: ts('starts_at'),
  lateRegLevels: integer('late_reg_levels').notNull(),
  reentryMax: integer('reentry_max').notNull(),
  rebuyLevels: integer('rebuy_levels').notNull(),
  rebuyMax: integer('rebuy_max').notNull(),
  addonChips: integer('addon_chips').notNull(),
  guarantee: money('guarantee').notNull(),
  structure: jsonb('structure').notNull(),
  payouts: jsonb('payouts').notNull(),
  state: jsonb('state'),
  /** Late registration open (the director's state says so; written with it). */
  lateRegOpen: boolean('late_reg_open').notNull(),
  rebuyOpen: boolean('rebuy_open').notNull(),
  addonOpen: boolean('addon_open').notNull(),
  cancelReason: text('cancel_reason'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});

/** One director per running tournament (0610): its fencing epoch grows at every takeover. */
export const tournamentLeases = pgTable('tournament_leases', {
  tournamentId: integer('tournament_id').primaryKey(),
  owner: text('owner').notNull(),
  epoch: money('epoch').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const tournamentEntries = pgTable('tournament_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tournamentId: integer('tournament_id').notNull(),
  userId: integer('user_id').notNull(),
  entryNo: integer('entry_no').notNull(),
  status: text('status').$type<EntryStatus>().notNull(),
  paidBuyIn: money('paid_buy_in').notNull(),
  paidFee: money('paid_fee').notNull(),
  chips: money('chips').notNull(),
  place: integer('place'),
  prize: money('prize').notNull(),
  registeredAt: ts('registered_at').notNull(),
  finishedAt: ts('finished_at'),
});

/** Rebuys and add-ons (0620): paid through the ledger, applied by the director between hands. */
export const tournamentPurchases = pgTable('tournament_purchases', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tournamentId: integer('tournament_id').notNull(),
  entryId: money('entry_id').notNull(),
  userId: integer('user_id').notNull(),
  kind: text('kind').$type<'rebuy' | 'addon'>().notNull(),
  chips: money('chips').notNull(),
  paidBuyIn: money('paid_buy_in').notNull(),
  paidFee: money('paid_fee').notNull(),
  status: text('status').$type<'pending' | 'applied' | 'refunded'>().notNull(),
  createdAt: ts('created_at').notNull(),
});

// The payments' tables (0750-0780, docs/payments.md).
export * from './schema-payments';
export * from './schema-safer';
// The regulars' tables (0850, docs/player.md).
export * from './schema-regulars';

// The integrity tables (0820, docs/integrity.md).
export * from './schema-integrity';

// The fast-fold pools (0900, docs/fast-fold.md).
export * from './schema-fast-fold';
