// Shared enums of the HTTP contract. Browser-safe: no node:* imports anywhere under src/shared.
import { z } from 'zod';
import { BETTING_LIMITS, TABLE_OPTIONS, VARIANTS } from './game-lists';

/**
 * ADMIN: everything. SUPPORT: the user list and pages (read-only apart from notes and holds),
 * deposits, withdrawals, kicks, chat moderation. PLAYER: no back office. docs/admin.md has the table.
 */
export const ROLES = ['ADMIN', 'SUPPORT', 'PLAYER'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
/** Roles that may open the back office. */
export const STAFF_ROLES = ['ADMIN', 'SUPPORT'] as const satisfies readonly Role[];
export const isStaffRole = (role: string | null | undefined): boolean => role === 'ADMIN' || role === 'SUPPORT';

export const USER_STATUSES = ['active', 'disabled'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

export const WITHDRAWAL_STATUSES = ['NOT_APPROVED', 'APPROVED', 'REJECTED'] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

// The lists themselves are in game-lists.ts (no zod: the lobby's first chunk reads them).
export { BETTING_LIMITS, TABLE_OPTIONS, VARIANTS } from './game-lists';
const LEGACY_VARIANTS: Record<string, string> = { texas: 'NT', omaha: 'PO' };
/** The engine's game code; the old names 'texas' and 'omaha' are still read as 'NT' and 'PO'. */
export const Variant = z.preprocess((v) => (typeof v === 'string' ? (LEGACY_VARIANTS[v] ?? v) : v), z.enum(VARIANTS));
export type Variant = (typeof VARIANTS)[number];
export const BettingLimit = z.enum(BETTING_LIMITS);
export type BettingLimit = z.infer<typeof BettingLimit>;
export const TableOption = z.enum(TABLE_OPTIONS);
export type TableOption = z.infer<typeof TableOption>;

/** A table's straddle: none, under the gun, or the button's; the player in that seat posts it (docs/table.md). */
export const STRADDLES = ['off', 'utg', 'button'] as const;
export const Straddle = z.enum(STRADDLES);
export type Straddle = z.infer<typeof Straddle>;

export const TABLE_STATUSES = ['open', 'closed'] as const;
export const TableStatus = z.enum(TABLE_STATUSES);
export type TableStatus = z.infer<typeof TableStatus>;

export const HAND_STATUSES = ['running', 'settled', 'voided'] as const;
export const HandStatus = z.enum(HAND_STATUSES);
export type HandStatus = z.infer<typeof HandStatus>;

export const TOURNAMENT_KINDS = ['sng', 'mtt'] as const;
export const TournamentKind = z.enum(TOURNAMENT_KINDS);
export type TournamentKind = z.infer<typeof TournamentKind>;

/** registering (also before a scheduled start) -> running -> finished, or cancelled (everyone refunded). */
export const TOURNAMENT_STATUSES = ['registering', 'running', 'finished', 'cancelled'] as const;
export const TournamentStatus = z.enum(TOURNAMENT_STATUSES);
export type TournamentStatus = z.infer<typeof TournamentStatus>;

/** An entry: registered, playing, busted (finished), unregistered (refunded by the player's choice), refunded (cancellation). */
export const ENTRY_STATUSES = ['registered', 'playing', 'busted', 'unregistered', 'refunded'] as const;
export const EntryStatus = z.enum(ENTRY_STATUSES);
export type EntryStatus = z.infer<typeof EntryStatus>;

/** Kinds of ledger transfers. Outcome rows (`/user/outcome`) carry one of these as `type`. */
export const TRANSFER_KINDS = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_REJECTED',
  'BUY_IN',
  'IN_PLAY_RECHARGE',
  'LEAVE_SEAT',
  'GAMEPLAY_WIN',
  'GAMEPLAY_LOSS',
  'HAND_VOID',
  'RAKE',
  'JACKPOT_CONTRIBUTION',
  'BONUS',
  'BOT_FUNDING',
  'BOT_RETURN',
  'ADJUSTMENT',
  // Tournaments (docs/tournaments.md): the buy-in to the prize pool, the fee to the house, a refund
  // (unregistering, cancellation), a prize, and the house's overlay to reach a guarantee.
  'TOURNAMENT_BUY_IN',
  'TOURNAMENT_FEE',
  'TOURNAMENT_REFUND',
  'TOURNAMENT_PRIZE',
  'TOURNAMENT_OVERLAY',
  // A rebuy's and an add-on's buy-in to the pool (their fee is a TOURNAMENT_FEE).
  'TOURNAMENT_REBUY',
  'TOURNAMENT_ADDON',
  // Game integrity (docs/integrity.md): money an offender took, paid back to a player (four eyes).
  'INTEGRITY_RESTITUTION',
] as const;
export const TransferKind = z.enum(TRANSFER_KINDS);
export type TransferKind = z.infer<typeof TransferKind>;
/** Outcome types are transfer kinds seen from the player's side. */
export const OutcomeType = TransferKind;
export type OutcomeType = TransferKind;

/** Mongolian banks a player can register a payout account with (stable codes, display names). */
export const BANKS = [
  { code: 'KHAN', name: 'Khan Bank', nameMn: 'Хаан банк' },
  { code: 'GOLOMT', name: 'Golomt Bank', nameMn: 'Голомт банк' },
  { code: 'TDB', name: 'Trade and Development Bank (TDB)', nameMn: 'Худалдаа хөгжлийн банк' },
  { code: 'XAC', name: 'XacBank', nameMn: 'Хас банк' },
  { code: 'STATE', name: 'State Bank', nameMn: 'Төрийн банк' },
  { code: 'CAPITRON', name: 'Capitron Bank', nameMn: 'Капитрон банк' },
  { code: 'BOGD', name: 'Bogd Bank', nameMn: 'Богд банк' },
  { code: 'CKB', name: 'Chinggis Khaan Bank', nameMn: 'Чингис хаан банк' },
  { code: 'ARIG', name: 'Arig Bank', nameMn: 'Ариг банк' },
  { code: 'TRANS', name: 'Transport and Development Bank', nameMn: 'Тээвэр хөгжлийн банк' },
  { code: 'MBANK', name: 'M Bank', nameMn: 'М банк' },
  { code: 'NIB', name: 'National Investment Bank', nameMn: 'Үндэсний хөрөнгө оруулалтын банк' },
] as const;
export const BANK_CODES = BANKS.map((b) => b.code) as unknown as readonly [(typeof BANKS)[number]['code'], ...(typeof BANKS)[number]['code'][]];
export const BankCode = z.enum(BANK_CODES);
export type BankCode = z.infer<typeof BankCode>;
