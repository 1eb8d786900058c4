// Every tugrik a tournament moves, through the ledger, each in one transaction with the entry's
// row: buy-in to the prize pool and fee to the house on registration; both back on unregistering
// or cancellation; the house's overlay up to the guarantee and the prizes at the end. The
// tournament row is locked (FOR UPDATE) first, so registrations, a start and a cancellation queue.
import { sql } from 'drizzle-orm';
import { type Executor, first, rows } from '../db/client';
import type { TournamentEntryRow, TournamentRow } from '../db/rows';
import { conflict, notFound } from '../core/errors';
import type { Ledger, TransferInput } from '../core/ledger';
import * as records from './records';

export type LockedTournament = Pick<
  TournamentRow,
  'id' | 'kind' | 'status' | 'buy_in' | 'fee' | 'max_entrants' | 'min_entrants' | 'guarantee' | 'reentry_max' | 'payouts'
>;
type LiveEntry = Pick<TournamentEntryRow, 'id' | 'user_id' | 'paid_buy_in' | 'paid_fee'>;

export interface Registration {
  entryId: number;
  entryNo: number;
  /** The wallet's balance after paying. */
  balance: number;
  /** The field is full now (a sit & go starts). */
  full: boolean;
}

export async function lockTournament(tx: Executor, id: number): Promise<LockedTournament> {
  const t = await first<LockedTournament>(
    tx,
    sql`SELECT id, kind, status, buy_in, fee, max_entrants, min_entrants, guarantee, reentry_max, payouts
        FROM tournaments WHERE id = ${id} FOR UPDATE`,
  );
  if (!t) throw notFound('Tournament');
  return t;
}

const liveCount = async (tx: Executor, id: number) =>
  (await first<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM tournament_entries WHERE tournament_id = ${id} AND status IN ('registered', 'playing')`))!
    .n;

/** Late registration is open: the director's column says so (it closes it under this row's lock). */
const lateRegOpen = async (tx: Executor, id: number) =>
  (await first<{ open: boolean }>(tx, sql`SELECT late_reg_open AS open FROM tournaments WHERE id = ${id}`))!.open;

/**
 * Pays buy-in and fee and adds the entry: before the start, or while late registration is open
 * (the director seats it at its next tick). A player knocked out then may enter again (a new
 * entry) up to the tournament's re-entries.
 */
export async function register(ledger: Ledger, tx: Executor, tournamentId: number, userId: number): Promise<Registration> {
  const t = await lockTournament(tx, tournamentId);
  const late = t.status === 'running' && t.kind === 'mtt' && (await lateRegOpen(tx, tournamentId));
  if (t.status !== 'registering' && !late) {
    // A sit & go that filled up has started at once: to a late comer it is full.
    if (t.status === 'running' && t.kind === 'sng') throw conflict('This tournament is full', 'TOURNAMENT_FULL');
    throw conflict('Registration for this tournament is closed', 'REGISTRATION_CLOSED');
  }
  const mine = await first<{ live: number; last: number; entered: number }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE status IN ('registered', 'playing'))::int AS live, coalesce(max(entry_no), 0)::int AS last,
               count(*) FILTER (WHERE status = 'busted')::int AS entered
        FROM tournament_entries WHERE tournament_id = ${tournamentId} AND user_id = ${userId}`,
  );
  if (mine!.live > 0) throw conflict('You are registered for this tournament already', 'ALREADY_REGISTERED');
  if (mine!.entered > t.reentry_max) throw conflict('You have used every re-entry of this tournament', 'NO_REENTRY');
  const count = await liveCount(tx, tournamentId);
  if (count >= t.max_entrants) throw conflict('This tournament is full', 'TOURNAMENT_FULL');
  // Unregistered entries keep their row (and number) for the record.
  const last = mine!.last;
  const entryId = await records.insertEntry(tx, { tournamentId, userId, entryNo: last + 1, buyIn: t.buy_in, fee: t.fee });
  const moves = payInMoves(`tournament:${tournamentId}:entry:${entryId}`, tournamentId, userId, t.buy_in, t.fee, 'TOURNAMENT_BUY_IN');
  const res = await ledger.transferMany(tx, moves);
  const wallet = await ledger.accountId(tx, { userId, kind: 'available' });
  return { entryId, entryNo: last + 1, balance: res.balances?.get(wallet) ?? 0, full: count + 1 >= t.max_entrants };
}

