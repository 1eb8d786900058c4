// Deposits: money from the bank into a player's available balance. Staff record a bank transfer
// (createDeposit); QPay payments and matched bank-statement lines go through recordDeposit in
// their own transaction. Every deposit is one `deposits` row and one ledger transfer.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminDepositQuery, CreateDepositBody } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import type { Deposit } from '../../shared/api/user';
import { type Executor, first, iso, pgCode, rows } from '../db/client';
import type { DepositRow, UserRow } from '../db/rows';
import { conflict, notFound } from '../core/errors';
import { newDepositRecordCode } from '../core/codes';
import type { Ledger } from '../core/ledger';
import { pageSql, where } from '../core/paging';
import { type Actor, audit } from '../core/audit';
import { dayEnd } from './dates';

/** Administrators' filters; a player's own list query is a subset (paging, sort). */
export type DepositQuery = z.output<typeof AdminDepositQuery>;

/** DEPOSIT_SELECT's row: `created_by` is the creating administrator's username. */
type DepositListRow = Pick<DepositRow, 'id' | 'code' | 'user_id' | 'amount' | 'created_at' | 'note'> & {
  username: UserRow['username'];
  created_by: UserRow['username'] | null;
};
type Count = { n: number };

/** One deposit to write inside the caller's transaction (recordDeposit). */
export interface DepositInput {
  userId: number;
  amount: number;
  /** The ledger transfer's idempotency key (default `deposit:<id>`): one deposit per key, ever. */
  transferKey?: string;
  note?: string | null;
  /** Staff member who credited it (null: the system, e.g. a QPay payment). */
  createdBy?: number | null;
  idempotencyKey?: string | null;
}

const DEPOSIT_SORT = {
  id: sql`d.id`,
  code: sql`d.code`,
  amount: sql`d.amount`,
  approvedDate: sql`d.created_at`,
  userId: sql`d.user_id`,
  username: sql`lower(u.username)`,
};

const DEPOSIT_SELECT = sql`SELECT d.id, d.code, d.user_id, u.username, d.amount, d.created_at, d.note, a.username AS created_by
  FROM deposits d JOIN users u ON u.id = d.user_id LEFT JOIN users a ON a.id = d.created_by`;

export const toDeposit = (r: DepositListRow): Deposit => ({
  id: r.id,
  code: r.code,
  userId: r.user_id,
  username: r.username,
  amount: r.amount,
  approvedDate: iso(r.created_at),
  note: r.note,
  createdBy: r.created_by,
});

export class DepositService {
  constructor(
    private readonly db: Executor,
    private readonly ledger: Ledger,
  ) {}

  /** Credits a player at once (bank -> available). With an idempotency key a retry returns the first deposit. */
  async createDeposit(adminId: number, body: CreateDepositBody, actor?: Actor): Promise<Deposit> {
    const user = await first<Pick<UserRow, 'id'>>(
      this.db,
      body.userId !== undefined
        ? sql`SELECT id FROM users WHERE id = ${body.userId} AND status = 'active'`
        : body.username !== undefined
          ? sql`SELECT id FROM users WHERE lower(username) = lower(${body.username}) AND status = 'active'`
          : sql`SELECT id FROM users WHERE deposit_code = ${body.depositCode!.toUpperCase()} AND status = 'active'`,
    );
    if (!user) throw notFound('User');
    const userId = user.id;
    const key = body.idempotencyKey;
    if (key) {
      const existing = await this.depositByKey(key);
      if (existing) return this.sameDeposit(existing, userId, body.amount);
    }
    try {
      const id = await this.ledger.transaction(async (tx) => {
        const d = await this.recordDeposit(tx, { userId, amount: body.amount, note: body.note, createdBy: adminId, idempotencyKey: key });
        if (actor)
          await audit(tx, actor, {
            action: 'deposit.create',
            objectType: 'deposit',
            objectId: d.code,
            userId,
            after: { amount: body.amount, note: body.note ?? null },
          });
        return d.id;
      });
      return (await this.deposit(id))!;
    } catch (e) {
      // Two racing retries with one key: the loser finds the winner's deposit.
      if (key && pgCode(e) === '23505') {
        const existing = await this.depositByKey(key);
        if (existing) return this.sameDeposit(existing, userId, body.amount);
      }
      throw e;
    }
  }

  /**
   * Writes a deposit row and its transfer (bank -> available) with `tx`. Staff deposits are keyed
   * `deposit:<id>`; QPay and statements pass their own keys, so one payment or one statement line
   * can never move money twice (a replayed key rolls the caller's transaction back).
   */
  async recordDeposit(tx: Executor, input: DepositInput): Promise<{ id: number; code: string; transferId: number }> {
    const code = newDepositRecordCode();
    const d = await first<Pick<DepositRow, 'id'>>(
      tx,
      sql`INSERT INTO deposits (code, user_id, amount, note, created_by, idempotency_key)
          VALUES (${code}, ${input.userId}, ${input.amount}, ${input.note ?? null}, ${input.createdBy ?? null}, ${input.idempotencyKey ?? null}) RETURNING id`,
    );
    const t = await this.ledger.transfer(tx, {
      key: input.transferKey ?? `deposit:${d!.id}`,
      from: { house: 'bank' },
      to: { userId: input.userId, kind: 'available' },
      amount: input.amount,
      kind: 'DEPOSIT',
      reference: code,
      actorUserId: input.createdBy ?? null,
      reason: input.note ?? null,
    });
    if (t.replayed) throw conflict('This payment was credited already', 'ALREADY_CREDITED');
    await tx.execute(sql`UPDATE deposits SET transfer_id = ${t.id} WHERE id = ${d!.id}`);
    return { id: d!.id, code, transferId: t.id };
  }

  private depositByKey(key: string) {
    return first<DepositListRow>(this.db, sql`${DEPOSIT_SELECT} WHERE d.idempotency_key = ${key}`);
  }
  private sameDeposit(r: DepositListRow, userId: number, amount: number): Deposit {
    if (r.user_id !== userId || r.amount !== amount) throw conflict('This idempotency key was used for a different deposit', 'IDEMPOTENCY_MISMATCH');
    return toDeposit(r);
  }

  async deposit(id: number): Promise<Deposit | null> {
    const r = await first<DepositListRow>(this.db, sql`${DEPOSIT_SELECT} WHERE d.id = ${id}`);
    return r ? toDeposit(r) : null;
  }

  /**
   * One page of deposits: a player's own (`ownerId`), or for administrators (null) everyone's,
   * filtered by player and date. Unknown sort field: 400.
   */
  async listDeposits(ownerId: number | null, q: DepositQuery): Promise<List<Deposit>> {
    const p = pageSql(q, DEPOSIT_SORT, 'id');
    const w = where([
      ownerId !== null && sql`d.user_id = ${ownerId}`,
      q.userId && sql`d.user_id = ${q.userId}`,
      q.username && sql`lower(u.username) = lower(${q.username})`,
      q.from && sql`d.created_at >= ${q.from}::timestamptz`,
      q.to && sql`d.created_at < ${dayEnd(q.to)}`,
    ]);
    const items = await rows<DepositListRow>(this.db, sql`${DEPOSIT_SELECT} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM deposits d JOIN users u ON u.id = d.user_id ${w}`);
    return { items: items.map(toDeposit), total: total?.n ?? 0 };
  }
}
