// A tournament starts (docs/tournaments.md, Server): a sit & go when its seats are filled, a
// scheduled one at its start time, or it is cancelled and refunded then if too few registered.
// One transaction: the house's overlay, the entries in play, the draw, the tables (rows of
// poker_tables with tournament_id) and the director's first state. The director opens it after.
import { sql } from 'drizzle-orm';
import { createTournament, drawSeats, entryStartMs, isBreak, start, type TournamentStructure } from '../../poker/tournament';
import type { PayoutTable } from '../../poker/tournament';
import type { RandomInt } from '../../poker/fair/shuffle';
import { first, rows, type Database, type Executor } from '../db/client';
import type { TournamentEntryRow, TournamentRow, UserRow } from '../db/rows';
import { AppError } from '../core/errors';
import type { Ledger } from '../core/ledger';
import * as money from './money';
import { storedState, type Player } from './stored-state';
import * as tableRecords from '../tables/records';
import * as records from './records';

export type StartOutcome = 'started' | 'cancelled' | 'waiting';

type Entrant = Pick<TournamentEntryRow, 'id' | 'user_id'> & Pick<UserRow, 'username' | 'avatar' | 'is_bot'>;

export async function startTournament(ledger: Ledger, id: number, randomInt: RandomInt, actionTime: number): Promise<StartOutcome> {
  return ledger.transaction(async (tx) => {
    const locked = await money.lockTournament(tx, id);
    if (locked.status !== 'registering') return 'waiting';
    const t = (await first<TournamentRow & { due: boolean }>(tx, sql`SELECT *, coalesce(starts_at <= now(), false) AS due FROM tournaments WHERE id = ${id}`))!;
    const entrants = await rows<Entrant>(
      tx,
      sql`SELECT e.id, e.user_id, u.username, u.avatar, u.is_bot FROM tournament_entries e JOIN users u ON u.id = e.user_id
          WHERE e.tournament_id = ${id} AND e.status = 'registered' ORDER BY e.id`,
    );
    if (t.kind === 'sng' && entrants.length < t.max_entrants) return 'waiting';
    if (t.kind === 'mtt' && !t.due) return 'waiting';
    if (entrants.length < t.min_entrants) {
      await money.cancel(ledger, tx, id, `Fewer than ${t.min_entrants} players registered`, null);
      return 'cancelled';
    }
    const structure: TournamentStructure = {
      name: t.name,
      startingStack: t.starting_stack,
      tableSize: t.table_size as 2 | 6 | 9,
      levels: (t.structure as { levels: TournamentStructure['levels'] }).levels,
    };
    const lateUntil = t.kind === 'mtt' ? lateRegUntilMs(structure, t.late_reg_levels) : 0;
    // Rebuys end with their levels (never after late registration); the add-on is sold in the last one.
    const rebuyLevels = Math.min(t.rebuy_levels, t.late_reg_levels);
    const rebuys =
      lateUntil > 0 && rebuyLevels > 0 ? { rebuyUntilMs: lateRegUntilMs(structure, rebuyLevels), addonFromMs: lateRegUntilMs(structure, rebuyLevels - 1) } : {};
    // Registration closes now (the house tops the pool up to the guarantee and the prizes are
    // fixed), or when late registration ends (the director does both then).
    if (lateUntil === 0) await money.payOverlay(ledger, tx, id, t.guarantee);
    const pool = await money.poolBalance(ledger, tx, id);
    const players = entrants.map((e) => String(e.id));
    const created = createTournament({
      structure,
      payouts: t.payouts as PayoutTable,
      prizePool: pool,
      players,
      ...(lateUntil > 0 ? { lateRegistration: { untilMs: lateUntil, guarantee: t.guarantee, ...rebuys } } : {}),
    });
    if (!created.ok) throw new Error(`tournament ${id}: ${created.error.message}`);
    const draw = drawSeats(players, t.table_size, randomInt);
    const tableIds: number[] = [];
    for (let k = 0; k < draw.tables.length; k++) tableIds.push(await insertTable(tx, t, k + 1, actionTime));
    const ids = new Map(draw.tables.map((d, k) => [d.id, tableIds[k]]));
    const started = start(created.state, { tables: draw.tables.map((d) => ({ ...d, id: ids.get(d.id)! })) });
    if (!started.ok) throw new Error(`tournament ${id}: ${started.error.message}`);
    const byEntry: Record<string, Player> = {};
    for (const e of entrants)
      byEntry[String(e.id)] = { entryId: e.id, userId: e.user_id, username: e.username, avatar: e.is_bot ? null : e.avatar, isBot: e.is_bot };
    await records.markStarted(tx, id, t.starting_stack, storedState(started.state, byEntry, {}));
    return 'started';
  });
}

const SKIP = new Error('skip');

