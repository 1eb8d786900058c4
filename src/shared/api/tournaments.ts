// Tournaments (issue 15, docs/tournaments.md): the lobby's list and page, registration, and the
// back office's create / edit / cancel. Structure and payout table are data, validated here.
import { z } from 'zod';
import { Amount, Id, IsoDate, ListQuery, Money, listOf } from './common';
import { EntryStatus, TournamentKind, TournamentStatus, Variant } from './enums';
import { GAMES } from '../../poker/engine/games';
import { validatePayoutTable } from '../../poker/tournament/payouts';
import { isBreak, validateStructure } from '../../poker/tournament/structure';
import type { Validation } from '../../poker/tournament/types';

const Chips = z.number().int().min(0).max(1_000_000_000);
const Seconds = (max: number) => z.number().int().min(10).max(max);
/** The pure core's list of problems as zod issues at `path`. */
const issuesFrom = (v: Validation, ctx: z.RefinementCtx, path: string) => {
  if (!v.ok) for (const message of v.errors) ctx.addIssue({ code: 'custom', path: [path], message });
};

/** A level of blinds and ante (bigBlindAnte: the big blind posts one ante for the table). */
export const BlindLevel = z.object({
  level: z.number().int().min(1).max(1000),
  smallBlind: Chips,
  bigBlind: Chips.min(1),
  ante: Chips.default(0),
  bigBlindAnte: z.boolean().optional(),
  durationSec: Seconds(7200),
});
export const BreakLevel = z.object({ breakSec: Seconds(3600) });
export const Level = z.union([BlindLevel, BreakLevel]);
export type Level = z.infer<typeof Level>;
export { isBreak };

/** Levels and breaks in order (poker/tournament validateStructure's rules: numbers increase, no break first or last). */
export const Structure = z
  .object({ levels: z.array(Level).min(1).max(100) })
  .superRefine((s, ctx) => issuesFrom(validateStructure({ name: 'structure', startingStack: 1, tableSize: 9, levels: s.levels }), ctx, 'levels'));
export type Structure = z.infer<typeof Structure>;

/** Places paid for up to `maxEntrants` entrants, in basis points of the pool (they sum to 10,000). */
export const PayoutBand = z.object({
  maxEntrants: z.number().int().min(1).max(100_000),
  percents: z.array(z.number().int().min(1).max(10_000)).min(1).max(2000),
});
/** Bands in increasing order of entrants; the last one also covers larger fields. */
export const PayoutTable = z
  .array(PayoutBand)
  .min(1)
  .max(100)
  .superRefine((t, ctx) => issuesFrom(validatePayoutTable(t), ctx, 'bands'));
export type PayoutTable = z.infer<typeof PayoutTable>;

/** A row of the lobby's Tournament tab. */
export const TournamentSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: TournamentKind,
  variant: Variant,
  status: TournamentStatus,
  /** Scheduled start (null for a sit & go, which starts when full). */
  startsAt: IsoDate.nullable(),
  startedAt: IsoDate.nullable(),
  finishedAt: IsoDate.nullable(),
  buyIn: Money,
  fee: Money,
  startingStack: z.number().int(),
  tableSize: z.number().int(),
  minEntrants: z.number().int(),
  maxEntrants: z.number().int(),
  /** Live entries (registered or playing) plus finished ones. */
  entrants: z.number().int(),
  /** Players still in (running), or registered (before the start). */
  playersLeft: z.number().int(),
  /** The sum of buy-ins, or the guarantee when that is higher. */
  prizePool: Money,
  guarantee: Money,
  lateRegLevels: z.number().int(),
  reentryMax: z.number().int(),
  /** Rebuys (a starting stack each, at or below it) for this many levels, up to rebuyMax per entry; an add-on of addonChips in the last one. */
  rebuyLevels: z.number().int(),
  rebuyMax: z.number().int(),
  addonChips: z.number().int(),
  cancelReason: z.string().nullable(),
  /** The caller's live entry, if any (false when signed out). */
  registered: z.boolean(),
  /** Running with late registration (and re-entry) open, and about when it closes. */
  lateRegOpen: z.boolean(),
  lateRegEndsAt: IsoDate.nullable(),
  /** The caller's entries knocked out so far (a re-entry is possible while this is at most reentryMax). */
  bustedEntries: z.number().int(),
  /** Rebuys / the add-on on sale now (as of the director's last word). */
  rebuyOpen: z.boolean(),
  addonOpen: z.boolean(),
});
export type TournamentSummary = z.infer<typeof TournamentSummary>;

export const TournamentEntrant = z.object({
  entryId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  isBot: z.boolean(),
  entryNo: z.number().int(),
  status: EntryStatus,
  chips: z.number().int(),
  place: z.number().int().nullable(),
  prize: Money,
  tableId: z.number().int().nullable(),
  /** Rebuys bought and whether the add-on was taken (refunded ones not counted). */
  rebuys: z.number().int(),
  addon: z.boolean(),
});
export type TournamentEntrant = z.infer<typeof TournamentEntrant>;

export const TournamentDetail = TournamentSummary.extend({
  structure: Structure,
  payoutTable: PayoutTable,
  /** The prize of each paid place for the current number of entrants (exact tugrik). */
  places: z.array(z.object({ place: z.number().int(), amount: Money })),
  /** Every entry that paid (registered, playing or finished), best place / most chips first. */
  entries: z.array(TournamentEntrant),
  /** While running: the level (index into structure.levels), when it ends, and the tables. */
  level: z.number().int().nullable(),
  levelEndsAt: IsoDate.nullable(),
  tables: z.array(z.object({ tableId: z.number().int(), players: z.number().int() })),
});
export type TournamentDetail = z.infer<typeof TournamentDetail>;

