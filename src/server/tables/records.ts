// The one writer of the tables' data: `poker_tables`, `table_seats`, `hands` and `hand_players`.
// Every statement that changes them is here, whoever calls it (the live tables' store, the table
// administration, a tournament's director, the first start's seed), as the ledger is the one
// writer of money. A hand's status moves once, from running to settled or voided, by guarded
// updates (WHERE status = 'running'); the database's CHECKs and trigger (migration 0700) refuse
// anything else.
import { sql, type SQL } from 'drizzle-orm';
import { first, rows, type Executor } from '../db/client';
import type { HandRow, PokerTableRow } from '../db/rows';

type Epoch = number | null;
/** Sets a row's epoch when the writer is fenced (a table's owner); a tournament's director leaves it. */
const setEpoch = (epoch: Epoch | undefined) => (epoch === undefined ? sql`` : sql`, epoch = ${epoch}::bigint`);

/** A table as it is created (administrators, a tournament, the seed). */
export interface NewTable {
  name: string;
  variant: string;
  smallBlind: number;
  bigBlind: number;
  minBuyIn: number;
  maxBuyIn: number;
  maxPlayers: number;
  rakePercent: number;
  rakeCap: number;
  actionTime: number;
  jackpotPercent: number;
  status: 'open' | 'closed';
  tournamentId?: number | null;
  /** A fast-fold pool's table (docs/fast-fold.md). */
  poolId?: number | null;
  /** The table's options (docs/table.md); absent: none. */
  ante?: number;
  straddle?: 'off' | 'utg' | 'button';
  runItTwice?: boolean;
  bombPotEvery?: number;
}

export async function insertTable(ex: Executor, t: NewTable): Promise<number> {
  const row = await first<Pick<PokerTableRow, 'id'>>(
    ex,
    sql`INSERT INTO poker_tables (name, variant, small_blind, big_blind, min_buy_in, max_buy_in, max_players, rake_percent, rake_cap,
                                  action_time, jackpot_percent, status, tournament_id, pool_id, ante, straddle, run_it_twice, bomb_pot_every)
        VALUES (${t.name}, ${t.variant}, ${t.smallBlind}, ${t.bigBlind}, ${t.minBuyIn}, ${t.maxBuyIn}, ${t.maxPlayers}, ${t.rakePercent},
                ${t.rakeCap}, ${t.actionTime}, ${t.jackpotPercent}, ${t.status}, ${t.tournamentId ?? null}, ${t.poolId ?? null},
                ${t.ante ?? 0}, ${t.straddle ?? 'off'}, ${t.runItTwice ?? false}, ${t.bombPotEvery ?? 0}) RETURNING id`,
  );
  return row!.id;
}

/** An administrator's edit: every setting at once (the caller merged and checked them). */
export async function updateTable(ex: Executor, id: number, t: Omit<NewTable, 'tournamentId' | 'poolId'>): Promise<void> {
  await ex.execute(
    sql`UPDATE poker_tables SET name = ${t.name}, variant = ${t.variant}, small_blind = ${t.smallBlind}, big_blind = ${t.bigBlind},
          min_buy_in = ${t.minBuyIn}, max_buy_in = ${t.maxBuyIn}, max_players = ${t.maxPlayers}, rake_percent = ${t.rakePercent},
          rake_cap = ${t.rakeCap}, action_time = ${t.actionTime}, jackpot_percent = ${t.jackpotPercent}, status = ${t.status},
          ante = ${t.ante ?? 0}, straddle = ${t.straddle ?? 'off'}, run_it_twice = ${t.runItTwice ?? false}, bomb_pot_every = ${t.bombPotEvery ?? 0}
        WHERE id = ${id}`,
  );
}

/** Soft delete: the row stays for the hand history. */
export async function deleteTable(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`UPDATE poker_tables SET deleted_at = now(), status = 'closed' WHERE id = ${id} AND deleted_at IS NULL`);
}

/** A tournament's table broken or finished. */
export async function closeTable(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`UPDATE poker_tables SET status = 'closed' WHERE id = ${id}`);
}

/** A closed fast-fold pool's tables, once nobody plays there: out of every list of open tables. */
export async function closePoolTables(ex: Executor, poolId: number): Promise<void> {
  await ex.execute(sql`UPDATE poker_tables SET status = 'closed' WHERE pool_id = ${poolId} AND status <> 'closed'`);
}

/** House bots on or off: kept so that an instance taking the table over goes on with them. */
export async function setSimulation(ex: Executor, tableId: number, on: boolean): Promise<void> {
  await ex.execute(sql`UPDATE poker_tables SET simulation = ${on} WHERE id = ${tableId}`);
}

// ---- seats ----

export async function takeSeat(ex: Executor, tableId: number, seat: number, userId: number, isBot: boolean, epoch: Epoch): Promise<void> {
  await ex.execute(sql`INSERT INTO table_seats (table_id, seat, user_id, is_bot, epoch) VALUES (${tableId}, ${seat}, ${userId}, ${isBot}, ${epoch})
    ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id, is_bot = excluded.is_bot, joined_at = now(), epoch = excluded.epoch, straddle = false`);
}

/** The seated player's straddle choice, kept for whoever owns the table next. */
export async function setSeatStraddle(ex: Executor, tableId: number, userId: number, on: boolean, epoch: Epoch): Promise<void> {
  await ex.execute(sql`UPDATE table_seats SET straddle = ${on}, epoch = ${epoch} WHERE table_id = ${tableId} AND user_id = ${userId}`);
}

export async function freeSeat(ex: Executor, tableId: number, userId: number): Promise<void> {
  await ex.execute(sql`DELETE FROM table_seats WHERE table_id = ${tableId} AND user_id = ${userId}`);
}

