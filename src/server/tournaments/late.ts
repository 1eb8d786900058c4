// Late registration at the director's tick (docs/tournaments.md, Late registration). Players pay
// as at any registration (tournament-money.ts register: the entry waits as 'registered'); the
// director seats every waiting entry in one transaction under the tournament's row lock and its
// lease, opening a table when all are full, and closes registration when its time has come: what
// was waiting is seated first, then the prizes are fixed and the house pays the overlay.
import { sql } from 'drizzle-orm';
import { addEntry, buyChips, closeRegistration, entryOf, purchaseWindow, type TournamentState } from '../../poker/tournament';
import { first, rows } from '../db/client';
import type { TournamentEntryRow, TournamentPurchaseRow, TournamentRow, UserRow } from '../db/rows';
import * as money from './money';
import type { DirectorContext } from './context';
import { storedState, type Player, type StoredState } from './stored-state';
import { hold } from './leases';
import { writeOutcome } from './outcome';
import { insertTable } from './start';
import * as records from './records';

type Waiting = Pick<TournamentEntryRow, 'id' | 'user_id'> & Pick<UserRow, 'username' | 'avatar' | 'is_bot'>;
type Bought = Pick<TournamentPurchaseRow, 'id' | 'entry_id' | 'user_id' | 'chips' | 'paid_buy_in' | 'paid_fee'>;
type TableInfo = Pick<TournamentRow, 'id' | 'name' | 'variant' | 'starting_stack' | 'table_size' | 'structure'>;

export interface Admitted {
  state: TournamentState;
  players: Record<string, Player>;
  /** Tables opened for the new entries (the director opens their actors). */
  newTables: number[];
}

/**
 * Null when nothing changed (nobody waiting, nothing bought, registration still open, the sale of
 * rebuys and add-ons as last written). Rebuys and add-ons paid since the last tick go on the
 * stacks (rebuy.ts: after the hand in play), or are refunded if the entry is out by now.
 */
export async function admitLate(
  ctx: Pick<DirectorContext, 'ledger' | 'actionTime'>,
  tournamentId: number,
  epoch: number,
  state: TournamentState,
  players: Record<string, Player>,
  dealtFrom: StoredState['dealtFrom'],
  written: { rebuy: boolean; addon: boolean },
): Promise<Admitted | null> {
  const closing = state.lateReg !== null && state.lateReg !== undefined && state.elapsedMs >= state.lateReg.untilMs;
  const sale = purchaseWindow(state);
  const saleChanged = sale.rebuy !== written.rebuy || sale.addon !== written.addon;
  return ctx.ledger.transaction(async (tx) => {
    // Registrations queue on this lock: none can slip in between the seating and the close.
    await money.lockTournament(tx, tournamentId);
    await hold(tx, tournamentId, epoch);
    const waiting = await rows<Waiting>(
      tx,
      sql`SELECT e.id, e.user_id, u.username, u.avatar, u.is_bot FROM tournament_entries e JOIN users u ON u.id = e.user_id
          WHERE e.tournament_id = ${tournamentId} AND e.status = 'registered' ORDER BY e.id`,
    );
    const bought = await rows<Bought>(
      tx,
      sql`SELECT id, entry_id, user_id, chips, paid_buy_in, paid_fee FROM tournament_purchases
          WHERE tournament_id = ${tournamentId} AND status = 'pending' ORDER BY id FOR UPDATE`,
    );
    if (waiting.length === 0 && bought.length === 0 && !closing && !saleChanged) return null;
    // Out before the chips went on: refunded first, so the pool below is what stays in it.
    const out = (p: Bought) => entryOf(state, String(p.entry_id))?.status !== 'playing';
    for (const p of bought.filter(out)) await money.refundPurchase(ctx.ledger, tx, tournamentId, p);
    const pool = await money.poolBalance(ctx.ledger, tx, tournamentId);
    let next = state;
    for (const p of bought.filter((x) => !out(x))) {
      const r = buyChips(next, String(p.entry_id), p.chips, pool);
      if (!r.ok) throw new Error(`tournament ${tournamentId}: purchase ${p.id}: ${r.error.message}`);
      next = r.state;
      await records.markPurchase(tx, p.id, 'applied');
    }
    const added = { ...players };
    const newTables: number[] = [];
    let info: TableInfo | undefined;
    for (const e of waiting) {
      const pid = String(e.id);
      let r = addEntry(next, pid, pool);
      if (!r.ok && r.error.code === 'NEED_TABLE') {
        info ??= (await first<TableInfo>(
          tx,
          sql`SELECT id, name, variant, starting_stack, table_size, structure FROM tournaments WHERE id = ${tournamentId}`,
        ))!;
        const count = (await first<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM poker_tables WHERE tournament_id = ${tournamentId}`))!.n;
        const tableId = await insertTable(tx, info, count + 1, ctx.actionTime);
        newTables.push(tableId);
        r = addEntry(next, pid, pool, tableId);
      }
      if (!r.ok) throw new Error(`tournament ${tournamentId}: entry ${pid}: ${r.error.message}`);
      next = r.state;
      added[pid] = { entryId: e.id, userId: e.user_id, username: e.username, avatar: e.is_bot ? null : e.avatar, isBot: e.is_bot };
    }
    await records.setChips(
      tx,
      bought.filter((p) => !out(p)).map((p) => ({ entryId: p.entry_id, chips: entryOf(next, String(p.entry_id))!.chips })),
    );
    await records.markSeated(
      tx,
      tournamentId,
      waiting.map((e) => e.id),
      next.structure.startingStack,
    );
    if (closing) {
      const closed = closeRegistration(next);
      if (!closed.ok) throw new Error(`tournament ${tournamentId}: ${closed.error.message}`);
      await writeOutcome(ctx.ledger, tx, tournamentId, next, closed.state);
      next = closed.state;
    }
    await records.saveState(tx, tournamentId, storedState(next, added, dealtFrom));
    return { state: next, players: added, newTables };
  });
}