/** A pay-in's moves: the buy-in to the tournament's pool, the fee (if any) to the house. Keys are `key:buy-in` and `key:fee`. */
function payInMoves(key: string, tournamentId: number, userId: number, buyIn: number, fee: number, kind: TransferInput['kind']): TransferInput[] {
  const base = { from: { userId, kind: 'available' as const }, reference: `T${tournamentId}`, actorUserId: userId };
  const moves: TransferInput[] = [{ ...base, key: `${key}:buy-in`, to: { tournament: tournamentId }, amount: buyIn, kind }];
  if (fee > 0) moves.push({ ...base, key: `${key}:fee`, to: { house: 'rake' }, amount: fee, kind: 'TOURNAMENT_FEE' });
  return moves;
}

/** Exactly what a pay-in took, back to the wallet: from the pool and (the fee) from the house. */
function refundMoves(key: string, tournamentId: number, userId: number, buyIn: number, fee: number, actorUserId: number | null): TransferInput[] {
  const base = { to: { userId, kind: 'available' as const }, kind: 'TOURNAMENT_REFUND' as const, reference: `T${tournamentId}`, actorUserId };
  const moves: TransferInput[] = [{ ...base, key: `${key}:buy-in`, from: { tournament: tournamentId }, amount: buyIn }];
  if (fee > 0) moves.push({ ...base, key: `${key}:fee`, from: { house: 'rake' }, amount: fee });
  return moves;
}

/** Buy-in and fee back to the wallet, exactly what the entry paid; `status` says why. */
async function refund(ledger: Ledger, tx: Executor, tournamentId: number, e: LiveEntry, status: 'unregistered' | 'refunded', actorUserId: number | null) {
  await ledger.transferMany(
    tx,
    refundMoves(`tournament:${tournamentId}:entry:${e.id}:refund`, tournamentId, e.user_id, e.paid_buy_in, e.paid_fee, actorUserId),
  );
  await records.markEntryReturned(tx, e.id, status);
}

/** Before the start only: each other status has its own answer. */
export function mustBeRegistering(status: string): void {
  if (status === 'registering') return;
  if (status === 'running') throw conflict('The tournament has started', 'TOURNAMENT_STARTED');
  if (status === 'finished') throw conflict('The tournament is over', 'TOURNAMENT_FINISHED');
  throw conflict('The tournament was cancelled', 'TOURNAMENT_CANCELLED');
}

/** The player's own entry back, before the start. */
export async function unregister(ledger: Ledger, tx: Executor, tournamentId: number, userId: number): Promise<void> {
  const t = await lockTournament(tx, tournamentId);
  mustBeRegistering(t.status);
  const e = await first<LiveEntry>(
    tx,
    sql`SELECT id, user_id, paid_buy_in, paid_fee FROM tournament_entries
        WHERE tournament_id = ${tournamentId} AND user_id = ${userId} AND status = 'registered' FOR UPDATE`,
  );
  if (!e) throw conflict('You are not registered for this tournament', 'NOT_REGISTERED');
  await refund(ledger, tx, tournamentId, e, 'unregistered', userId);
}