// ---- hands ----

/** A hand's start: the stacks it starts from and its commitments. */
export interface HandStartRow {
  tableId: number;
  handNumber: number;
  seedHash: string;
  players: Array<{ userId: number; seat: number; stack: number }>;
  cardsRoot?: string | null;
  entropy?: Array<{ seat: number; entropy: string }>;
  button?: number | null;
  epoch?: Epoch;
}

const startValues = (x: HandStartRow) =>
  sql`(${x.tableId}::integer, ${x.handNumber}::integer, ${x.seedHash}, ${JSON.stringify(x.players)}::jsonb, ${x.cardsRoot ?? null}::text,
    ${JSON.stringify(x.entropy ?? [])}::jsonb, ${x.button ?? null}::integer, ${x.epoch ?? null}::bigint)`;
const INSERT_HANDS = sql`INSERT INTO hands (table_id, hand_number, seed_hash, start_stacks, cards_root, entropy, button, epoch) VALUES`;

export async function insertHand(ex: Executor, x: HandStartRow): Promise<number> {
  const row = await first<Pick<HandRow, 'id'>>(ex, sql`${INSERT_HANDS} ${startValues(x)} RETURNING id`);
  return row!.id;
}

/** Several tables' hand starts in one statement; ids in the order given. */
export async function insertHands(ex: Executor, xs: HandStartRow[]): Promise<number[]> {
  const got = await rows<Pick<HandRow, 'id' | 'table_id' | 'hand_number'>>(
    ex,
    sql`${INSERT_HANDS} ${sql.join(xs.map(startValues), sql`, `)} RETURNING id, table_id, hand_number`,
  );
  const ids = new Map(got.map((r) => [`${r.table_id}:${r.hand_number}`, r.id]));
  return xs.map((x) => {
    const id = ids.get(`${x.tableId}:${x.handNumber}`);
    if (id === undefined) throw new Error(`hand ${x.tableId}:${x.handNumber} missing from the group insert`);
    return id;
  });
}

/** What a settled hand's record holds. */
export interface SettledHand {
  handId: number;
  seed: string;
  phh: string;
  summary: unknown;
  players: Array<{ userId: number; seat: number }>;
  epoch?: Epoch;
}

/**
 * The settled hand's record as CTEs named with `tag` (several hands fit in one statement; the
 * ledger's atomic settlement runs them before its transfers): the hand settles only if running.
 */
export function settledHandCtes(h: SettledHand, tag: string): SQL {
  const values = h.players.map((p) => sql`(${h.handId}::bigint, ${p.userId}::integer, ${p.seat}::integer)`);
  return sql`${sql.raw(`settled${tag}`)} AS (
        UPDATE hands SET status = 'settled', ended_at = now(), seed = ${h.seed}, phh = ${h.phh}, summary = ${JSON.stringify(h.summary)}::jsonb
          ${setEpoch(h.epoch)}
        WHERE id = ${h.handId} AND status = 'running' RETURNING id),
      ${sql.raw(`players${tag}`)} AS (INSERT INTO hand_players (hand_id, user_id, seat) VALUES ${sql.join(values, sql`, `)} ON CONFLICT DO NOTHING RETURNING hand_id)`;
}

/** Settles a running hand in the caller's transaction; throws if it is not running. */
export async function settleHandRecord(ex: Executor, h: SettledHand): Promise<void> {
  const done = await rows<{ id: number }>(ex, sql`WITH ${settledHandCtes(h, '')} SELECT id FROM settled`);
  if (!done.length) throw new Error(`hand ${h.handId} is not running`);
}

/** A hand that could not settle is void; false if it was not running (it settled after all). */
export async function voidHand(ex: Executor, handId: number, tableId: number, reason: string, epoch?: Epoch): Promise<boolean> {
  const voided = await rows<Pick<HandRow, 'id'>>(
    ex,
    sql`UPDATE hands SET status = 'voided', ended_at = now(), void_reason = ${reason} ${setEpoch(epoch)}
      WHERE id = ${handId} AND table_id = ${tableId} AND status = 'running' RETURNING id`,
  );
  return voided.length > 0;
}

/** Every running hand of a table (a takeover) or of a tournament's tables (its director resuming) voided; their ids. */
export async function voidRunningHands(ex: Executor, at: { tableId: number } | { tournamentId: number }, reason: string, epoch?: Epoch): Promise<number[]> {
  const where = 'tableId' in at ? sql`table_id = ${at.tableId}` : sql`table_id IN (SELECT id FROM poker_tables WHERE tournament_id = ${at.tournamentId})`;
  const voided = await rows<Pick<HandRow, 'id'>>(
    ex,
    sql`UPDATE hands SET status = 'voided', ended_at = now(), void_reason = ${reason} ${setEpoch(epoch)}
      WHERE ${where} AND status = 'running' RETURNING id`,
  );
  return voided.map((r) => r.id);
}

/** The last hand number played at the table (hand numbers keep counting across restarts). */
export async function lastHandNumber(ex: Executor, tableId: number): Promise<number> {
  const row = await first<{ n: HandRow['hand_number'] | null }>(ex, sql`SELECT max(hand_number) AS n FROM hands WHERE table_id = ${tableId}`);
  return row?.n ?? 0;
}

/** The button's seat in the table's last hand, if recorded. */
export async function lastButton(ex: Executor, tableId: number): Promise<number | null> {
  const row = await first<Pick<HandRow, 'button'>>(ex, sql`SELECT button FROM hands WHERE table_id = ${tableId} ORDER BY hand_number DESC LIMIT 1`);
  return row?.button ?? null;
}
