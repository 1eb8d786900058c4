// The live tables' HTTP calls: administrators kick players and run simulation; players fetch
// the hands they played (with only what they saw).
import { z } from 'zod';
import { Id, ListQuery, listOf } from './common';
import { Hand } from './user';

export const KickQuery = z.object({ tableId: Id, userId: Id });
export const SimulateQuery = z.object({ tableId: Id });
export const Simulation = z.object({ tableId: Id, simulation: z.boolean(), bots: z.number().int().min(0) });

export const MyHandsQuery = ListQuery.extend({ tableId: Id.optional() });

/** GET of the player's whole history as one .phhs file, streamed; `from`/`to` are UTC days, inclusive. */
export const MY_HANDS_EXPORT_PATH = '/api/v1/user/hand/export.phhs';
/** The answer's header giving how many hands the file holds (a progress bar's total). */
export const HAND_COUNT_HEADER = 'x-hand-count';
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'No such day');
export const HandsExportQuery = z
  .object({ from: Day.optional(), to: Day.optional() })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '`from` is after `to`', path: ['from'] });
/** A hand as one player saw it: others' hole cards appear only where they were shown. */
export const MyHand = Hand.extend({ net: z.number().int() });
export const MyHandList = listOf(MyHand);
export const HandIdParams = z.object({ handId: Id });
