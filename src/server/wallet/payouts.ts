// Staff resolving withdrawals: approve (paid: hold -> bank) or reject (hold -> available), each
// exactly once, audited in the same transaction. Above the two-person threshold (settings) an
// approval needs two different staff members: the first is recorded and moves no money, the
// second (someone else) pays. Nobody resolves their own withdrawal; an account on hold for review
// cannot be paid; a payout cooling-off hold delays approval (not rejection).
import { sql } from 'drizzle-orm';
import type { Withdrawal } from '../../shared/api/user';
import { first, iso } from '../db/client';
import type { UserRow, WithdrawalRow } from '../db/rows';
import { AppError, conflict, forbidden, notFound } from '../core/errors';
import { type Actor, audit } from '../core/audit';
import type { Ledger } from '../core/ledger';
import { twoPersonThreshold, type SettingsService } from '../core/settings';
import type { WithdrawalService } from './withdrawals';

type Locked = Pick<WithdrawalRow, 'user_id' | 'amount' | 'code' | 'status' | 'hold_until' | 'first_approved_by'> & {
  held: boolean | null;
  hold_since: UserRow['hold_since'];
  first_approver: UserRow['username'] | null;
};
export type Decision = 'APPROVED' | 'REJECTED';

export class PayoutService {
  constructor(
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
    private readonly withdrawals: WithdrawalService,
  ) {}

  /**
   * Resolves (or first-approves) a pending withdrawal. The row is locked (FOR UPDATE), and the
   * player's row shared, so racing staff and a hold placed meanwhile are serialised: the loser
   * sees the new state (409 ALREADY_RESOLVED, ACCOUNT_ON_HOLD, ...).
   */
  async resolve(actor: Actor, id: number, decision: Decision, reason?: string): Promise<Withdrawal> {
    const threshold = twoPersonThreshold(await this.settings.get());
    await this.ledger.transaction(async (tx) => {
      const w = await first<Locked>(
        tx,
        sql`SELECT w.user_id, w.amount, w.code, w.status, w.hold_until, w.hold_until > now() AS held, w.first_approved_by,
                   u.hold_since, f.username AS first_approver
            FROM withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN users f ON f.id = w.first_approved_by
            WHERE w.id = ${id} FOR UPDATE OF w FOR SHARE OF u`,
      );
      if (!w) throw notFound('Withdrawal');
      if (w.status !== 'NOT_APPROVED') throw conflict(`This withdrawal is already ${w.status.toLowerCase().replace('_', ' ')}`, 'ALREADY_RESOLVED');
      if (w.user_id === actor.userId) throw forbidden('You cannot approve or reject your own withdrawal', 'OWN_WITHDRAWAL');
      const before = { status: w.status, firstApprovedBy: w.first_approver };
      const entry = { objectType: 'withdrawal' as const, objectId: w.code, userId: w.user_id, before };
      if (decision === 'APPROVED') {
        this.assertPayable(w);
        if (w.first_approved_by === actor.userId)
          throw conflict('You approved this withdrawal already: the second approval must come from another staff member', 'SAME_APPROVER');
        if (w.amount > threshold && w.first_approved_by === null) {
          await tx.execute(sql`UPDATE withdrawals SET first_approved_by = ${actor.userId}, first_approved_at = now() WHERE id = ${id}`);
          await audit(tx, actor, {
            ...entry,
            action: 'withdrawal.first_approval',
            after: { status: w.status, firstApprovedBy: actor.username, amount: w.amount },
          });
          return;
        }
      }
      await tx.execute(
        sql`UPDATE withdrawals SET status = ${decision}, resolved_by = ${actor.userId}, resolved_at = now(), reject_reason = ${reason ?? null} WHERE id = ${id}`,
      );
      const t = await this.ledger.transfer(tx, {
        key: `withdrawal:${id}:resolve`,
        from: { userId: w.user_id, kind: 'withdrawal_hold' },
        to: decision === 'APPROVED' ? { house: 'bank' } : { userId: w.user_id, kind: 'available' },
        amount: w.amount,
        kind: decision === 'APPROVED' ? 'WITHDRAWAL_PAID' : 'WITHDRAWAL_REJECTED',
        reference: w.code,
        actorUserId: actor.userId,
        reason: reason ?? null,
      });
      await tx.execute(sql`UPDATE withdrawals SET resolve_transfer_id = ${t.id} WHERE id = ${id}`);
      await audit(tx, actor, {
        ...entry,
        action: decision === 'APPROVED' ? 'withdrawal.approve' : 'withdrawal.reject',
        after: { status: decision, firstApprovedBy: w.first_approver, resolvedBy: actor.username, amount: w.amount, reason: reason ?? null },
      });
    });
    return (await this.withdrawals.withdrawal(id))!;
  }

  /** 409 while the payout cooling-off runs or the account is on hold for review. */
  private assertPayable(w: Locked): void {
    if (w.held) {
      const until = iso(w.hold_until!); // held: there is a hold_until
      throw new AppError(409, 'PAYOUT_COOLING_OFF', `The player changed the payout details shortly before this request: it can be approved from ${until}`, [
        { path: 'holdUntil', message: until },
      ]);
    }
    if (w.hold_since) throw conflict('The account is on hold for review: release the hold before paying', 'ACCOUNT_ON_HOLD');
  }
}
