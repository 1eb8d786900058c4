// The one writer of the tournaments' data: `tournaments`, `tournament_entries` and
// `tournament_purchases`. Registration, the money, the start, late registration, the outcome and
// the director call these; nothing else changes those rows. A tournament's status moves forward
// only (registering -> running -> finished, registering -> cancelled), guarded here and by the
// trigger of migration 0700. What other code reads of the director's state is a column
// (late_reg_open, rebuy_open, addon_open), written with the state.
import { sql } from 'drizzle-orm';
import { first, rows, type Executor } from '../db/client';
import type { TournamentRow } from '../db/rows';
import type { StoredState } from './stored-state';

/** A tournament as created (administrators, the first start's seed) or edited before its start. */
export interface TournamentFields {
  name: string;
  kind: string;
  variant: string;
  buyIn: number;
  fee: number;
  startingStack: number;
  tableSize: number;
  minEntrants: number;
  maxEntrants: number;
  startsAt: string | null;
  lateRegLevels: number;
  reentryMax: number;
  rebuyLevels: number;
  rebuyMax: number;
  addonChips: number;
  guarantee: number;
  structure: unknown;
  payoutTable: unknown;
}

export async function insertTournament(ex: Executor, t: TournamentFields, createdBy: number | null): Promise<number> {
  const r = await first<Pick<TournamentRow, 'id'>>(
    ex,
    sql`INSERT INTO tournaments (name, kind, variant, buy_in, fee, starting_stack, table_size, min_entrants, max_entrants, starts_at,
                                 late_reg_levels, reentry_max, rebuy_levels, rebuy_max, addon_chips, guarantee, structure, payouts, created_by)
        VALUES (${t.name}, ${t.kind}, ${t.variant}, ${t.buyIn}, ${t.fee}, ${t.startingStack}, ${t.tableSize},
                ${t.minEntrants}, ${t.maxEntrants}, ${t.startsAt}, ${t.lateRegLevels}, ${t.reentryMax},
                ${t.rebuyLevels}, ${t.rebuyMax}, ${t.addonChips}, ${t.guarantee},
                ${JSON.stringify(t.structure)}::jsonb, ${JSON.stringify(t.payoutTable)}::jsonb, ${createdBy})
        RETURNING id`,
  );
  return r!.id;
}

/** Every setting at once, before the start only (the caller merged and checked them). */
export async function updateTournament(ex: Executor, id: number, t: TournamentFields): Promise<void> {
  const done = await rows(
    ex,
    sql`UPDATE tournaments SET name = ${t.name}, kind = ${t.kind}, variant = ${t.variant}, buy_in = ${t.buyIn}, fee = ${t.fee},
               starting_stack = ${t.startingStack}, table_size = ${t.tableSize}, min_entrants = ${t.minEntrants},
               max_entrants = ${t.maxEntrants}, starts_at = ${t.startsAt}, late_reg_levels = ${t.lateRegLevels},
               reentry_max = ${t.reentryMax}, rebuy_levels = ${t.rebuyLevels}, rebuy_max = ${t.rebuyMax},
               addon_chips = ${t.addonChips}, guarantee = ${t.guarantee}, structure = ${JSON.stringify(t.structure)}::jsonb,
               payouts = ${JSON.stringify(t.payoutTable)}::jsonb
        WHERE id = ${id} AND status = 'registering' RETURNING id`,
  );
  if (!done.length) throw new Error(`tournament ${id} is not registering`);
}

const lateRegOpen = (s: StoredState) => s.core.lateReg !== null && typeof s.core.lateReg === 'object';
/** The columns the rest of the room reads: late registration, rebuys and the add-on on sale. */
const sales = (s: StoredState, open: boolean) =>
  sql`late_reg_open = ${open && lateRegOpen(s)}, rebuy_open = ${open && s.rebuyOpen}, addon_open = ${open && s.addonOpen}`;

/** The start: the registered entries play with the starting stack; the director's first state. */
export async function markStarted(ex: Executor, id: number, startingStack: number, state: StoredState): Promise<void> {
  await ex.execute(sql`UPDATE tournament_entries SET status = 'playing', chips = ${startingStack} WHERE tournament_id = ${id} AND status = 'registered'`);
  const done = await rows(
    ex,
    sql`UPDATE tournaments SET status = 'running', started_at = now(), state = ${JSON.stringify(state)}::jsonb, ${sales(state, true)}
        WHERE id = ${id} AND status = 'registering' RETURNING id`,
  );
  if (!done.length) throw new Error(`tournament ${id} is not registering`);
}

