// Fast-fold pools (docs/fast-fold.md): the lobby's list, joining and leaving (players), and
// create / close / house bots (administrators).
import { z } from 'zod';
import { Amount, Id } from './common';
import { TableStatus, Variant } from './enums';

export const Pool = z.object({
  poolId: z.number().int(),
  name: z.string(),
  variant: Variant,
  smallBlind: z.number().int(),
  bigBlind: z.number().int(),
  minBuyIn: z.number().int(),
  maxBuyIn: z.number().int(),
  maxPlayers: z.number().int(),
  rakePercent: z.number(),
  rakeCap: z.number().int(),
  actionTime: z.number().int(),
  status: TableStatus,
  /** Players in the pool now (playing or waiting for a hand). */
  players: z.number().int(),
});
export type Pool = z.infer<typeof Pool>;

export const PoolList = z.object({ items: z.array(Pool) });
export const PoolListQuery = z.object({ variant: Variant.optional(), status: TableStatus.optional() }).strict();
export const PoolIdParams = z.object({ poolId: Id });

/** Where the player is in the pool: the table of the hand they play, or null while they wait. */
/** Where the player is in a pool: the table they are dealt at (null between tables), and whether they are away (timed out, not dealt in). */
export const PoolSeat = z.object({ poolId: z.number().int(), inPool: z.boolean(), tableId: z.number().int().nullable(), away: z.boolean() });
export type PoolSeat = z.infer<typeof PoolSeat>;

export const JoinPoolBody = z.object({ buyIn: Amount }).strict();

export const CreatePoolBody = z
  .object({
    name: z.string().trim().min(1).max(60),
    variant: Variant,
    smallBlind: Amount,
    bigBlind: Amount,
    minBuyIn: Amount,
    maxBuyIn: Amount,
    maxPlayers: z.union([z.literal(6), z.literal(9)]),
    rakePercent: z.number().min(0).max(10).default(5),
    rakeCap: z.number().int().min(0).max(1_000_000_000).default(0),
    actionTime: z.number().int().min(5).max(120).default(15),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (!(t.smallBlind < t.bigBlind)) ctx.addIssue({ code: 'custom', path: ['smallBlind'], message: 'Small blind must be below the big blind' });
    if (!(t.minBuyIn >= t.bigBlind)) ctx.addIssue({ code: 'custom', path: ['minBuyIn'], message: 'Minimum buy-in must be at least the big blind' });
    if (!(t.minBuyIn <= t.maxBuyIn)) ctx.addIssue({ code: 'custom', path: ['maxBuyIn'], message: 'Maximum buy-in must be at least the minimum' });
  });
export type CreatePoolBody = z.infer<typeof CreatePoolBody>;

export const AddPoolBotsBody = z.object({ count: z.number().int().min(1).max(50) }).strict();
