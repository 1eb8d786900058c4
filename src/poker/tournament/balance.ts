// Balancing between hands. Only tables the caller names as idle (between hands) give players or
// are broken; a table in the middle of a hand may receive a player into an empty seat, who is
// dealt in from that table's next hand. Rules, applied until nothing changes:
// 1. A table with nobody left is closed.
// 2. When the players fit in one table fewer (players <= (tables - 1) * maxSize), the idle
//    table with the fewest players (ties: the highest number) is broken: its players, the next
//    big blind first and then clockwise, each go to the table with the fewest players (ties: the
//    lowest number), into that table's worst seat (seating.ts: the soonest big blind).
// 3. While the largest table has two players more than the smallest, the idle largest table
//    (ties: the lowest number) gives the player who would be its next big blind to the smallest
//    table, into the worst seat there.
// With every table idle, sizes differ by at most one afterwards, and there are as few tables as
// the players need. Nobody is ever seated twice: each move empties the seat it leaves.
import { bigBlindNext, occupiedSeats, playerCount, worstSeat } from './seating';
import type { PlayerId, SeatMove, TableSeats } from './types';

export interface BalanceResult {
  /** Tables still in play, in id order, with the moves applied. */
  readonly tables: readonly TableSeats[];
  readonly moves: readonly SeatMove[];
  /** Tables closed (broken, or left empty), in order. */
  readonly broken: readonly number[];
}

interface Work {
  tables: TableSeats[];
  moves: SeatMove[];
  broken: number[];
}

function move(w: Work, from: TableSeats, fromSeat: number, to: TableSeats, reason: SeatMove['reason']): void {
  const playerId = from.seats[fromSeat] as PlayerId;
  const toSeat = worstSeat(to, playerId);
  if (toSeat === null) throw new RangeError(`table ${to.id} has no empty seat`);
  const fromSeats = from.seats.slice();
  fromSeats[fromSeat] = null;
  const toSeats = to.seats.slice();
  toSeats[toSeat] = playerId;
  w.tables = w.tables.map((t) => (t.id === from.id ? { ...t, seats: fromSeats } : t.id === to.id ? { ...t, seats: toSeats } : t));
  w.moves.push({ playerId, fromTable: from.id, fromSeat, toTable: to.id, toSeat, reason });
}

const byId = (w: Work, id: number): TableSeats => w.tables.find((t) => t.id === id) as TableSeats;

/** The table with the fewest players, ties to the lowest number, `except` left out. */
function smallest(w: Work, except: number): TableSeats {
  let best: TableSeats | null = null;
  for (const t of w.tables) if (t.id !== except && (best === null || playerCount(t) < playerCount(best))) best = t;
  return best as TableSeats;
}

function breakTable(w: Work, table: TableSeats): void {
  const occupied = occupiedSeats(table.seats);
  const start = bigBlindNext(table) ?? occupied[0];
  const order = [...occupied.filter((s) => s >= start), ...occupied.filter((s) => s < start)];
  for (const seat of order) move(w, byId(w, table.id), seat, smallest(w, table.id), 'break');
  w.tables = w.tables.filter((t) => t.id !== table.id);
  w.broken.push(table.id);
}

/** One balancing step; false when nothing more can be done. */
function step(w: Work, maxSize: number, idle: ReadonlySet<number>): boolean {
  const empty = w.tables.find((t) => playerCount(t) === 0);
  if (empty && w.tables.length > 1) {
    w.tables = w.tables.filter((t) => t !== empty);
    w.broken.push(empty.id);
    return true;
  }
  const players = w.tables.reduce((n, t) => n + playerCount(t), 0);
  const idleTables = w.tables.filter((t) => idle.has(t.id));
  if (w.tables.length > 1 && players <= (w.tables.length - 1) * maxSize) {
    let victim: TableSeats | null = null;
    for (const t of idleTables) if (victim === null || playerCount(t) <= playerCount(victim)) victim = t;
    if (victim !== null) {
      breakTable(w, victim);
      return true;
    }
  }
  const counts = w.tables.map(playerCount);
  const min = Math.min(...counts);
  let source: TableSeats | null = null;
  for (const t of idleTables) if (playerCount(t) >= min + 2 && (source === null || playerCount(t) > playerCount(source))) source = t;
  if (source === null) return false;
  const seat = bigBlindNext(source) as number;
  move(w, source, seat, smallest(w, source.id), 'balance');
  return true;
}

/** Nothing to do (the common case after a hand): in id order, none empty, none to break, balanced. */
function settled(tables: readonly TableSeats[], maxSize: number): boolean {
  let min = Infinity;
  let max = 0;
  let total = 0;
  for (let i = 0; i < tables.length; i++) {
    const c = playerCount(tables[i]);
    if (i > 0 && tables[i - 1].id >= tables[i].id) return false;
    min = Math.min(min, c);
    max = Math.max(max, c);
    total += c;
  }
  return max - min <= 1 && (tables.length === 1 || (min > 0 && total > (tables.length - 1) * maxSize));
}

/**
 * Balances `tables` (each seat list as long as the table size, `maxSize`); `idle` lists the
 * tables between hands. Pure: returns the new layout, the moves in order, and closed tables.
 */
export function balanceTables(tables: readonly TableSeats[], maxSize: number, idle: Iterable<number>): BalanceResult {
  if (settled(tables, maxSize)) return { tables, moves: [], broken: [] };
  const w: Work = { tables: [...tables].sort((a, b) => a.id - b.id), moves: [], broken: [] };
  const idleSet = new Set(idle);
  const total = w.tables.reduce((n, t) => n + playerCount(t), 0);
  // Each step closes a table or moves one player towards balance: this bound is never reached.
  for (let guard = 0; guard < total * 2 + w.tables.length + 2; guard++) if (!step(w, maxSize, idleSet)) break;
  return { tables: w.tables, moves: w.moves, broken: w.broken };
}
