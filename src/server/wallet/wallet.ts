// Money flows around the wallet: deposits recorded by staff, withdrawals asked by players (resolved
// once by staff in payouts.ts), and the ledger views (/outcome, user ledger).
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminDepositQuery, AdminWithdrawalQuery, CreateDepositBody, LedgerEntry } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import type { BankCode, TransferKind } from '../../shared/api/enums';
import type { Deposit, Outcome, OutcomeQuery, Withdrawal } from '../../shared/api/user';
import { type Executor, first, iso, isoOrNull, pgCode, rows } from '../db/client';
import type { AccountRow, DepositRow, TransferRow, UserRow, WithdrawalRow } from '../db/rows';
import { AppError, badRequest, conflict, notFound } from '../core/errors';
import { newDepositRecordCode, newWithdrawalCode, transferCode } from '../core/codes';
import type { Ledger } from '../core/ledger';
import { pageSql, where } from '../core/paging';
import { type SettingsService, twoPersonThreshold } from '../core/settings';
import { type Actor, audit } from '../core/audit';

/** Administrators' filters; a player's own list query is a subset (paging, sort, status). */
export type DepositQuery = z.output<typeof AdminDepositQuery>;
export type WithdrawalQuery = z.output<typeof AdminWithdrawalQuery>;
export type OwnOutcomeQuery = z.output<typeof OutcomeQuery>;

/** DEPOSIT_SELECT's row: `created_by` is the creating administrator's username. */
type DepositListRow = Pick<DepositRow, 'id' | 'code' | 'user_id' | 'amount' | 'created_at' | 'note'> & {
  username: UserRow['username'];
  created_by: UserRow['username'] | null;
};
/** WITHDRAWAL_SELECT's row: `resolver` is the resolving administrator's username. */
export type WithdrawalListRow = Pick<
  WithdrawalRow,
  | 'id'
  | 'code'
  | 'user_id'
  | 'amount'
  | 'requested_at'
  | 'status'
  | 'resolved_at'
  | 'reject_reason'
  | 'bank'
  | 'account_number'
  | 'hold_until'
  | 'first_approved_at'
> & { username: UserRow['username']; resolver: UserRow['username'] | null; first_approver: UserRow['username'] | null };
/** A transfer with both accounts' owners and the actor's username (userTransfers). */
type LedgerLine = TransferRow & {
  d_user: AccountRow['user_id'];
  d_kind: AccountRow['kind'];
  d_table: AccountRow['table_id'];
  c_user: AccountRow['user_id'];
  c_kind: AccountRow['kind'];
  c_table: AccountRow['table_id'];
  actor: UserRow['username'] | null;
};
type Count = { n: number };

const DEPOSIT_SORT = {
  id: sql`d.id`,
  code: sql`d.code`,
  amount: sql`d.amount`,
  approvedDate: sql`d.created_at`,
  userId: sql`d.user_id`,
  username: sql`lower(u.username)`,
};
const WITHDRAWAL_SORT = {
  id: sql`w.id`,
  code: sql`w.code`,
  amount: sql`w.amount`,
  requestDate: sql`w.requested_at`,
  status: sql`w.status`,
  approveDate: sql`w.resolved_at`,
  userId: sql`w.user_id`,
  username: sql`lower(u.username)`,
};
/** The ledger view is always in id order; `date` is accepted as the same order. */
const OUTCOME_SORT = { id: sql`t.id`, date: sql`t.id` };

/** Date filters: a bare date `to` means the whole day. */
const dayEnd = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? sql`(${d}::date + 1)::timestamptz` : sql`${d}::timestamptz`);

const DEPOSIT_SELECT = sql`SELECT d.id, d.code, d.user_id, u.username, d.amount, d.created_at, d.note, a.username AS created_by
  FROM deposits d JOIN users u ON u.id = d.user_id LEFT JOIN users a ON a.id = d.created_by`;
