// Poker tables as configured by administrators, and the hands played at them.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CreateTableBody, TableFields, type SessionQuery, type UpdateTableBody } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import type { Hand, Table, TableListQuery } from '../../shared/api/user';
import { type Database, type Executor, first, iso, isoOrNull, rows } from '../db/client';
import type { HandRow, PokerTableRow } from '../db/rows';
import { badRequest, conflict, notFound } from '../core/errors';
import { likePrefix, pageSql, where } from '../core/paging';
import type { SettingsService } from '../core/settings';
import type { BettingLimit, TableOption } from '../../shared/api/enums';
import { GAMES, GAME_CODES, type GameCode } from '../../poker/engine';
import { type Actor, audit } from '../core/audit';
import * as records from './records';

export type TableQuery = z.output<typeof TableListQuery>;
export type TableSessionQuery = z.output<typeof SessionQuery>;
/** A table row with the number of seated players. */
type TableListRow = PokerTableRow & { players: number };
type Count = { n: number };

const TABLE_SELECT = sql`SELECT t.*, (SELECT count(*) FROM table_seats s WHERE s.table_id = t.id)::bigint AS players FROM poker_tables t`;

/** Public sort fields -> SQL over TABLE_SELECT's alias `t`. */
const TABLE_SORT = {
  id: sql`t.id`,
  tableId: sql`t.id`,
  name: sql`lower(t.name)`,
  variant: sql`t.variant`,
  smallBlind: sql`t.small_blind`,
  bigBlind: sql`t.big_blind`,
  minBuyIn: sql`t.min_buy_in`,
  maxBuyIn: sql`t.max_buy_in`,
  maxPlayers: sql`t.max_players`,
  players: sql`(SELECT count(*) FROM table_seats s WHERE s.table_id = t.id)`,
  status: sql`t.status`,
  createdAt: sql`t.created_at`,
};
const SESSION_SORT = { id: sql`h.id`, handNumber: sql`h.hand_number`, startedAt: sql`h.started_at` };

/** The lobby's option filter: tables with that option on. */
const OPTION_SQL: Record<TableOption, SQL> = {
  ante: sql`t.ante > 0`,
  straddle: sql`t.straddle <> 'off'`,
  runItTwice: sql`t.run_it_twice`,
  bombPot: sql`t.bomb_pot_every > 0`,
};

/** The games of a betting structure. */
const variantsOf = (limit: BettingLimit): GameCode[] => GAME_CODES.filter((g) => GAMES[g].structure === limit);

export const toTable = (r: TableListRow): Table => ({
  tableId: r.id,
  name: r.name,
  variant: r.variant,
  smallBlind: r.small_blind,
  bigBlind: r.big_blind,
  minBuyIn: r.min_buy_in,
  maxBuyIn: r.max_buy_in,
  maxPlayers: r.max_players,
  players: r.players,
  status: r.status,
  rakePercent: r.rake_percent,
  rakeCap: r.rake_cap,
  actionTime: r.action_time,
  jackpotPercent: r.jackpot_percent,
  ante: Number(r.ante),
  straddle: r.straddle,
  runItTwice: r.run_it_twice,
  bombPotEvery: r.bomb_pot_every,
  createdAt: iso(r.created_at),
});

export const toHand = (r: HandRow): Hand => ({
  handId: r.id,
  tableId: r.table_id,
  handNumber: r.hand_number,
  startedAt: iso(r.started_at),
  endedAt: isoOrNull(r.ended_at),
  seedHash: r.seed_hash,
  // The full record, as administrators (auditors) see it: the server seed once the hand is over.
  // Players get hands only through hand-history.ts, which withholds it.
  seed: r.status === 'running' ? null : r.seed,
  cardsRoot: r.cards_root,
  // jsonb written by the table store ([{seat, entropy}], the settlement summary).
  entropy: (r.entropy ?? []) as Hand['entropy'],
  phh: r.phh,
  summary: r.summary ?? null,
  status: r.status,
});

/** What the table service needs of the live tables. */
export interface LiveTables {
  /** True while anyone sits at the table (beyond table_seats rows). */
  isOccupied(tableId: number): boolean;
  /** A table was created, edited or deleted: its owner applies it, every instance hears of it. */
  changed(tableId: number): Promise<void> | void;
}

