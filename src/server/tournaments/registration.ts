// Tournaments: the lobby's list and page, registration, and the back office's create / edit /
// cancel (docs/tournaments.md). Money moves in tournament-money.ts; the director (which deals
// the hands) reads and writes through the same rows.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { List } from '../../shared/api/common';
import type {
  CreateTournamentBody,
  PayoutTable,
  Structure,
  TournamentDetail,
  TournamentEntrant,
  TournamentEntry,
  TournamentListQuery,
  TournamentSummary,
  UpdateTournamentBody,
} from '../../shared/api/tournaments';
import { DEFAULT_PAYOUT_TABLE, prizes } from '../../poker/tournament';
import { type Database, type Executor, first, isoOrNull, rows } from '../db/client';
import type { TournamentEntryRow, TournamentRow, UserRow } from '../db/rows';
import { badRequest, conflict, notFound } from '../core/errors';
import { type Actor, audit } from '../core/audit';
import type { Ledger } from '../core/ledger';
import { pageSql, where } from '../core/paging';
import * as money from './money';
import * as records from './records';

export type TournamentQuery = z.output<typeof TournamentListQuery>;

type SummaryRow = TournamentRow & {
  entrants: number;
  live: number;
  pool: number;
  mine: number;
  busted: number;
  late_open: boolean;
  late_ends: string | null;
  rebuy_open: boolean;
  addon_open: boolean;
};
type EntrantRow = Pick<TournamentEntryRow, 'id' | 'user_id' | 'entry_no' | 'status' | 'chips' | 'place' | 'prize'> &
  Pick<UserRow, 'username' | 'is_bot'> & { rebuys: number; addon: boolean };

const invalid = (path: string, message: string) => badRequest(message, 'INVALID_INPUT', [{ path, message }]);

const SELECT = (viewer: number | null) => sql`
  SELECT t.*,
         (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id AND e.status IN ('registered', 'playing', 'busted')) AS entrants,
         (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id AND e.status IN ('registered', 'playing')) AS live,
         (SELECT coalesce(sum(e.paid_buy_in), 0)::bigint FROM tournament_entries e WHERE e.tournament_id = t.id AND e.status IN ('registered', 'playing', 'busted')) AS pool,
         (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id AND e.user_id = ${viewer ?? 0} AND e.status IN ('registered', 'playing')) AS mine,
         (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id AND e.user_id = ${viewer ?? 0} AND e.status = 'busted') AS busted,
         t.late_reg_open AS late_open,
         t.state->>'lateRegEndsAt' AS late_ends
  FROM tournaments t`;

const SORT: Record<string, SQL> = {
  id: sql`t.id`,
  startsAt: sql`coalesce(t.starts_at, t.created_at)`,
  buyIn: sql`t.buy_in`,
  name: sql`lower(t.name)`,
  status: sql`t.status`,
};

const toSummary = (r: SummaryRow): TournamentSummary => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  variant: r.variant,
  status: r.status,
  startsAt: isoOrNull(r.starts_at),
  startedAt: isoOrNull(r.started_at),
  finishedAt: isoOrNull(r.finished_at),
  buyIn: r.buy_in,
  fee: r.fee,
  startingStack: r.starting_stack,
  tableSize: r.table_size,
  minEntrants: r.min_entrants,
  maxEntrants: r.max_entrants,
  entrants: r.entrants,
  playersLeft: r.live,
  prizePool: Math.max(r.pool, r.guarantee),
  guarantee: r.guarantee,
  lateRegLevels: r.late_reg_levels,
  reentryMax: r.reentry_max,
  rebuyLevels: r.rebuy_levels,
  rebuyMax: r.rebuy_max,
  addonChips: r.addon_chips,
  cancelReason: r.cancel_reason,
  registered: r.mine > 0,
  lateRegOpen: r.late_open,
  lateRegEndsAt: r.late_open ? r.late_ends : null,
  bustedEntries: r.busted,
  rebuyOpen: r.rebuy_open,
  addonOpen: r.addon_open,
});