export const WITHDRAWAL_SELECT = sql`SELECT w.id, w.code, w.user_id, u.username, w.amount, w.requested_at, w.status, r.username AS resolver,
  w.resolved_at, w.reject_reason, w.bank, w.account_number, w.hold_until, f.username AS first_approver, w.first_approved_at
  FROM withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN users r ON r.id = w.resolved_by LEFT JOIN users f ON f.id = w.first_approved_by`;

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
/**
 * Approvals a withdrawal needs: a pending one above the two-person threshold needs two; a
 * resolved one needed two when it had a first approval.
 */
const approvalsNeeded = (r: WithdrawalListRow, threshold: number) =>
  r.status === 'NOT_APPROVED' ? (r.amount > threshold || r.first_approver !== null ? 2 : 1) : r.first_approver !== null ? 2 : 1;

export const toWithdrawal = (r: WithdrawalListRow, threshold: number): Withdrawal => ({
  id: r.id,
  code: r.code,
  userId: r.user_id,
  username: r.username,
  amount: r.amount,
  requestDate: iso(r.requested_at),
  status: r.status,
  approvedBy: r.resolver,
  approveDate: isoOrNull(r.resolved_at),
  rejectReason: r.reject_reason,
  // The column is free text in the schema; only BankCode values are ever written.
  bank: r.bank as BankCode,
  accountNumber: r.account_number,
  holdUntil: isoOrNull(r.hold_until),
  approvalsNeeded: approvalsNeeded(r, threshold),
  firstApprovedBy: r.first_approver,
  firstApproveDate: isoOrNull(r.first_approved_at),
});

export class WalletService {
  constructor(
    private readonly db: Executor,
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
  ) {}

  // ---- deposits ----

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
        const code = newDepositRecordCode();
        const d = await first<Pick<DepositRow, 'id'>>(
          tx,
          sql`INSERT INTO deposits (code, user_id, amount, note, created_by, idempotency_key)
              VALUES (${code}, ${userId}, ${body.amount}, ${body.note ?? null}, ${adminId}, ${key ?? null}) RETURNING id`,
        );
        const t = await this.ledger.transfer(tx, {
          key: `deposit:${d!.id}`,
          from: { house: 'bank' },
          to: { userId, kind: 'available' },
          amount: body.amount,
          kind: 'DEPOSIT',
          reference: code,
          actorUserId: adminId,
          reason: body.note ?? null,
        });
        await tx.execute(sql`UPDATE deposits SET transfer_id = ${t.id} WHERE id = ${d!.id}`);
        if (actor)
          await audit(tx, actor, {
            action: 'deposit.create',
            objectType: 'deposit',
            objectId: code,
            userId,
            after: { amount: body.amount, note: body.note ?? null },
          });
        return d!.id;
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

  // ---- withdrawals ----

