// Money flows around the wallet: deposits recorded by administrators, withdrawals asked by
// players and resolved once by administrators, and the ledger views (/outcome, user ledger).
import { sql, type SQL } from 'drizzle-orm';
import type { CreateDepositBody, LedgerEntry } from '../../shared/api/admin';
import type { BankCode, TransferKind, WithdrawalStatus } from '../../shared/api/enums';
import type { Deposit, Outcome, Withdrawal } from '../../shared/api/user';
import { type Executor, first, iso, isoOrNull, pgCode, rows } from '../db/client';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { newDepositRecordCode, newWithdrawalCode, transferCode } from './codes';
import type { Ledger } from './ledger';
import type { SettingsService } from './settings';

type Row = Record<string, unknown>;
export interface Page {
  where: SQL;
  orderBy: SQL;
  limit: number;
  offset: number;
}

const DEPOSIT_SELECT = sql`SELECT d.id, d.code, d.user_id, u.username, d.amount, d.created_at, d.note, a.username AS created_by
  FROM deposits d JOIN users u ON u.id = d.user_id LEFT JOIN users a ON a.id = d.created_by`;
const WITHDRAWAL_SELECT = sql`SELECT w.id, w.code, w.user_id, u.username, w.amount, w.requested_at, w.status, r.username AS resolver,
  w.resolved_at, w.reject_reason, w.bank, w.account_number, w.hold_until
  FROM withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN users r ON r.id = w.resolved_by`;

export const toDeposit = (r: Row): Deposit => ({
  id: Number(r.id),
  code: String(r.code),
  userId: Number(r.user_id),
  username: String(r.username),
  amount: Number(r.amount),
  approvedDate: iso(r.created_at),
  note: (r.note as string | null) ?? null,
  createdBy: (r.created_by as string | null) ?? null,
});
export const toWithdrawal = (r: Row): Withdrawal => ({
  id: Number(r.id),
  code: String(r.code),
  userId: Number(r.user_id),
  username: String(r.username),
  amount: Number(r.amount),
  requestDate: iso(r.requested_at),
  status: r.status as WithdrawalStatus,
  approvedBy: (r.resolver as string | null) ?? null,
  approveDate: isoOrNull(r.resolved_at),
  rejectReason: (r.reject_reason as string | null) ?? null,
  bank: r.bank as BankCode,
  accountNumber: String(r.account_number),
  holdUntil: isoOrNull(r.hold_until),
});

export class WalletService {
  constructor(
    private readonly db: Executor,
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
  ) {}

  // ---- deposits ----

