// The player's own hands searched (issue 33, docs/player.md): by day, game, stake, position, hole
// cards, result and pot, read from the settled hands' summaries. A row shows the player's own cards
// only; the replayer (GET /user/hand/:id) and the download go through history.ts's viewer rules,
// so nobody sees a card they were not shown at the table.
import { sql, type SQL } from 'drizzle-orm';
import type { List } from '../../shared/api/common';
import type { HandFilters, HandSearchQuery, HandSearchRow, Position } from '../../shared/api/regulars';
import type { Variant } from '../../shared/api/enums';
import { first, iso, rows, type Executor } from '../db/client';
import { pageSql } from '../core/paging';
import { exportHands } from './history';

/** The most hands one download holds: the newest of the filtered set, written oldest first. */
export const SEARCH_EXPORT_CAP = 10_000;
const MAX_SEATS = 10;
/** The PHH's blinds: `blinds_or_straddles = [500, 1000, 0]`. */
const BLINDS_RE = 'blinds_or_straddles = \\[([^\\]]*)\\]';
/** After the blinds, the first is UTG and the others are named back from the button (CO, HJ, LJ...). */
const MIDDLE: readonly Position[] = ['UTG', 'UTG1', 'UTG2', 'LJ', 'HJ', 'CO'];

/**
 * The position of the player at `index` in a hand's dealing order (first left of the button, the
 * button last) of `count` players. Heads-up the button is the small blind: BTN and BB.
 */
export function positionOf(count: number, index: number): Position | null {
  if (count < 2 || index < 0 || index >= count) return null;
  if (index === count - 1) return 'BTN';
  if (count === 2) return 'BB';
  if (index === 0) return 'SB';
  if (index === 1) return 'BB';
  const middle = count - 3;
  const k = index - 2;
  if (k === 0) return 'UTG';
  return MIDDLE[MIDDLE.length - (middle - k)] ?? null;
}

/** Every (players, index) pair that has this position name. */
function positionPairs(p: Position): [number, number][] {
  const pairs: [number, number][] = [];
  for (let n = 2; n <= MAX_SEATS; n++) for (let i = 0; i < n; i++) if (positionOf(n, i) === p) pairs.push([n, i]);
  return pairs;
}

/** Hole cards as players write them: exact cards, or a pair / suited / offsuit / either class (two-card games). */
function cardsCond(f: string): SQL {
  const two = sql`jsonb_array_length(cards) = 2`;
  if (f.length === 4) return sql`(${two} AND cards ? ${f.slice(0, 2)} AND cards ? ${f.slice(2)})`;
  const [a, b] = [f[0], f[1]];
  const r1 = sql`substr(cards->>0, 1, 1)`;
  const r2 = sql`substr(cards->>1, 1, 1)`;
  const ranks = sql`((${r1} = ${a} AND ${r2} = ${b}) OR (${r1} = ${b} AND ${r2} = ${a}))`;
  const s1 = sql`substr(cards->>0, 2, 1)`;
  const s2 = sql`substr(cards->>1, 2, 1)`;
  const suit = f[2] === 's' ? sql` AND ${s1} = ${s2}` : f[2] === 'o' ? sql` AND ${s1} <> ${s2}` : sql``;
  return sql`(${two} AND ${ranks}${suit})`;
}

/** The conditions on the derived columns of `mine` (see handFacts). */
function factConds(f: HandFilters): SQL[] {
  const c: SQL[] = [];
  if (f.variant) c.push(sql`variant = ${f.variant}`);
  if (f.bigBlind !== undefined) c.push(sql`big_blind = ${f.bigBlind}`);
  if (f.position) {
    const pairs = positionPairs(f.position);
    c.push(
      pairs.length
        ? sql`(${sql.join(
            pairs.map(([n, i]) => sql`(players = ${n} AND idx = ${i})`),
            sql` OR `,
          )})`
        : sql`FALSE`,
    );
  }
  if (f.cards) c.push(cardsCond(f.cards));
  if (f.result === 'won') c.push(sql`net > 0`);
  if (f.result === 'lost') c.push(sql`net < 0`);
  if (f.result === 'even') c.push(sql`net = 0`);
  if (f.minPot !== undefined) c.push(sql`pot >= ${f.minPot}`);
  if (f.maxPot !== undefined) c.push(sql`pot <= ${f.maxPot}`);
  return c;
}

/**
 * One row per settled hand the player sat in, with what the filters read: the table's game and
 * stake, the player's place in the dealing order, own cards, net and the whole pot.
 */