  /**
   * Moves the amount from available to withdrawal_hold and records the request (NOT_APPROVED) to
   * the player's registered bank account. Bounds come from the settings. 409 when the available
   * balance is short; concurrent requests can never overdraw (row locks + CHECK). Requested while
   * the payout details' cooling-off runs, it carries the end of it (`hold_until`): accepted now,
   * approvable only then.
   */
  async createWithdrawal(userId: number, amount: number, idempotencyKey?: string): Promise<Withdrawal> {
    const s = await this.settings.get();
    if (amount < s.withdrawalMin)
      throw badRequest(`Too low: the minimum withdrawal is ${s.withdrawalMin} ₮`, 'AMOUNT_TOO_LOW', [{ path: 'amount', message: 'Too low' }]);
    if (amount > s.withdrawalMax)
      throw badRequest(`Too much: the maximum withdrawal is ${s.withdrawalMax} ₮`, 'AMOUNT_TOO_HIGH', [{ path: 'amount', message: 'Too much' }]);
    if (idempotencyKey) {
      const existing = await this.withdrawalByKey(userId, idempotencyKey);
      if (existing) return this.sameWithdrawal(existing, amount);
    }
    try {
      const id = await this.ledger.transaction(async (tx) => {
        const u = await first<Pick<UserRow, 'bank' | 'account_number' | 'hold_since'> & { hold_until: UserRow['payout_hold_until'] }>(
          tx,
          sql`SELECT bank, account_number, hold_since, CASE WHEN payout_hold_until > now() THEN payout_hold_until END AS hold_until
              FROM users WHERE id = ${userId} AND status = 'active' FOR SHARE`,
        );
        if (!u) throw notFound('User');
        if (u.hold_since) throw conflict('Your account is under review: withdrawals are paused. Please contact support.', 'ACCOUNT_ON_HOLD');
        const code = newWithdrawalCode();
        const w = await first<Pick<WithdrawalRow, 'id'>>(
          tx,
          sql`INSERT INTO withdrawals (code, user_id, amount, bank, account_number, idempotency_key, hold_until)
              VALUES (${code}, ${userId}, ${amount}, ${u.bank}, ${u.account_number}, ${idempotencyKey ?? null}, ${u.hold_until}) RETURNING id`,
        );
        const t = await this.ledger.transfer(tx, {
          key: `withdrawal:${w!.id}:hold`,
          from: { userId, kind: 'available' },
          to: { userId, kind: 'withdrawal_hold' },
          amount,
          kind: 'WITHDRAWAL_HOLD',
          reference: code,
          actorUserId: userId,
        });
        await tx.execute(sql`UPDATE withdrawals SET hold_transfer_id = ${t.id} WHERE id = ${w!.id}`);
        return w!.id;
      });
      return (await this.withdrawal(id))!;
    } catch (e) {
      if (idempotencyKey && pgCode(e) === '23505') {
        const existing = await this.withdrawalByKey(userId, idempotencyKey);
        if (existing) return this.sameWithdrawal(existing, amount);
      }
      throw e;
    }
  }

  private withdrawalByKey(userId: number, key: string) {
    return first<WithdrawalListRow>(this.db, sql`${WITHDRAWAL_SELECT} WHERE w.user_id = ${userId} AND w.idempotency_key = ${key}`);
  }
  private async sameWithdrawal(r: WithdrawalListRow, amount: number): Promise<Withdrawal> {
    if (r.amount !== amount) throw conflict('This idempotency key was used for a different withdrawal', 'IDEMPOTENCY_MISMATCH');
    return toWithdrawal(r, await this.threshold());
  }

  async withdrawal(id: number): Promise<Withdrawal | null> {
    const r = await first<WithdrawalListRow>(this.db, sql`${WITHDRAWAL_SELECT} WHERE w.id = ${id}`);
    return r ? toWithdrawal(r, await this.threshold()) : null;
  }

  /** Withdrawals above it need two staff approvals (wallet/payouts.ts). */
  async threshold(): Promise<number> {
    return twoPersonThreshold(await this.settings.get());
  }

  /**
   * One page of withdrawals: a player's own (`ownerId`), or for administrators (null) everyone's,
   * filtered by status, player, amount and date. Unknown sort field: 400.
   */
  async listWithdrawals(ownerId: number | null, q: WithdrawalQuery): Promise<List<Withdrawal>> {
    const p = pageSql(q, WITHDRAWAL_SORT, 'id');
    const w = where([
      ownerId !== null && sql`w.user_id = ${ownerId}`,
      q.status && sql`w.status = ${q.status}`,
      q.userId && sql`w.user_id = ${q.userId}`,
      q.username && sql`lower(u.username) = lower(${q.username})`,
      q.minAmount !== undefined && sql`w.amount >= ${q.minAmount}`,
      q.maxAmount !== undefined && sql`w.amount <= ${q.maxAmount}`,
      q.from && sql`w.requested_at >= ${q.from}::timestamptz`,
      q.to && sql`w.requested_at < ${dayEnd(q.to)}`,
    ]);
    const items = await rows<WithdrawalListRow>(this.db, sql`${WITHDRAWAL_SELECT} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM withdrawals w JOIN users u ON u.id = w.user_id ${w}`);
    const threshold = await this.threshold();
    return { items: items.map((r) => toWithdrawal(r, threshold)), total: total?.n ?? 0 };
  }

  // ---- ledger views ----