/** A tournament table's row (`poker_tables` with tournament_id), numbered `#n`; the level's blinds are shown until the first hand. */
export async function insertTable(
  tx: Executor,
  t: Pick<TournamentRow, 'id' | 'name' | 'variant' | 'starting_stack' | 'table_size' | 'structure'>,
  n: number,
  actionTime: number,
): Promise<number> {
  const first1 = (t.structure as { levels: TournamentStructure['levels'] }).levels.find((l) => !isBreak(l)) as { smallBlind: number; bigBlind: number };
  const bb = Math.max(first1.bigBlind, first1.smallBlind + 1);
  const stack = Math.max(t.starting_stack, bb);
  return tableRecords.insertTable(tx, {
    name: `${t.name} #${n}`,
    variant: t.variant,
    smallBlind: Math.max(1, first1.smallBlind),
    bigBlind: bb,
    minBuyIn: stack,
    maxBuyIn: stack,
    maxPlayers: t.table_size,
    rakePercent: 0,
    rakeCap: 0,
    actionTime,
    jackpotPercent: 0,
    status: 'open',
    tournamentId: t.id,
  });
}

/** Late registration lasts to the end of the `levels`-th blind level (breaks not counted), or 0 for none. */
export function lateRegUntilMs(structure: TournamentStructure, levels: number): number {
  if (levels <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < structure.levels.length; i++) {
    if (isBreak(structure.levels[i])) continue;
    if (++seen === levels) return entryStartMs(structure, i + 1);
  }
  // More levels than the structure has: open until the last level starts (it never ends).
  return entryStartMs(structure, structure.levels.length - 1);
}

/**
 * House bots take the free places of a tournament still registering (an administrator's
 * simulation, tests): each is funded from the house's bots account, then registers as anyone does.
 */
export async function registerBots(
  db: Database,
  ledger: Ledger,
  id: number,
  count: number,
  botUsers: (n: number) => Promise<Array<{ userId: number; username: string }>>,
  /** Runs in each bot's registration transaction (the staff action's audit row). */
  inTx?: (tx: Executor, bot: { userId: number; username: string }) => Promise<void>,
): Promise<number> {
  const t = await first<Pick<TournamentRow, 'buy_in' | 'fee' | 'max_entrants' | 'status'> & { late: boolean }>(
    db,
    sql`SELECT buy_in, fee, max_entrants, status, late_reg_open AS late FROM tournaments WHERE id = ${id}`,
  );
  // Before the start, or while late registration is open (bots knocked out then may enter again).
  if (!t || (t.status !== 'registering' && !(t.status === 'running' && t.late))) return 0;
  const inIt = new Set(
    (await rows<{ user_id: number }>(db, sql`SELECT user_id FROM tournament_entries WHERE tournament_id = ${id} AND status IN ('registered', 'playing')`)).map(
      (r) => r.user_id,
    ),
  );
  const free = Math.min(count, t.max_entrants - inIt.size);
  if (free <= 0) return 0;
  const bots = (await botUsers(inIt.size + free + 20)).filter((b) => !inIt.has(b.userId)).slice(0, free);
  let added = 0;
  for (const b of bots) {
    const done = await ledger
      .transaction(async (tx) => {
        const wallet = await ledger.accountId(tx, { userId: b.userId, kind: 'available' });
        const have = (await first<{ balance: number }>(tx, sql`SELECT balance FROM accounts WHERE id = ${wallet}`))?.balance ?? 0;
        const need = t.buy_in + t.fee - have;
        if (need > 0) {
          const float = await ledger.houseBalance(tx, 'bots');
          if (float < need)
            await ledger.transfer(tx, {
              key: `tournament:${id}:bots-float:${b.userId}:${Date.now()}`,
              from: { house: 'bank' },
              to: { house: 'bots' },
              amount: need,
              kind: 'BOT_FUNDING',
            });
          await ledger.transfer(tx, {
            key: `tournament:${id}:bot:${b.userId}:${Date.now()}`,
            from: { house: 'bots' },
            to: { userId: b.userId, kind: 'available' },
            amount: need,
            kind: 'BOT_FUNDING',
            reference: `T${id}`,
          });
        }
        try {
          await money.register(ledger, tx, id, b.userId);
        } catch (e) {
          // A bot out of re-entries is passed over (its funding rolls back with the transaction).
          if (e instanceof AppError && e.code === 'NO_REENTRY') throw SKIP;
          throw e;
        }
        await inTx?.(tx, b);
        return true;
      })
      .catch((e) => {
        if (e === SKIP) return false;
        // Late registration closed meanwhile: the bots added so far stay.
        if (e instanceof AppError && e.code === 'REGISTRATION_CLOSED' && added > 0) return null;
        throw e;
      });
    if (done === null) break;
    if (done) added++;
  }
  return added;
}