function handFacts(userId: number, f: HandFilters): SQL {
  const from = f.from ? sql`AND h.started_at >= ${`${f.from}T00:00:00Z`}::timestamptz` : sql``;
  const to = f.to ? sql`AND h.started_at < ${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day'` : sql``;
  // The stake the hand was played at, from its PHH (a table's stake may be edited later; a
  // tournament's rises): the biggest blind posted and the smallest.
  const blinds = sql`unnest(string_to_array((regexp_match(h.phh, ${BLINDS_RE}))[1], ', ')) b`;
  return sql`SELECT h.id, h.table_id, h.hand_number, h.started_at, t.name AS table_name, t.variant,
      coalesce((SELECT min(b::numeric)::bigint FROM ${blinds} WHERE b <> '' AND b::numeric > 0), t.small_blind) AS small_blind,
      coalesce((SELECT max(b::numeric)::bigint FROM ${blinds} WHERE b <> ''), t.big_blind) AS big_blind,
      jsonb_array_length(h.summary->'players') AS players, (me.ord - 1)::int AS idx, me.p->'cards' AS cards,
      ((me.p->>'endStack')::bigint - (me.p->>'startStack')::bigint) AS net,
      (SELECT coalesce(sum((pot->>'amount')::bigint), 0) FROM jsonb_array_elements(coalesce(h.summary->'pots', '[]'::jsonb)) pot) AS pot
    FROM hand_players hp JOIN hands h ON h.id = hp.hand_id JOIN poker_tables t ON t.id = h.table_id
    CROSS JOIN LATERAL jsonb_array_elements(coalesce(h.summary->'players', '[]'::jsonb)) WITH ORDINALITY AS me(p, ord)
    WHERE hp.user_id = ${userId} AND h.status = 'settled' AND (me.p->>'userId')::int = ${userId} ${from} ${to}`;
}

const whereOf = (conds: SQL[]) => (conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``);

interface FactRow {
  id: number;
  table_id: number;
  hand_number: number;
  started_at: string;
  table_name: string;
  variant: Variant;
  small_blind: number;
  big_blind: number;
  players: number;
  idx: number;
  cards: string[] | null;
  net: number | string;
  pot: number | string;
}

const toRow = (r: FactRow): HandSearchRow => ({
  handId: Number(r.id),
  tableId: r.table_id,
  tableName: r.table_name,
  handNumber: r.hand_number,
  startedAt: iso(r.started_at),
  variant: r.variant,
  smallBlind: Number(r.small_blind),
  bigBlind: Number(r.big_blind),
  position: positionOf(Number(r.players), Number(r.idx)),
  holeCards: r.cards && r.cards.length ? r.cards : null,
  net: Number(r.net),
  pot: Number(r.pot),
});

/** One page of the player's hands that pass the filters (newest first unless sorted otherwise). */
export async function searchMyHands(db: Executor, userId: number, q: HandSearchQuery): Promise<List<HandSearchRow>> {
  const sortable = { id: sql`id`, startedAt: sql`started_at`, net: sql`net`, pot: sql`pot`, bigBlind: sql`big_blind` };
  const { orderBy, limit, offset } = pageSql(q, sortable, 'id');
  const where = whereOf(factConds(q));
  const items = await rows<FactRow>(db, sql`WITH mine AS (${handFacts(userId, q)}) SELECT * FROM mine ${where} ${orderBy} LIMIT ${limit} OFFSET ${offset}`);
  const total = await first<{ n: number }>(db, sql`WITH mine AS (${handFacts(userId, q)}) SELECT count(*)::int AS n FROM mine ${where}`);
  return { items: items.map(toRow), total: Number(total?.n ?? 0) };
}

/** The filtered set's download: how many hands it holds and the file (oldest first, capped at the newest SEARCH_EXPORT_CAP). */
export async function exportSearch(
  db: Executor,
  userId: number,
  f: HandFilters,
  cap = SEARCH_EXPORT_CAP,
): Promise<{ count: number; file: AsyncGenerator<string> }> {
  const ids = sql`SELECT id FROM mine ${whereOf(factConds(f))}`;
  const total = await first<{ n: number }>(db, sql`WITH mine AS (${handFacts(userId, f)}) SELECT count(*)::int AS n FROM (${ids}) x`);
  const count = Math.min(Number(total?.n ?? 0), cap);
  const oldest = await first<{ id: number }>(db, sql`WITH mine AS (${handFacts(userId, f)}) ${ids} ORDER BY id DESC OFFSET ${Math.max(count - 1, 0)} LIMIT 1`);
  const chosen = sql`h.id IN (WITH mine AS (${handFacts(userId, f)}) ${ids}) AND h.id >= ${Number(oldest?.id ?? 0)}`;
  return { count, file: exportHands(db, userId, count ? chosen : sql`FALSE`) };
}