export const TournamentListQuery = ListQuery.extend({
  status: z
    .string()
    .transform((s) => s.split(','))
    .pipe(z.array(TournamentStatus))
    .optional(),
  kind: TournamentKind.optional(),
});
export const TournamentList = listOf(TournamentSummary);
export const TournamentIdParams = z.object({ tournamentId: Id });

/** What a registration answers: the entry and the wallet's balance after paying. */
export const TournamentEntry = z.object({
  entryId: z.number().int(),
  tournamentId: z.number().int(),
  entryNo: z.number().int(),
  status: EntryStatus,
  paidBuyIn: Money,
  paidFee: Money,
  balance: Money,
});
export type TournamentEntry = z.infer<typeof TournamentEntry>;

export const TournamentPurchase = z.object({
  purchaseId: z.number().int(),
  kind: z.enum(['rebuy', 'addon']),
  chips: z.number().int(),
  paidBuyIn: Money,
  paidFee: Money,
  balance: Money,
});
export type TournamentPurchase = z.infer<typeof TournamentPurchase>;

const TournamentFields = z.object({
  name: z.string().trim().min(1).max(60),
  kind: TournamentKind,
  variant: Variant,
  buyIn: Amount,
  fee: z.number().int().min(0).max(1_000_000_000),
  startingStack: z.number().int().min(100).max(10_000_000),
  tableSize: z.union([z.literal(2), z.literal(6), z.literal(9)]),
  minEntrants: z.number().int().min(2).max(10_000),
  maxEntrants: z.number().int().min(2).max(10_000),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  lateRegLevels: z.number().int().min(0).max(30),
  reentryMax: z.number().int().min(0).max(10),
  rebuyLevels: z.number().int().min(0).max(30),
  rebuyMax: z.number().int().min(0).max(10),
  addonChips: z.number().int().min(0).max(10_000_000),
  guarantee: z.number().int().min(0).max(1_000_000_000_000),
  structure: Structure,
  payoutTable: PayoutTable.optional(),
});
type Fields = z.infer<typeof TournamentFields>;
const tournamentRules = (t: Partial<Fields>, ctx: z.RefinementCtx) => {
  // One deck serves at most so many players of a game (PO6: 7, PO5: 8).
  if (t.variant !== undefined && t.tableSize !== undefined && t.tableSize > GAMES[t.variant].maxPlayers)
    ctx.addIssue({ code: 'custom', path: ['tableSize'], message: `This game seats at most ${GAMES[t.variant].maxPlayers} players a table` });
  if (t.minEntrants !== undefined && t.maxEntrants !== undefined && t.minEntrants > t.maxEntrants)
    ctx.addIssue({ code: 'custom', path: ['maxEntrants'], message: 'Maximum entrants must be at least the minimum' });
  if (t.kind === 'sng' && t.startsAt) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'A sit & go starts when full: no start time' });
  if (t.kind === 'mtt' && t.startsAt === null) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'A scheduled tournament needs a start time' });
  if (t.kind === 'sng' && t.tableSize !== undefined && t.maxEntrants !== undefined && t.maxEntrants !== t.tableSize)
    ctx.addIssue({ code: 'custom', path: ['maxEntrants'], message: 'A sit & go seats exactly one table' });
  if (t.kind === 'sng' && (t.lateRegLevels || t.reentryMax || t.rebuyLevels))
    ctx.addIssue({ code: 'custom', path: ['lateRegLevels'], message: 'A sit & go has no late registration, re-entry or rebuys' });
  if (t.rebuyLevels !== undefined && t.lateRegLevels !== undefined && t.rebuyLevels > t.lateRegLevels)
    ctx.addIssue({ code: 'custom', path: ['rebuyLevels'], message: 'Rebuys close no later than late registration' });
  if (t.rebuyLevels && t.rebuyMax === 0 && t.addonChips === 0)
    ctx.addIssue({ code: 'custom', path: ['rebuyMax'], message: 'A rebuy period needs rebuys or an add-on' });
};
export const CreateTournamentBody = TournamentFields.extend({
  variant: Variant.default('NT'),
  startsAt: TournamentFields.shape.startsAt.default(null),
  lateRegLevels: TournamentFields.shape.lateRegLevels.default(0),
  reentryMax: TournamentFields.shape.reentryMax.default(0),
  rebuyLevels: TournamentFields.shape.rebuyLevels.default(0),
  rebuyMax: TournamentFields.shape.rebuyMax.default(0),
  addonChips: TournamentFields.shape.addonChips.default(0),
  guarantee: TournamentFields.shape.guarantee.default(0),
}).superRefine(tournamentRules);
export type CreateTournamentBody = z.infer<typeof CreateTournamentBody>;
/** Before the start only; buy-in and fee only while nobody is registered. Re-checked against the stored tournament. */
export const UpdateTournamentBody = TournamentFields.partial().superRefine(tournamentRules);
export type UpdateTournamentBody = z.infer<typeof UpdateTournamentBody>;
export const CancelTournamentBody = z.object({ reason: z.string().trim().min(1).max(200) });
/** House bots to register (simulation): each pays its buy-in and fee like anyone, from the house's bot float. */
export const AddTournamentBotsBody = z.object({ count: z.number().int().min(1).max(1000) });