/** What the director keeps in tournaments.state that the page shows (the rest is its own). */
interface PublicState {
  level?: number;
  levelEndsAt?: string | null;
  tables?: Array<{ tableId: number; players: number }>;
  seats?: Record<string, number>;
}

export class TournamentService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    /** A sit & go's last seat was taken: its director starts it now. */
    private readonly onFull: (tournamentId: number) => void,
  ) {}

  async list(q: TournamentQuery, viewer: number | null): Promise<List<TournamentSummary>> {
    const p = pageSql(q, SORT, 'startsAt', 'ASC');
    const w = where([
      q.status?.length &&
        sql`t.status IN (${sql.join(
          q.status.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      q.kind && sql`t.kind = ${q.kind}`,
    ]);
    const [items, total] = await Promise.all([
      rows<SummaryRow>(this.db, sql`${SELECT(viewer)} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`),
      first<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM tournaments t ${w}`),
    ]);
    return { items: items.map(toSummary), total: total!.n };
  }

  async get(id: number, viewer: number | null, ex: Executor = this.db): Promise<TournamentDetail> {
    // One statement, so one snapshot: the director's state (who sits where) and the entries
    // (who is out) as of the same moment; two reads once showed busted players still seated.
    const r = await first<SummaryRow & { entrant_list: EntrantRow[] | string }>(
      ex,
      sql`SELECT s.*, (
            SELECT coalesce(json_agg(x ORDER BY x.place NULLS FIRST, x.chips DESC, x.id), '[]'::json) FROM (
              SELECT e.id, e.user_id, e.entry_no, e.status, e.chips, e.place, e.prize, u.username, u.is_bot,
                     (SELECT count(*)::int FROM tournament_purchases p WHERE p.entry_id = e.id AND p.kind = 'rebuy' AND p.status <> 'refunded') AS rebuys,
                     EXISTS (SELECT 1 FROM tournament_purchases p WHERE p.entry_id = e.id AND p.kind = 'addon' AND p.status <> 'refunded') AS addon
              FROM tournament_entries e JOIN users u ON u.id = e.user_id
              WHERE e.tournament_id = s.id AND e.status IN ('registered', 'playing', 'busted')) x
          ) AS entrant_list
          FROM (${SELECT(viewer)} WHERE t.id = ${id}) s`,
    );
    if (!r) throw notFound('Tournament');
    const entrants = (typeof r.entrant_list === 'string' ? JSON.parse(r.entrant_list) : r.entrant_list) as EntrantRow[];
    const summary = toSummary(r);
    const table = r.payouts as PayoutTable;
    const state = (r.state ?? {}) as PublicState;
    const paying = Math.max(summary.entrants, 1);
    return {
      ...summary,
      structure: r.structure as Structure,
      payoutTable: table,
      places: prizes(summary.prizePool, paying, table).map((amount, i) => ({ place: i + 1, amount })),
      entries: entrants.map((e): TournamentEntrant => ({
        entryId: e.id,
        userId: e.user_id,
        username: e.username,
        isBot: e.is_bot,
        entryNo: e.entry_no,
        status: e.status,
        chips: e.chips,
        place: e.place,
        prize: e.prize,
        tableId: state.seats?.[String(e.id)] ?? null,
        rebuys: e.rebuys,
        addon: e.addon,
      })),
      level: r.status === 'running' ? (state.level ?? null) : null,
      levelEndsAt: r.status === 'running' ? (state.levelEndsAt ?? null) : null,
      tables: r.status === 'running' ? (state.tables ?? []) : [],
    };
  }

  async create(actor: Actor, body: CreateTournamentBody): Promise<TournamentDetail> {
    return this.db.transaction(async (tx) => {
      const id = await records.insertTournament(tx, { ...body, payoutTable: body.payoutTable ?? DEFAULT_PAYOUT_TABLE }, actor.userId);
      const created = await this.get(id, null, tx);
      await audit(tx, actor, { action: 'tournament.create', objectType: 'tournament', objectId: created.id, after: body });
      return created;
    });
  }

  /** Before the start only; buy-in and fee only while nobody is registered. */
  async update(actor: Actor, id: number, patch: UpdateTournamentBody): Promise<TournamentDetail> {
    return this.db.transaction(async (tx) => {
      const t = await money.lockTournament(tx, id);
      money.mustBeRegistering(t.status);
      const before = await this.get(id, null, tx);
      if ((patch.buyIn !== undefined && patch.buyIn !== t.buy_in) || (patch.fee !== undefined && patch.fee !== t.fee))
        if (before.playersLeft > 0) throw conflict('Players have paid this buy-in and fee: they can no longer change', 'TOURNAMENT_PAID');
      const merged = { ...before, ...patch };
      if (merged.maxEntrants < before.playersLeft) throw conflict('More players are registered than that maximum', 'ENTRANTS_ABOVE_MAX');
      // The rules CreateTournamentBody checks, against the merged tournament.
      if (merged.minEntrants > merged.maxEntrants) throw invalid('maxEntrants', 'Maximum entrants must be at least the minimum');
      if ((merged.kind === 'sng') !== (merged.startsAt === null)) throw invalid('startsAt', 'A sit & go has no start time; a scheduled tournament needs one');
      if (merged.rebuyLevels > merged.lateRegLevels) throw invalid('rebuyLevels', 'Rebuys close no later than late registration');
      await records.updateTournament(tx, id, { ...merged, payoutTable: patch.payoutTable ?? before.payoutTable });
      const after = await this.get(id, null, tx);
      await audit(tx, actor, { action: 'tournament.update', objectType: 'tournament', objectId: id, before: patch && pick(before, patch), after: patch });
      return after;
    });
  }

  /** Everyone refunded; before the start only. */
  async cancel(actor: Actor, id: number, reason: string): Promise<TournamentDetail> {
    return this.ledger.transaction(async (tx) => {
      const refunded = await money.cancel(this.ledger, tx, id, reason, actor.userId);
      const after = await this.get(id, null, tx);
      await audit(tx, actor, { action: 'tournament.cancel', objectType: 'tournament', objectId: id, after: { reason, refunded } });
      return after;
    });
  }

  async register(userId: number, id: number): Promise<TournamentEntry & { full: boolean }> {
    const r = await this.ledger.transaction((tx) => money.register(this.ledger, tx, id, userId));
    if (r.full) this.onFull(id);
    const t = await first<Pick<TournamentRow, 'buy_in' | 'fee'>>(this.db, sql`SELECT buy_in, fee FROM tournaments WHERE id = ${id}`);
    return {
      entryId: r.entryId,
      tournamentId: id,
      entryNo: r.entryNo,
      status: 'registered',
      paidBuyIn: t!.buy_in,
      paidFee: t!.fee,
      balance: r.balance,
      full: r.full,
    };
  }

  /** A rebuy or the add-on (tournament-money.ts purchase); the director adds the chips within a second. */
  async purchase(userId: number, id: number, kind: 'rebuy' | 'addon'): Promise<money.Purchase> {
    return this.ledger.transaction((tx) => money.purchase(this.ledger, tx, id, userId, kind));
  }

  async unregister(userId: number, id: number): Promise<void> {
    await this.ledger.transaction((tx) => money.unregister(this.ledger, tx, id, userId));
  }
}

/** The stored values of the fields a patch changes (the audit row's "before"). */
function pick(before: TournamentDetail, patch: UpdateTournamentBody): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(patch)) out[k] = k === 'payoutTable' ? before.payoutTable : (before as unknown as Record<string, unknown>)[k];
  return out;
}