/** Everyone refunded and the tournament closed; only before it starts (a running one is never refunded by surprise). */
export async function cancel(ledger: Ledger, tx: Executor, tournamentId: number, reason: string, actorUserId: number | null): Promise<number> {
  const t = await lockTournament(tx, tournamentId);
  mustBeRegistering(t.status);
  const live = await rows<LiveEntry>(
    tx,
    sql`SELECT id, user_id, paid_buy_in, paid_fee FROM tournament_entries
        WHERE tournament_id = ${tournamentId} AND status = 'registered' ORDER BY id FOR UPDATE`,
  );
  for (const e of live) await refund(ledger, tx, tournamentId, e, 'refunded', actorUserId);
  await records.markCancelled(tx, tournamentId, reason);
  return live.length;
}

export interface Purchase {
  purchaseId: number;
  kind: 'rebuy' | 'addon';
  chips: number;
  paidBuyIn: number;
  paidFee: number;
  balance: number;
}

type PurchaseWindow = { open: boolean; rebuy: boolean; addon: boolean };

/**
 * A rebuy (a starting stack, for a player still in with at most the starting stack, pending
 * purchases counted, up to rebuy_max per entry) or the add-on (addon_chips, once per entry), while
 * the director's last word says it is open. Buy-in to the pool, fee to the house; the director
 * adds the chips between hands (or refunds the purchase if the entry is out by then).
 */
export async function purchase(ledger: Ledger, tx: Executor, tournamentId: number, userId: number, kind: 'rebuy' | 'addon'): Promise<Purchase> {
  const t = await lockTournament(tx, tournamentId);
  const w = (await first<PurchaseWindow & Pick<TournamentRow, 'rebuy_max' | 'addon_chips' | 'starting_stack'>>(
    tx,
    sql`SELECT t.rebuy_max, t.addon_chips, t.starting_stack,
               t.late_reg_open AS open, t.rebuy_open AS rebuy, t.addon_open AS addon
        FROM tournaments t WHERE t.id = ${tournamentId}`,
  ))!;
  const open = t.status === 'running' && w.open && (kind === 'rebuy' ? w.rebuy && w.rebuy_max > 0 : w.addon && w.addon_chips > 0);
  if (!open) throw conflict(kind === 'rebuy' ? 'Rebuys are closed' : 'The add-on is not available now', kind === 'rebuy' ? 'REBUY_CLOSED' : 'ADDON_CLOSED');
  const e = await first<Pick<TournamentEntryRow, 'id' | 'chips'> & { bought: number; rebuys: number; addons: number }>(
    tx,
    sql`SELECT e.id, e.chips,
               coalesce(sum(p.chips) FILTER (WHERE p.status = 'pending'), 0)::bigint AS bought,
               count(p.id) FILTER (WHERE p.kind = 'rebuy' AND p.status <> 'refunded')::int AS rebuys,
               count(p.id) FILTER (WHERE p.kind = 'addon' AND p.status <> 'refunded')::int AS addons
        FROM tournament_entries e LEFT JOIN tournament_purchases p ON p.entry_id = e.id
        WHERE e.tournament_id = ${tournamentId} AND e.user_id = ${userId} AND e.status = 'playing' GROUP BY e.id`,
  );
  if (!e) throw conflict('You are not playing in this tournament', 'NOT_PLAYING');
  if (kind === 'rebuy' && e.rebuys >= w.rebuy_max) throw conflict('You have used every rebuy of this entry', 'NO_REBUY');
  if (kind === 'rebuy' && e.chips + e.bought > w.starting_stack) throw conflict('A rebuy is for a stack at or below the starting stack', 'STACK_TOO_BIG');
  if (kind === 'addon' && e.addons > 0) throw conflict('This entry has taken its add-on', 'NO_ADDON');
  const chips = kind === 'rebuy' ? w.starting_stack : w.addon_chips;
  const purchaseId = await records.insertPurchase(tx, { tournamentId, entryId: e.id, userId, kind, chips, buyIn: t.buy_in, fee: t.fee });
  const kindCode = kind === 'rebuy' ? 'TOURNAMENT_REBUY' : 'TOURNAMENT_ADDON';
  const moves = payInMoves(`tournament:${tournamentId}:purchase:${purchaseId}`, tournamentId, userId, t.buy_in, t.fee, kindCode);
  const res = await ledger.transferMany(tx, moves);
  const wallet = await ledger.accountId(tx, { userId, kind: 'available' });
  return { purchaseId, kind, chips, paidBuyIn: t.buy_in, paidFee: t.fee, balance: res.balances?.get(wallet) ?? 0 };
}