  /** Credits a player at once (bank -> available). With an idempotency key a retry returns the first deposit. */
  async createDeposit(adminId: number, body: CreateDepositBody): Promise<Deposit> {
    const user = await first<Row>(
      this.db,
      body.userId !== undefined
        ? sql`SELECT id FROM users WHERE id = ${body.userId} AND status = 'active'`
        : body.username !== undefined
          ? sql`SELECT id FROM users WHERE lower(username) = lower(${body.username}) AND status = 'active'`
          : sql`SELECT id FROM users WHERE deposit_code = ${body.depositCode!.toUpperCase()} AND status = 'active'`,
    );
    if (!user) throw notFound('User');
    const userId = Number(user.id);
    const key = body.idempotencyKey;
    if (key) {
      const existing = await this.depositByKey(key);
      if (existing) return this.sameDeposit(existing, userId, body.amount);
    }
    try {
      const id = await this.ledger.transaction(async (tx) => {
        const code = newDepositRecordCode();
        const d = await first<Row>(
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
        return Number(d!.id);
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
    return first<Row>(this.db, sql`${DEPOSIT_SELECT} WHERE d.idempotency_key = ${key}`);
  }
  private sameDeposit(r: Row, userId: number, amount: number): Deposit {
    if (Number(r.user_id) !== userId || Number(r.amount) !== amount)
      throw conflict('This idempotency key was used for a different deposit', 'IDEMPOTENCY_MISMATCH');
    return toDeposit(r);
  }

  async deposit(id: number): Promise<Deposit | null> {
    const r = await first<Row>(this.db, sql`${DEPOSIT_SELECT} WHERE d.id = ${id}`);
    return r ? toDeposit(r) : null;
  }

  async listDeposits(page: Page): Promise<{ items: Deposit[]; total: number }> {
    const items = await rows<Row>(this.db, sql`${DEPOSIT_SELECT} ${page.where} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
    const total = await first<Row>(this.db, sql`SELECT count(*)::bigint AS n FROM deposits d JOIN users u ON u.id = d.user_id ${page.where}`);
    return { items: items.map(toDeposit), total: Number(total?.n ?? 0) };
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
    if (amount < s.withdrawalMin) throw badRequest(`Too low: the minimum withdrawal is ${s.withdrawalMin} ₮`, 'AMOUNT_TOO_LOW', [{ path: 'amount', message: 'Too low' }]);
    if (amount > s.withdrawalMax) throw badRequest(`Too much: the maximum withdrawal is ${s.withdrawalMax} ₮`, 'AMOUNT_TOO_HIGH', [{ path: 'amount', message: 'Too much' }]);
    if (idempotencyKey) {
      const existing = await this.withdrawalByKey(userId, idempotencyKey);
      if (existing) return this.sameWithdrawal(existing, amount);
    }
    try {
      const id = await this.ledger.transaction(async (tx) => {
        const u = await first<Row>(
          tx,
          sql`SELECT bank, account_number, CASE WHEN payout_hold_until > now() THEN payout_hold_until END AS hold_until
              FROM users WHERE id = ${userId} AND status = 'active'`,
        );
        if (!u) throw notFound('User');
        const code = newWithdrawalCode();
        const w = await first<Row>(
          tx,
          sql`INSERT INTO withdrawals (code, user_id, amount, bank, account_number, idempotency_key, hold_until)
              VALUES (${code}, ${userId}, ${amount}, ${u.bank}, ${u.account_number}, ${idempotencyKey ?? null}, ${u.hold_until ?? null}) RETURNING id`,
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
        return Number(w!.id);
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
    return first<Row>(this.db, sql`${WITHDRAWAL_SELECT} WHERE w.user_id = ${userId} AND w.idempotency_key = ${key}`);
  }
  private sameWithdrawal(r: Row, amount: number): Withdrawal {
    if (Number(r.amount) !== amount) throw conflict('This idempotency key was used for a different withdrawal', 'IDEMPOTENCY_MISMATCH');
    return toWithdrawal(r);
  }

  async withdrawal(id: number): Promise<Withdrawal | null> {
    const r = await first<Row>(this.db, sql`${WITHDRAWAL_SELECT} WHERE w.id = ${id}`);
    return r ? toWithdrawal(r) : null;
  }

  async listWithdrawals(page: Page): Promise<{ items: Withdrawal[]; total: number }> {
    const items = await rows<Row>(this.db, sql`${WITHDRAWAL_SELECT} ${page.where} ${page.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`);
    const total = await first<Row>(this.db, sql`SELECT count(*)::bigint AS n FROM withdrawals w JOIN users u ON u.id = w.user_id ${page.where}`);
    return { items: items.map(toWithdrawal), total: Number(total?.n ?? 0) };
  }

  /**
   * Resolves a pending withdrawal exactly once: approve pays the hold out to the bank, reject
   * returns it to available. The conditional status update serialises racing administrators:
   * the loser sees the row already resolved and gets 409. Approval waits for the end of a payout
   * cooling-off hold (409 PAYOUT_COOLING_OFF before it); rejection does not.
   */
  async resolveWithdrawal(adminId: number, id: number, decision: 'APPROVED' | 'REJECTED', reason?: string): Promise<Withdrawal> {
    await this.ledger.transaction(async (tx) => {
      const held = decision === 'APPROVED' ? sql`AND (hold_until IS NULL OR hold_until <= now())` : sql``;
      const w = await first<Row>(
        tx,
        sql`UPDATE withdrawals SET status = ${decision}, resolved_by = ${adminId}, resolved_at = now(), reject_reason = ${reason ?? null}
            WHERE id = ${id} AND status = 'NOT_APPROVED' ${held} RETURNING user_id, amount, code`,
      );
      if (!w) {
        const exists = await first<Row>(tx, sql`SELECT status, hold_until, hold_until > now() AS held FROM withdrawals WHERE id = ${id}`);
        if (!exists) throw notFound('Withdrawal');
        if (exists.status === 'NOT_APPROVED' && exists.held) {
          const until = iso(exists.hold_until);
          throw new AppError(409, 'PAYOUT_COOLING_OFF', `The player changed the payout details shortly before this request: it can be approved from ${until}`, [
            { path: 'holdUntil', message: until },
          ]);
        }
        if (exists.status === 'NOT_APPROVED') throw conflict('The hold of this withdrawal ended just now; try again');
        throw conflict(`This withdrawal is already ${String(exists.status).toLowerCase().replace('_', ' ')}`, 'ALREADY_RESOLVED');
      }
      const userId = Number(w.user_id);
      const t = await this.ledger.transfer(tx, {
        key: `withdrawal:${id}:resolve`,
        from: { userId, kind: 'withdrawal_hold' },
        to: decision === 'APPROVED' ? { house: 'bank' } : { userId, kind: 'available' },
        amount: Number(w.amount),
        kind: decision === 'APPROVED' ? 'WITHDRAWAL_PAID' : 'WITHDRAWAL_REJECTED',
        reference: String(w.code),
        actorUserId: adminId,
        reason: reason ?? null,
      });
      await tx.execute(sql`UPDATE withdrawals SET resolve_transfer_id = ${t.id} WHERE id = ${id}`);
    });
    return (await this.withdrawal(id))!;
  }

  // ---- ledger views ----

  private async accountIds(userId: number): Promise<number[]> {
    return (await rows<Row>(this.db, sql`SELECT id FROM accounts WHERE user_id = ${userId}`)).map((r) => Number(r.id));
  }

  private async userTransfers(userId: number, types: string[] | undefined, limit: number, offset: number, order: SQL) {
    const ids = await this.accountIds(userId);
    if (!ids.length) return { list: [] as Row[], total: 0, ids };
    const idList = sql.join(ids.map((i) => sql`${i}`), sql`, `);
    const conds = [sql`(t.debit_account_id IN (${idList}) OR t.credit_account_id IN (${idList}))`];
    if (types?.length) conds.push(sql`t.kind IN (${sql.join(types.map((k) => sql`${k}`), sql`, `)})`);
    const w = sql.join(conds, sql` AND `);
    const list = await rows<Row>(
      this.db,
      sql`SELECT t.*, da.user_id AS d_user, da.kind AS d_kind, da.table_id AS d_table, ca.user_id AS c_user, ca.kind AS c_kind, ca.table_id AS c_table,
                 au.username AS actor
          FROM transfers t JOIN accounts da ON da.id = t.debit_account_id JOIN accounts ca ON ca.id = t.credit_account_id
          LEFT JOIN users au ON au.id = t.actor_user_id
          WHERE ${w} ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
    const total = await first<Row>(this.db, sql`SELECT count(*)::bigint AS n FROM transfers t WHERE ${w}`);
    return { list, total: Number(total?.n ?? 0), ids };
  }

  /** The player's ledger view, newest first (see Outcome for the sign of `amount`). */
  async outcome(userId: number, q: { type?: string[]; limit: number; offset: number; order: 'ASC' | 'DESC' }): Promise<{ items: Outcome[]; total: number }> {
    const order = q.order === 'ASC' ? sql`ORDER BY t.id ASC` : sql`ORDER BY t.id DESC`;
    const { list, total } = await this.userTransfers(userId, q.type, q.limit, q.offset, order);
    return {
      total,
      items: list.map((r) => {
        const out: Outcome = {
          id: Number(r.id),
          code: transferCode(Number(r.id)),
          type: r.kind as TransferKind,
          amount: signedForUser(r, userId),
          date: iso(r.created_at),
          reference: (r.reference as string | null) ?? null,
          tableId: r.table_id === null ? null : Number(r.table_id),
        };
        if (r.hand_id !== null) out.handId = Number(r.hand_id);
        return out;
      }),
    };
  }

  async userLedger(userId: number, q: { limit: number; offset: number; order: 'ASC' | 'DESC' }): Promise<{ items: LedgerEntry[]; total: number }> {
    const order = q.order === 'ASC' ? sql`ORDER BY t.id ASC` : sql`ORDER BY t.id DESC`;
    const { list, total } = await this.userTransfers(userId, undefined, q.limit, q.offset, order);
    return {
      total,
      items: list.map((r) => ({
        id: Number(r.id),
        code: transferCode(Number(r.id)),
        kind: String(r.kind),
        amount: Number(r.amount),
        signedAmount: signedForUser(r, userId),
        debitAccount: accountLabel(r.d_user, r.d_kind, r.d_table),
        creditAccount: accountLabel(r.c_user, r.c_kind, r.c_table),
        reference: (r.reference as string | null) ?? null,
        reason: (r.reason as string | null) ?? null,
        actor: (r.actor as string | null) ?? null,
        createdAt: iso(r.created_at),
      })),
    };
  }
}

/** + when money reaches the player's available balance (or, when it is not involved, their other account). */
function signedForUser(r: Row, userId: number): number {
  const amount = Number(r.amount);
  const mineC = r.c_user !== null && Number(r.c_user) === userId;
  const mineD = r.d_user !== null && Number(r.d_user) === userId;
  if (mineC && r.c_kind === 'available') return amount;
  if (mineD && r.d_kind === 'available') return -amount;
  if (mineC && !mineD) return amount;
  if (mineD && !mineC) return -amount;
  return amount; // between two of their non-available accounts (e.g. table -> hold): not expected
}

function accountLabel(user: unknown, kind: unknown, table: unknown): string {
  if (user !== null && user !== undefined) return kind === 'table' ? `user:${user}:table:${table}` : `user:${user}:${kind}`;
  return kind === 'pot' ? `house:pot:${table}` : `house:${kind}`;
}

export { AppError };