  private async accountIds(userId: number): Promise<number[]> {
    return (await rows<Pick<AccountRow, 'id'>>(this.db, sql`SELECT id FROM accounts WHERE user_id = ${userId}`)).map((r) => r.id);
  }

  private async userTransfers(userId: number, types: string[] | undefined, limit: number, offset: number, order: SQL) {
    const ids = await this.accountIds(userId);
    if (!ids.length) return { list: [] as LedgerLine[], total: 0, ids };
    const idList = sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    );
    const conds = [sql`(t.debit_account_id IN (${idList}) OR t.credit_account_id IN (${idList}))`];
    if (types?.length)
      conds.push(
        sql`t.kind IN (${sql.join(
          types.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );
    const w = sql.join(conds, sql` AND `);
    const list = await rows<LedgerLine>(
      this.db,
      sql`SELECT t.*, da.user_id AS d_user, da.kind AS d_kind, da.table_id AS d_table, ca.user_id AS c_user, ca.kind AS c_kind, ca.table_id AS c_table,
                 au.username AS actor
          FROM transfers t JOIN accounts da ON da.id = t.debit_account_id JOIN accounts ca ON ca.id = t.credit_account_id
          LEFT JOIN users au ON au.id = t.actor_user_id
          WHERE ${w} ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM transfers t WHERE ${w}`);
    return { list, total: total?.n ?? 0, ids };
  }

  /** The player's ledger view, newest first unless asked (see Outcome for the sign of `amount`). */
  async outcome(userId: number, q: OwnOutcomeQuery): Promise<List<Outcome>> {
    const { limit, offset } = pageSql(q, OUTCOME_SORT, 'id'); // 400 on any other sort field
    const order = q.order === 'ASC' ? sql`ORDER BY t.id ASC` : sql`ORDER BY t.id DESC`;
    const { list, total } = await this.userTransfers(userId, q.type, limit, offset, order);
    return {
      total,
      items: list.map((r) => {
        const out: Outcome = {
          id: r.id,
          code: transferCode(r.id),
          // Free text in the schema; the ledger only writes TransferKind values.
          type: r.kind as TransferKind,
          amount: signedForUser(r, userId),
          date: iso(r.created_at),
          reference: r.reference,
          tableId: r.table_id,
        };
        if (r.hand_id !== null) out.handId = r.hand_id;
        return out;
      }),
    };
  }

  async userLedger(userId: number, q: { limit: number; offset: number; order: 'ASC' | 'DESC' }): Promise<List<LedgerEntry>> {
    const order = q.order === 'ASC' ? sql`ORDER BY t.id ASC` : sql`ORDER BY t.id DESC`;
    const { list, total } = await this.userTransfers(userId, undefined, q.limit, q.offset, order);
    return {
      total,
      items: list.map((r) => ({
        id: r.id,
        code: transferCode(r.id),
        kind: r.kind,
        amount: r.amount,
        signedAmount: signedForUser(r, userId),
        debitAccount: accountLabel(r.d_user, r.d_kind, r.d_table),
        creditAccount: accountLabel(r.c_user, r.c_kind, r.c_table),
        reference: r.reference,
        reason: r.reason,
        actor: r.actor,
        createdAt: iso(r.created_at),
      })),
    };
  }
}

/** + when money reaches the player's available balance (or, when it is not involved, their other account). */
function signedForUser(r: LedgerLine, userId: number): number {
  const amount = r.amount;
  const mineC = r.c_user === userId;
  const mineD = r.d_user === userId;
  if (mineC && r.c_kind === 'available') return amount;
  if (mineD && r.d_kind === 'available') return -amount;
  if (mineC && !mineD) return amount;
  if (mineD && !mineC) return -amount;
  return amount; // between two of their non-available accounts (e.g. table -> hold): not expected
}

function accountLabel(user: number | null, kind: string, table: number | null): string {
  if (user !== null) return kind === 'table' ? `user:${user}:table:${table}` : `user:${user}:${kind}`;
  return kind === 'pot' ? `house:pot:${table}` : `house:${kind}`;
}

export { AppError };
