// The multi-table view's rules, as plain functions: which tables are open, in which order they
// show, and where a swipe goes. A tile is a table id (a cash or tournament table) or a fast-fold
// pool, `p<poolId>`, whose table changes as the pool deals the player at another (POOL_SEATED):
// the view only needs each tile's turn (TablePage's onTurn).
import type { TableTurn } from '../table/TablePage';

/** A table's id, or a pool's `p<id>` (the URL's `?ids=12,p3` as well). */
export type TileId = number | `p${number}`;

export const poolTile = (poolId: number): TileId => `p${poolId}`;
/** The pool of a pool's tile, null for a table's. */
export const poolOf = (id: TileId): number | null => (typeof id === 'string' ? Number(id.slice(1)) : null);

export const MAX_TABLES = 4;
/** Where the open tables are kept between visits (and shared by the lobby's "add" button). */
export const OPEN_TABLES_KEY = 'multiTables';
export const LAYOUT_KEY = 'multiTableLayout';
export type Layout = 'tiled' | 'stacked';

/** "12,p3,x,12" -> [12, 'p3']: positive whole table ids and pools, each once, at most four. */
export function parseTableIds(text: string | null | undefined): TileId[] {
  const out: TileId[] = [];
  for (const part of (text ?? '').split(',')) {
    const m = /^(p?)(\d{1,9})$/.exec(part.trim());
    const n = m ? Number(m[2]) : 0;
    if (!m || n <= 0) continue;
    const id: TileId = m[1] ? poolTile(n) : n;
    if (!out.includes(id) && out.length < MAX_TABLES) out.push(id);
  }
  return out;
}

/** The set with `id` added at the end; null when it is full (four tables already). */
export function addTable(ids: readonly TileId[], id: TileId): TileId[] | null {
  if (ids.includes(id)) return [...ids];
  if (ids.length >= MAX_TABLES) return null;
  return [...ids, id];
}

export function replaceTable(ids: readonly TileId[], from: TileId, to: TileId): TileId[] {
  if (ids.includes(to)) return ids.filter((x) => x !== from);
  return ids.map((x) => (x === from ? to : x));
}

/** Each tile's turn, by tile (a pool's tile reports the turn at the table it is dealt at now). */
export type Turns = Readonly<Partial<Record<TileId, TableTurn>>>;

export const isWaiting = (turns: Turns, id: TileId) => turns[id]?.waiting === true;

/**
 * The order tables show in, and the keyboard reaches them in: those where the player must act
 * first, the soonest deadline first (one without a deadline after those with one), then the others
 * in the order they were opened.
 */
export function orderTables(ids: readonly TileId[], turns: Turns): TileId[] {
  const deadline = (id: TileId) => turns[id]?.deadline ?? Number.POSITIVE_INFINITY;
  const waiting = ids.filter((id) => isWaiting(turns, id)).sort((a, b) => deadline(a) - deadline(b) || ids.indexOf(a) - ids.indexOf(b));
  return [...waiting, ...ids.filter((id) => !isWaiting(turns, id))];
}

/** Grid columns and rows for n tiles: one, two side by side, then two by two. */
export function gridOf(n: number): { columns: number; rows: number } {
  if (n <= 1) return { columns: 1, rows: 1 };
  if (n === 2) return { columns: 2, rows: 1 };
  return { columns: 2, rows: 2 };
}

/** A tile's layout from its own size (the table page's rules for the window, applied to the tile). */
export function tileLayout(width: number, height: number): { compact: boolean; portrait: boolean } {
  return { compact: width <= 760, portrait: height > width };
}

/** How far a finger must travel sideways, and how much more sideways than up or down, to count as a swipe. */
export const SWIPE_MIN_PX = 60;
const SWIPE_RATIO = 1.5;

/**
 * The table a horizontal swipe leads to: left shows the next, right the previous; the ends do
 * not wrap. A short or mostly vertical move (scrolling the chat, a tap) stays.
 */
export function swipeTarget(ids: readonly TileId[], current: TileId, dx: number, dy: number): TileId {
  const i = ids.indexOf(current);
  if (i < 0) return ids[0] ?? current;
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < SWIPE_RATIO * Math.abs(dy)) return current;
  const next = dx < 0 ? i + 1 : i - 1;
  return ids[Math.max(0, Math.min(ids.length - 1, next))];
}

/**
 * Where focus goes when the tables' turns change: to the first table waiting for the player when
 * nothing is focused, or when the focused table (its own root, not a control in it) is not
 * waiting. Never away from a field, a button or a waiting table the player is on.
 */
export function focusTarget(ordered: readonly TileId[], turns: Turns, focus: { table: TileId | null; onRoot: boolean; nothing: boolean }): TileId | null {
  const first = ordered.find((id) => isWaiting(turns, id));
  if (first === undefined) return null;
  if (focus.nothing) return first;
  if (focus.table !== null && focus.onRoot && !isWaiting(turns, focus.table)) return first;
  return null;
}