/** The director's state after a hand or a late entry; `finished` with the last hand. */
export async function saveState(ex: Executor, id: number, state: StoredState, finished = false): Promise<void> {
  const end = finished ? sql`, status = 'finished', finished_at = now()` : sql``;
  const done = await rows(
    ex,
    sql`UPDATE tournaments SET state = ${JSON.stringify(state)}::jsonb, ${sales(state, !finished)} ${end}
        WHERE id = ${id} AND status = 'running' RETURNING id`,
  );
  if (!done.length) throw new Error(`tournament ${id} is not running`);
}

export async function markCancelled(ex: Executor, id: number, reason: string): Promise<void> {
  const done = await rows(
    ex,
    sql`UPDATE tournaments SET status = 'cancelled', cancel_reason = ${reason}, finished_at = now()
        WHERE id = ${id} AND status = 'registering' RETURNING id`,
  );
  if (!done.length) throw new Error(`tournament ${id} is not registering`);
}

// ---- entries ----

export async function insertEntry(ex: Executor, e: { tournamentId: number; userId: number; entryNo: number; buyIn: number; fee: number }): Promise<number> {
  const r = await first<{ id: number }>(
    ex,
    sql`INSERT INTO tournament_entries (tournament_id, user_id, entry_no, paid_buy_in, paid_fee)
        VALUES (${e.tournamentId}, ${e.userId}, ${e.entryNo}, ${e.buyIn}, ${e.fee}) RETURNING id`,
  );
  return r!.id;
}

/** Paid back: the player's own unregistration or a cancellation. */
export async function markEntryReturned(ex: Executor, entryId: number, status: 'unregistered' | 'refunded'): Promise<void> {
  await ex.execute(sql`UPDATE tournament_entries SET status = ${status}, finished_at = now() WHERE id = ${entryId}`);
}

/** Chip counts after a hand or a purchase, for entries still playing. */
export async function setChips(ex: Executor, chips: Array<{ entryId: number; chips: number }>): Promise<void> {
  if (!chips.length) return;
  const values = chips.map((c) => sql`(${c.entryId}::bigint, ${c.chips}::bigint)`);
  await ex.execute(
    sql`UPDATE tournament_entries e SET chips = v.chips FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, chips) WHERE e.id = v.id AND e.status = 'playing'`,
  );
}

/** Late entries seated: they play with the starting stack. */
export async function markSeated(ex: Executor, tournamentId: number, entryIds: number[], startingStack: number): Promise<void> {
  if (!entryIds.length) return;
  await ex.execute(
    sql`UPDATE tournament_entries SET status = 'playing', chips = ${startingStack}
        WHERE tournament_id = ${tournamentId} AND status = 'registered' AND id IN (${sql.join(
          entryIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
  );
}

/** Entries out of the tournament (their place and prize come with markPlaced). */
export async function markBusted(ex: Executor, entryIds: number[]): Promise<void> {
  if (!entryIds.length) return;
  await ex.execute(
    sql`UPDATE tournament_entries SET status = 'busted', chips = 0, finished_at = now()
        WHERE status = 'playing' AND id IN (${sql.join(
          entryIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
  );
}

export async function markPlaced(ex: Executor, entryId: number, place: number, prize: number): Promise<void> {
  await ex.execute(
    sql`UPDATE tournament_entries SET status = 'busted', chips = 0, place = ${place}, prize = ${prize}, finished_at = now() WHERE id = ${entryId}`,
  );
}

// ---- rebuys and add-ons ----

export async function insertPurchase(
  ex: Executor,
  p: { tournamentId: number; entryId: number; userId: number; kind: 'rebuy' | 'addon'; chips: number; buyIn: number; fee: number },
): Promise<number> {
  const r = await first<{ id: number }>(
    ex,
    sql`INSERT INTO tournament_purchases (tournament_id, entry_id, user_id, kind, chips, paid_buy_in, paid_fee)
        VALUES (${p.tournamentId}, ${p.entryId}, ${p.userId}, ${p.kind}, ${p.chips}, ${p.buyIn}, ${p.fee}) RETURNING id`,
  );
  return r!.id;
}

export async function markPurchase(ex: Executor, purchaseId: number, status: 'applied' | 'refunded'): Promise<void> {
  await ex.execute(sql`UPDATE tournament_purchases SET status = ${status} WHERE id = ${purchaseId}`);
}