export class TableService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly live: LiveTables,
  ) {}

  async get(id: number): Promise<Table | null> {
    return this.getWith(this.db, id);
  }

  /**
   * One page of the tables not deleted, filtered by variant, status and name prefix. The lobby
   * sorts by big blind unless told otherwise, the back office by id. Unknown sort field: 400.
   */
  list(a: TableQuery, defaultSort: 'id' | 'bigBlind' = 'id'): Promise<List<Table>> {
    const p = pageSql(a, TABLE_SORT, defaultSort, 'ASC');
    const w = where([
      sql`t.deleted_at IS NULL`,
      // A tournament's tables are the director's (docs/tournaments.md): not in the lobby or this list.
      sql`t.tournament_id IS NULL`,
      sql`t.pool_id IS NULL`,
      a.variant && sql`t.variant = ${a.variant}`,
      a.structure &&
        sql`t.variant IN (${sql.join(
          variantsOf(a.structure).map((v) => sql`${v}`),
          sql`, `,
        )})`,
      a.option && OPTION_SQL[a.option],
      a.status && sql`t.status = ${a.status}`,
      a.q && sql`lower(t.name) LIKE ${likePrefix(a.q.toLowerCase())}`,
    ]);
    return this.page(w, p.orderBy, p.limit, p.offset);
  }

  private async page(w: SQL, orderBy: SQL, limit: number, offset: number): Promise<List<Table>> {
    const items = await rows<TableListRow>(this.db, sql`${TABLE_SELECT} ${w} ${orderBy} LIMIT ${limit} OFFSET ${offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM poker_tables t ${w}`);
    return { items: items.map(toTable), total: total?.n ?? 0 };
  }

  /** Rake and jackpot default from the settings when not given. With an actor, audited in one transaction. */
  async create(body: CreateTableBody, ex: Executor = this.db, actor?: Actor): Promise<Table> {
    if (actor && ex === this.db) {
      const created = await this.db.transaction(async (tx) => {
        const t = await this.create(body, tx);
        await audit(tx, actor, { action: 'table.create', objectType: 'table', objectId: t.tableId, after: t });
        return t;
      });
      await this.live.changed(created.tableId);
      return created;
    }
    const s = await this.settings.get(ex);
    const rakePercent = body.rakePercent ?? s.defaultRakePercent;
    const rakeCap = body.rakeCap ?? Math.round(s.defaultRakeCapBb * body.bigBlind);
    const id = await records.insertTable(ex, {
      ...body,
      rakePercent,
      rakeCap,
      actionTime: body.actionTime ?? 20,
      jackpotPercent: body.jackpotPercent ?? s.jackpotPercent,
      status: body.status ?? 'open',
    });
    const created = (await this.getWith(ex, id))!;
    if (ex === this.db) await this.live.changed(created.tableId);
    return created;
  }

  private async getWith(ex: Executor, id: number, lock = false): Promise<Table | null> {
    const r = await first<TableListRow>(ex, sql`${TABLE_SELECT} WHERE t.id = ${id} AND t.deleted_at IS NULL ${lock ? sql`FOR UPDATE OF t` : sql``}`);
    return r ? toTable(r) : null;
  }

  async update(id: number, patch: UpdateTableBody, actor?: Actor): Promise<Table> {
    const after = await this.db.transaction(async (tx) => {
      const current = await this.getWith(tx, id, true);
      if (!current) throw notFound('Table');
      const updated = await this.write(tx, id, current, patch);
      if (actor) await audit(tx, actor, { action: 'table.update', objectType: 'table', objectId: id, before: current, after: updated });
      return updated;
    });
    await this.live.changed(id);
    return after;
  }

  private async write(tx: Executor, id: number, current: Table, patch: UpdateTableBody): Promise<Table> {
    const { tableId: _ignored, ...fields } = patch;
    // Re-check the cross-field rules against the merged table.
    const merged = CreateTableBody.safeParse({ ...pick(current), ...fields });
    if (!merged.success)
      throw badRequest(
        merged.error.issues.map((i) => i.message).join('; '),
        'INVALID_INPUT',
        merged.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      );
    const t = merged.data;
    await records.updateTable(tx, id, {
      ...t,
      rakePercent: t.rakePercent!,
      rakeCap: t.rakeCap!,
      actionTime: t.actionTime!,
      jackpotPercent: t.jackpotPercent!,
      status: t.status!,
    });
    return (await this.getWith(tx, id))!;
  }

  /** Refused while anyone is seated; the row stays (soft delete) for the hand history. */
  async delete(id: number, actor?: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const t = await this.getWith(tx, id, true);
      if (!t) throw notFound('Table');
      if (t.players > 0 || this.live.isOccupied(id)) throw conflict('Players are seated at this table; close it and let them leave first', 'TABLE_OCCUPIED');
      await records.deleteTable(tx, id);
      if (actor) await audit(tx, actor, { action: 'table.delete', objectType: 'table', objectId: id, before: t, after: { deleted: true } });
    });
    await this.live.changed(id);
  }

  /** One page of a table's hands (deleted tables too: their history stays). 404 for no such table. */
  async sessions(query: TableSessionQuery): Promise<List<Hand>> {
    const { tableId } = query;
    const p = pageSql(query, SESSION_SORT, 'id');
    const exists = await first(this.db, sql`SELECT 1 FROM poker_tables WHERE id = ${tableId}`);
    if (!exists) throw notFound('Table');
    const items = await rows<HandRow>(this.db, sql`SELECT * FROM hands h WHERE h.table_id = ${tableId} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM hands WHERE table_id = ${tableId}`);
    return { items: items.map(toHand), total: total?.n ?? 0 };
  }
}

function pick(t: Table) {
  const keys = Object.keys(TableFields.shape) as (keyof Table)[];
  return Object.fromEntries(keys.map((k) => [k, t[k]]));
}
