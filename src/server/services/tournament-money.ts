// Every tugrik a tournament moves, through the ledger, each in one transaction with the entry's
// row: buy-in to the prize pool and fee to the house on registration; both back on unregistering
// or cancellation; the house's overlay up to the guarantee and the prizes at the end. The
// tournament row is locked (FOR UPDATE) first, so registrations, a start and a cancellation queue.
import { sql } from 'drizzle-orm';
import { type Executor, first, rows } from '../db/client';
import type { TournamentEntryRow, TournamentRow } from '../db/rows';
import { conflict, notFound } from '../errors';
import type { Ledger, TransferInput } from './ledger';

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

/** Pays buy-in and fee and adds the entry. Registration is open only before the start. */
export async function register(ledger: Ledger, tx: Executor, tournamentId: number, userId: number): Promise<Registration> {
  const t = await lockTournament(tx, tournamentId);
  if (t.status !== 'registering') {
    // A sit & go that filled up has started at once: to a late comer it is full.
    if (t.status === 'running' && t.kind === 'sng') throw conflict('This tournament is full', 'TOURNAMENT_FULL');
    throw conflict('Registration for this tournament is closed', 'REGISTRATION_CLOSED');
  }
  const mine = await first<{ live: number; last: number }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE status IN ('registered', 'playing'))::int AS live, coalesce(max(entry_no), 0)::int AS last
        FROM tournament_entries WHERE tournament_id = ${tournamentId} AND user_id = ${userId}`,
  );
  if (mine!.live > 0) throw conflict('You are registered for this tournament already', 'ALREADY_REGISTERED');
  const count = await liveCount(tx, tournamentId);
  if (count >= t.max_entrants) throw conflict('This tournament is full', 'TOURNAMENT_FULL');
  // Unregistered entries keep their row (and number) for the record.
  const last = mine!.last;
  const entry = await first<Pick<TournamentEntryRow, 'id'>>(
    tx,
    sql`INSERT INTO tournament_entries (tournament_id, user_id, entry_no, paid_buy_in, paid_fee)
        VALUES (${tournamentId}, ${userId}, ${last + 1}, ${t.buy_in}, ${t.fee}) RETURNING id`,
  );
  const key = `tournament:${tournamentId}:entry:${entry!.id}`;
  const moves: TransferInput[] = [
    {
      key: `${key}:buy-in`,
      from: { userId, kind: 'available' },
      to: { tournament: tournamentId },
      amount: t.buy_in,
      kind: 'TOURNAMENT_BUY_IN',
      reference: `T${tournamentId}`,
      actorUserId: userId,
    },
  ];
  if (t.fee > 0)
    moves.push({
      key: `${key}:fee`,
      from: { userId, kind: 'available' },
      to: { house: 'rake' },
      amount: t.fee,
      kind: 'TOURNAMENT_FEE',
      reference: `T${tournamentId}`,
      actorUserId: userId,
    });
  const res = await ledger.transferMany(tx, moves);
  const wallet = await ledger.accountId(tx, { userId, kind: 'available' });
  return { entryId: entry!.id, entryNo: last + 1, balance: res.balances?.get(wallet) ?? 0, full: count + 1 >= t.max_entrants };
}

/** Buy-in and fee back to the wallet, exactly what the entry paid; `status` says why. */
async function refund(ledger: Ledger, tx: Executor, tournamentId: number, e: LiveEntry, status: 'unregistered' | 'refunded', actorUserId: number | null) {
  const key = `tournament:${tournamentId}:entry:${e.id}:refund`;
  const moves: TransferInput[] = [
    {
      key: `${key}:buy-in`,
      from: { tournament: tournamentId },
      to: { userId: e.user_id, kind: 'available' },
      amount: e.paid_buy_in,
      kind: 'TOURNAMENT_REFUND',
      reference: `T${tournamentId}`,
      actorUserId,
    },
  ];
  if (e.paid_fee > 0)
    moves.push({
      key: `${key}:fee`,
      from: { house: 'rake' },
      to: { userId: e.user_id, kind: 'available' },
      amount: e.paid_fee,
      kind: 'TOURNAMENT_REFUND',
      reference: `T${tournamentId}`,
      actorUserId,
    });
  await ledger.transferMany(tx, moves);
  await tx.execute(sql`UPDATE tournament_entries SET status = ${status}, finished_at = now() WHERE id = ${e.id}`);
}

/** The player's own entry back, before the start. */
export async function unregister(ledger: Ledger, tx: Executor, tournamentId: number, userId: number): Promise<void> {
  const t = await lockTournament(tx, tournamentId);
  if (t.status !== 'registering') throw conflict('The tournament has started', 'TOURNAMENT_STARTED');
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
  if (t.status !== 'registering') throw conflict('The tournament has started', 'TOURNAMENT_STARTED');
  const live = await rows<LiveEntry>(
    tx,
    sql`SELECT id, user_id, paid_buy_in, paid_fee FROM tournament_entries
        WHERE tournament_id = ${tournamentId} AND status = 'registered' ORDER BY id FOR UPDATE`,
  );
  for (const e of live) await refund(ledger, tx, tournamentId, e, 'refunded', actorUserId);
  await tx.execute(sql`UPDATE tournaments SET status = 'cancelled', cancel_reason = ${reason}, finished_at = now() WHERE id = ${tournamentId}`);
  return live.length;
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
  const e = await first<Pick<TournamentEntryRow, 'user_id' | 'status'>>(
    tx,
    sql`SELECT user_id, status FROM tournament_entries WHERE id = ${entryId} AND tournament_id = ${tournamentId} FOR UPDATE`,
  );
  if (!e) throw notFound('Entry');
  if (e.status !== 'playing') throw conflict(`Entry ${entryId} is not playing`);
  if (prize > 0)
    await ledger.transfer(tx, {
      key: `tournament:${tournamentId}:entry:${entryId}:prize`,
      from: { tournament: tournamentId },
      to: { userId: e.user_id, kind: 'available' },
      amount: prize,
      kind: 'TOURNAMENT_PRIZE',
      reference: `T${tournamentId}`,
    });
  await tx.execute(
    sql`UPDATE tournament_entries SET status = 'busted', chips = 0, place = ${place}, prize = ${prize}, finished_at = now() WHERE id = ${entryId}`,
  );
}