/** A purchase whose entry was out before its chips went on: buy-in and fee back, exactly. */
export async function refundPurchase(
  ledger: Ledger,
  tx: Executor,
  tournamentId: number,
  p: { id: number; user_id: number; paid_buy_in: number; paid_fee: number },
): Promise<void> {
  await ledger.transferMany(tx, refundMoves(`tournament:${tournamentId}:purchase:${p.id}:refund`, tournamentId, p.user_id, p.paid_buy_in, p.paid_fee, null));
  await records.markPurchase(tx, p.id, 'refunded');
}

/** Entries paid for but not yet seated when late registration closes with the tournament's end: refunded exactly. */
export async function refundWaiting(ledger: Ledger, tx: Executor, tournamentId: number): Promise<number> {
  await lockTournament(tx, tournamentId);
  const waiting = await rows<LiveEntry>(
    tx,
    sql`SELECT id, user_id, paid_buy_in, paid_fee FROM tournament_entries
        WHERE tournament_id = ${tournamentId} AND status = 'registered' ORDER BY id FOR UPDATE`,
  );
  for (const e of waiting) await refund(ledger, tx, tournamentId, e, 'refunded', null);
  return waiting.length;
}

/** The pool now: buy-ins less refunds and prizes paid, plus any overlay. */
export async function poolBalance(ledger: Ledger, tx: Executor, tournamentId: number): Promise<number> {
  const id = await ledger.accountId(tx, { tournament: tournamentId });
  return (await first<{ balance: number }>(tx, sql`SELECT balance FROM accounts WHERE id = ${id}`))!.balance;
}

/**
 * The house tops the pool up to the guarantee (TOURNAMENT_OVERLAY from the bank), once, when
 * registration closes. Answers the overlay paid (0 when the buy-ins cover the guarantee).
 */
export async function payOverlay(ledger: Ledger, tx: Executor, tournamentId: number, guarantee: number): Promise<number> {
  const pool = await poolBalance(ledger, tx, tournamentId);
  if (pool >= guarantee) return 0;
  const amount = guarantee - pool;
  await ledger.transfer(tx, {
    key: `tournament:${tournamentId}:overlay`,
    from: { house: 'bank' },
    to: { tournament: tournamentId },
    amount,
    kind: 'TOURNAMENT_OVERLAY',
    reference: `T${tournamentId}`,
  });
  return amount;
}

/** A finished entry: its place and prize (paid from the pool now, when above 0). */
export async function award(ledger: Ledger, tx: Executor, tournamentId: number, entryId: number, place: number, prize: number): Promise<void> {
  const e = await first<Pick<TournamentEntryRow, 'user_id' | 'status' | 'place'>>(
    tx,
    sql`SELECT user_id, status, place FROM tournament_entries WHERE id = ${entryId} AND tournament_id = ${tournamentId} FOR UPDATE`,
  );
  if (!e) throw notFound('Entry');
  // Knocked out while the field was open (late registration, hand-for-hand): out, not yet placed.
  if (e.status !== 'playing' && !(e.status === 'busted' && e.place === null)) throw conflict(`Entry ${entryId} is not playing`);
  if (prize > 0)
    await ledger.transfer(tx, {
      key: `tournament:${tournamentId}:entry:${entryId}:prize`,
      from: { tournament: tournamentId },
      to: { userId: e.user_id, kind: 'available' },
      amount: prize,
      kind: 'TOURNAMENT_PRIZE',
      reference: `T${tournamentId}`,
    });
  await records.markPlaced(tx, entryId, place, prize);
}
