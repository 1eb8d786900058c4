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
import { conflict, notFound } from '../core/errors';
import { type Actor, audit } from '../core/audit';
import type { Ledger } from '../core/ledger';
import { pageSql, where } from '../core/paging';
import * as money from './money';

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

const SELECT = (viewer: number | null) => sql`
  SELECT t.*,
         (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id AND e.status IN ('registered', 'playing', 'busted')) AS entrants,
         (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id AND e.status IN ('registered', 'playing')) AS live,
         (SELECT coalesce(sum(e.paid_buy_in), 0)::bigint FROM tournament_entries e WHERE e.tournament_id = t.id AND e.status IN ('registered', 'playing', 'busted')) AS pool,
         (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id AND e.user_id = ${viewer ?? 0} AND e.status IN ('registered', 'playing')) AS mine,
         (SELECT count(*)::int FROM tournament_entries e WHERE e.tournament_id = t.id AND e.user_id = ${viewer ?? 0} AND e.status = 'busted') AS busted,
         (t.status = 'running' AND coalesce(jsonb_typeof(t.state->'core'->'lateReg') = 'object', false)) AS late_open,
         t.state->>'lateRegEndsAt' AS late_ends,
         (t.status = 'running' AND coalesce((t.state->>'rebuyOpen')::boolean, false)) AS rebuy_open,
         (t.status = 'running' AND coalesce((t.state->>'addonOpen')::boolean, false)) AS addon_open
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
    const r = await first<SummaryRow>(ex, sql`${SELECT(viewer)} WHERE t.id = ${id}`);
    if (!r) throw notFound('Tournament');
    const entrants = await rows<EntrantRow>(
      ex,
      sql`SELECT e.id, e.user_id, e.entry_no, e.status, e.chips, e.place, e.prize, u.username, u.is_bot,
                 (SELECT count(*)::int FROM tournament_purchases p WHERE p.entry_id = e.id AND p.kind = 'rebuy' AND p.status <> 'refunded') AS rebuys,
                 EXISTS (SELECT 1 FROM tournament_purchases p WHERE p.entry_id = e.id AND p.kind = 'addon' AND p.status <> 'refunded') AS addon
          FROM tournament_entries e JOIN users u ON u.id = e.user_id
          WHERE e.tournament_id = ${id} AND e.status IN ('registered', 'playing', 'busted')
          ORDER BY e.place NULLS FIRST, e.chips DESC, e.id`,
    );
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
      const r = await first<Pick<TournamentRow, 'id'>>(
        tx,
        sql`INSERT INTO tournaments (name, kind, variant, buy_in, fee, starting_stack, table_size, min_entrants, max_entrants, starts_at,
                                     late_reg_levels, reentry_max, rebuy_levels, rebuy_max, addon_chips, guarantee, structure, payouts, created_by)
            VALUES (${body.name}, ${body.kind}, ${body.variant}, ${body.buyIn}, ${body.fee}, ${body.startingStack}, ${body.tableSize},
                    ${body.minEntrants}, ${body.maxEntrants}, ${body.startsAt}, ${body.lateRegLevels}, ${body.reentryMax},
                    ${body.rebuyLevels}, ${body.rebuyMax}, ${body.addonChips}, ${body.guarantee},
                    ${JSON.stringify(body.structure)}::jsonb, ${JSON.stringify(body.payoutTable ?? DEFAULT_PAYOUT_TABLE)}::jsonb, ${actor.userId})
            RETURNING id`,
      );
      const created = await this.get(r!.id, null, tx);
      await audit(tx, actor, { action: 'tournament.create', objectType: 'tournament', objectId: created.id, after: body });
      return created;
    });
  }

  /** Before the start only; buy-in and fee only while nobody is registered. */
  async update(actor: Actor, id: number, patch: UpdateTournamentBody): Promise<TournamentDetail> {
    return this.db.transaction(async (tx) => {
      const t = await money.lockTournament(tx, id);
      if (t.status !== 'registering') throw conflict('The tournament has started', 'TOURNAMENT_STARTED');
      const before = await this.get(id, null, tx);
      if ((patch.buyIn !== undefined && patch.buyIn !== t.buy_in) || (patch.fee !== undefined && patch.fee !== t.fee))
        if (before.playersLeft > 0) throw conflict('Buy-in and fee cannot change once players have registered');
      const merged = { ...before, ...patch };
      if (merged.minEntrants > merged.maxEntrants) throw conflict('Maximum entrants must be at least the minimum');
      if (merged.maxEntrants < before.playersLeft) throw conflict('More players are registered than that maximum');
      if ((merged.kind === 'sng') !== (merged.startsAt === null)) throw conflict('A sit & go has no start time; a scheduled tournament needs one');
      if (merged.rebuyLevels > merged.lateRegLevels) throw conflict('Rebuys close no later than late registration');
      await tx.execute(
        sql`UPDATE tournaments SET name = ${merged.name}, kind = ${merged.kind}, variant = ${merged.variant}, buy_in = ${merged.buyIn}, fee = ${merged.fee},
                   starting_stack = ${merged.startingStack}, table_size = ${merged.tableSize}, min_entrants = ${merged.minEntrants},
                   max_entrants = ${merged.maxEntrants}, starts_at = ${merged.startsAt}, late_reg_levels = ${merged.lateRegLevels},
                   reentry_max = ${merged.reentryMax}, rebuy_levels = ${merged.rebuyLevels}, rebuy_max = ${merged.rebuyMax},
                   addon_chips = ${merged.addonChips}, guarantee = ${merged.guarantee}, structure = ${JSON.stringify(merged.structure)}::jsonb,
                   payouts = ${JSON.stringify(patch.payoutTable ?? before.payoutTable)}::jsonb
            WHERE id = ${id}`,
      );
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
