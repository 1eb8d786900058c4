// The live tables' HTTP calls: administrators kick players and run simulation; players fetch
// the hands they played (with only what they saw).
import { z } from 'zod';
import { Id, ListQuery, listOf } from './common';
import { Hand } from './user';

export const KickQuery = z.object({ tableId: Id, userId: Id });
export const SimulateQuery = z.object({ tableId: Id });
export const Simulation = z.object({ tableId: Id, simulation: z.boolean(), bots: z.number().int().min(0) });

export const MyHandsQuery = ListQuery.extend({ tableId: Id.optional() });
/** A hand as one player saw it: others' hole cards appear only where they were shown. */
export const MyHand = Hand.extend({ net: z.number().int() });
export const MyHandList = listOf(MyHand);
export const HandIdParams = z.object({ handId: Id });
