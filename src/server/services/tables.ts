// Poker tables as configured by administrators (the live game arrives with the next issue).
import { sql, type SQL } from 'drizzle-orm';
import { CreateTableBody, TableFields, type UpdateTableBody } from '../../shared/api/admin';
import type { Hand, Table } from '../../shared/api/user';
import { type Executor, first, iso, isoOrNull, rows } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import type { SettingsService } from './settings';

type Row = Record<string, unknown>;

const TABLE_SELECT = sql`SELECT t.*, (SELECT count(*) FROM table_seats s WHERE s.table_id = t.id)::bigint AS players FROM poker_tables t`;

export const toTable = (r: Row): Table => ({
  tableId: Number(r.id),
  name: String(r.name),
  variant: r.variant as Table['variant'],
  smallBlind: Number(r.small_blind),
  bigBlind: Number(r.big_blind),
  minBuyIn: Number(r.min_buy_in),
  maxBuyIn: Number(r.max_buy_in),
  maxPlayers: Number(r.max_players),
  players: Number(r.players ?? 0),
  status: r.status as Table['status'],
  rakePercent: Number(r.rake_percent),
  rakeCap: Number(r.rake_cap),
  actionTime: Number(r.action_time),
  jackpotPercent: Number(r.jackpot_percent),
  createdAt: iso(r.created_at),
});

export const toHand = (r: Row): Hand => ({
  handId: Number(r.id),
  tableId: Number(r.table_id),
  handNumber: Number(r.hand_number),
  startedAt: iso(r.started_at),
  endedAt: isoOrNull(r.ended_at),
  seedHash: String(r.seed_hash),
  // The full record, as administrators (auditors) see it: the server seed once the hand is over.
  // Players get hands only through hand-history.ts, which withholds it.
  seed: r.status === 'running' ? null : ((r.seed as string | null) ?? null),
  cardsRoot: (r.cards_root as string | null | undefined) ?? null,
  entropy: (typeof r.entropy === 'string' ? JSON.parse(r.entropy) : (r.entropy ?? [])) as Array<{ seat: number; entropy: string }>,
  phh: (r.phh as string | null) ?? null,
  summary: typeof r.summary === 'string' ? JSON.parse(r.summary) : (r.summary ?? null),
  status: r.status as Hand['status'],
});

export class TableService {
  /** Hook for the live tables: true while anyone sits at the table (beyond table_seats rows). */
  isOccupied: (tableId: number) => boolean = () => false;
  /** Hook for the live tables: a table was created, edited or deleted. */
  onChanged: (tableId: number) => Promise<void> | void = () => {};

  constructor(
    private readonly db: Executor,
    private readonly settings: SettingsService,
  ) {}

  async get(id: number): Promise<Table | null> {
    const r = await first<Row>(this.db, sql`${TABLE_SELECT} WHERE t.id = ${id} AND t.deleted_at IS NULL`);
    return r ? toTable(r) : null;
  }

  async list(where: SQL, orderBy: SQL, limit: number, offset: number): Promise<{ items: Table[]; total: number }> {
    const items = await rows<Row>(this.db, sql`${TABLE_SELECT} ${where} ${orderBy} LIMIT ${limit} OFFSET ${offset}`);
    const total = await first<Row>(this.db, sql`SELECT count(*)::bigint AS n FROM poker_tables t ${where}`);
    return { items: items.map(toTable), total: Number(total?.n ?? 0) };
  }

  /** Rake and jackpot default from the settings when not given. */
  async create(body: CreateTableBody, ex: Executor = this.db): Promise<Table> {
    const s = await this.settings.get(ex);
    const rakePercent = body.rakePercent ?? s.defaultRakePercent;
    const rakeCap = body.rakeCap ?? Math.round(s.defaultRakeCapBb * body.bigBlind);
    const r = await first<Row>(
      ex,
      sql`INSERT INTO poker_tables (name, variant, small_blind, big_blind, min_buy_in, max_buy_in, max_players, rake_percent, rake_cap, action_time, jackpot_percent, status)
          VALUES (${body.name}, ${body.variant}, ${body.smallBlind}, ${body.bigBlind}, ${body.minBuyIn}, ${body.maxBuyIn}, ${body.maxPlayers},
                  ${rakePercent}, ${rakeCap}, ${body.actionTime ?? 20}, ${body.jackpotPercent ?? s.jackpotPercent}, ${body.status ?? 'open'})
          RETURNING id`,
    );
    const created = (await this.getWith(ex, Number(r!.id)))!;
    if (ex === this.db) await this.onChanged(created.tableId);
    return created;
  }

  private async getWith(ex: Executor, id: number): Promise<Table | null> {
    const r = await first<Row>(ex, sql`${TABLE_SELECT} WHERE t.id = ${id} AND t.deleted_at IS NULL`);
    return r ? toTable(r) : null;
  }

  async update(id: number, patch: UpdateTableBody): Promise<Table> {
    const current = await this.get(id);
    if (!current) throw notFound('Table');
    const { tableId: _ignored, ...fields } = patch;
    // Re-check the cross-field rules against the merged table.
    const merged = CreateTableBody.safeParse({ ...pick(current), ...fields });
    if (!merged.success)
      throw badRequest(merged.error.issues.map((i) => i.message).join('; '), 'INVALID_INPUT', merged.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    const t = merged.data;
    await this.db.execute(
      sql`UPDATE poker_tables SET name = ${t.name}, variant = ${t.variant}, small_blind = ${t.smallBlind}, big_blind = ${t.bigBlind},
            min_buy_in = ${t.minBuyIn}, max_buy_in = ${t.maxBuyIn}, max_players = ${t.maxPlayers}, rake_percent = ${t.rakePercent!},
            rake_cap = ${t.rakeCap!}, action_time = ${t.actionTime!}, jackpot_percent = ${t.jackpotPercent!}, status = ${t.status!}
          WHERE id = ${id}`,
    );
    await this.onChanged(id);
    return (await this.get(id))!;
  }

  /** Refused while anyone is seated; the row stays (soft delete) for the hand history. */
  async delete(id: number): Promise<void> {
    const t = await this.get(id);
    if (!t) throw notFound('Table');
    if (t.players > 0 || this.isOccupied(id)) throw conflict('Players are seated at this table; close it and let them leave first', 'TABLE_OCCUPIED');
    await this.db.execute(sql`UPDATE poker_tables SET deleted_at = now(), status = 'closed' WHERE id = ${id} AND deleted_at IS NULL`);
    await this.onChanged(id);
  }

  async sessions(tableId: number, orderBy: SQL, limit: number, offset: number): Promise<{ items: Hand[]; total: number }> {
    const exists = await first(this.db, sql`SELECT 1 FROM poker_tables WHERE id = ${tableId}`);
    if (!exists) throw notFound('Table');
    const items = await rows<Row>(this.db, sql`SELECT * FROM hands h WHERE h.table_id = ${tableId} ${orderBy} LIMIT ${limit} OFFSET ${offset}`);
    const total = await first<Row>(this.db, sql`SELECT count(*)::bigint AS n FROM hands WHERE table_id = ${tableId}`);
    return { items: items.map(toHand), total: Number(total?.n ?? 0) };
  }
}

function pick(t: Table) {
  const keys = Object.keys(TableFields.shape) as (keyof Table)[];
  return Object.fromEntries(keys.map((k) => [k, t[k]]));
}
