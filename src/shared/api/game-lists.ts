// The games' lists as plain values, without zod: the lobby's first chunk reads them (the filters),
// and zod would add about 20 KB brotli to it. enums.ts builds the contract's schemas from these.
import type { GameCode } from '../../poker/engine/types';

/**
 * The game a table or tournament deals: the engine's game code (src/poker/engine/games.ts). The old
 * names 'texas' and 'omaha' are still read as 'NT' and 'PO' (clients of before issue 29).
 */
export const VARIANTS = ['NT', 'PT', 'FT', 'NS', 'PO', 'PO5', 'PO6', 'PO/8', 'FO/8', 'PO5/8', 'FO5/8'] as const satisfies readonly GameCode[];
export type Variant = (typeof VARIANTS)[number];

/** The betting structures of the games (the lobby's limit filter). */
export const BETTING_LIMITS = ['no-limit', 'pot-limit', 'fixed-limit'] as const;
export type BettingLimit = (typeof BETTING_LIMITS)[number];

/** The table options the lobby filters by. */
export const TABLE_OPTIONS = ['ante', 'straddle', 'runItTwice', 'bombPot'] as const;
export type TableOption = (typeof TABLE_OPTIONS)[number];

/**
 * A game's betting structure read off its code: the first letter is pokerkit's (N no-limit, P
 * pot-limit, F fixed-limit), as GAMES in the engine says; here without the engine's tables.
 */
export function bettingLimitOf(code: string): BettingLimit | null {
  const first = code[0];
  return first === 'N' ? 'no-limit' : first === 'P' ? 'pot-limit' : first === 'F' ? 'fixed-limit' : null;
}
