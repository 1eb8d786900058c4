// Withdrawals asked by players: the amount moves from available to the withdrawal hold and waits
// for staff (resolved once in payouts.ts, two people above the threshold).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminWithdrawalQuery } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import type { BankCode } from '../../shared/api/enums';
import type { Withdrawal } from '../../shared/api/user';
import { type Executor, first, iso, isoOrNull, pgCode, rows } from '../db/client';
import type { UserRow, WithdrawalRow } from '../db/rows';
import { badRequest, conflict, forbidden, notFound } from '../core/errors';
import { newWithdrawalCode } from '../core/codes';
import type { Ledger } from '../core/ledger';
import { pageSql, where } from '../core/paging';
import { type SettingsService, twoPersonThreshold } from '../core/settings';
import { dayEnd } from './dates';

/** Administrators' filters; a player's own list query is a subset (paging, sort, status). */
export type WithdrawalQuery = z.output<typeof AdminWithdrawalQuery>;

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
  | 'paid_out_at'
  | 'paid_out_reference'
> & { username: UserRow['username']; resolver: UserRow['username'] | null; first_approver: UserRow['username'] | null; batch: string | null };
type Count = { n: number };

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

export const WITHDRAWAL_SELECT = sql`SELECT w.id, w.code, w.user_id, u.username, w.amount, w.requested_at, w.status, r.username AS resolver,
  w.resolved_at, w.reject_reason, w.bank, w.account_number, w.hold_until, f.username AS first_approver, w.first_approved_at,
  w.paid_out_at, w.paid_out_reference, b.code AS batch
  FROM withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN users r ON r.id = w.resolved_by LEFT JOIN users f ON f.id = w.first_approved_by
  LEFT JOIN payout_batches b ON b.id = w.payout_batch_id`;

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
  payoutBatch: r.batch,
  paidOutAt: isoOrNull(r.paid_out_at),
  paidOutReference: r.paid_out_reference,
});

export class WithdrawalService {
  constructor(
    private readonly db: Executor,
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
    /** Whether the player has an approved identity check (accounts/safer-play/identity.ts); absent: no gate. */
    private readonly identity?: { approved(userId: number): Promise<boolean> },
  ) {}

  /**
   * Withdrawals adding up (with those not rejected) to more than `identityRequiredAbove` need an
   * approved identity check (docs/safer-play.md): 403 IDENTITY_REQUIRED tells the player what to do.
   */
  private async assertIdentity(userId: number, amount: number, above: number | undefined): Promise<void> {
    if (!this.identity || above === undefined) return;
    const r = await first<{ n: number }>(
      this.db,
      sql`SELECT coalesce(sum(amount), 0)::bigint AS n FROM withdrawals WHERE user_id = ${userId} AND status <> 'REJECTED'`,
    );
    if (Number(r?.n ?? 0) + amount <= above || (await this.identity.approved(userId))) return;
    throw forbidden(
      `Withdrawals above ${above} ₮ in total need a verified identity: upload a document and a selfie (or a bank-account proof) under Profile, Safer play.`,
      'IDENTITY_REQUIRED',
    );
  }

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
    await this.assertIdentity(userId, amount, s.identityRequiredAbove);
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
}
