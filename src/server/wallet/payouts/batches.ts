// Payout batches (docs/payments.md): approved withdrawals (paid in the ledger at approval, the
// two-person rule unchanged) grouped per payee bank into a bulk-transfer file; marked paid out with
// the bank's reference when staff confirm; or cancelled, giving the withdrawals back. A withdrawal
// is in one batch at most (its row says which; a unique index on the active items backs it), and
// every change is a guarded update in one transaction, audited.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PayoutBatch, PayoutBatchQuery } from '../../../shared/api/bank';
import type { List } from '../../../shared/api/common';
import type { BankCode } from '../../../shared/api/enums';
import { type Database, type Executor, first, iso, isoOrNull, pgCode, rows } from '../../db/client';
import type { PayoutBatchRow, WithdrawalRow } from '../../db/rows';
import { type Actor, audit } from '../../core/audit';
import { randomCode } from '../../core/codes';
import { AppError, conflict, notFound } from '../../core/errors';
import { pageSql, where } from '../../core/paging';
import { type FileItem, payoutFile } from './file';

type BatchViewRow = PayoutBatchRow & { creator: string; payer: string | null; canceller: string | null };
type ItemRow = { withdrawal_id: number; code: string; user_id: number; username: string; amount: number; account_number: string; active: boolean };
type Count = { n: number };

/**
 * Approved, not in a batch, not paid out yet, and not held: an account put on hold by staff or
 * frozen or closed by an integrity case since the approval waits (docs/integrity.md), as a single
 * payout of it would be refused.
 */
const DUE = sql`w.status = 'APPROVED' AND w.payout_batch_id IS NULL AND w.paid_out_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM users hu WHERE hu.id = w.user_id AND hu.hold_since IS NOT NULL)
  AND NOT EXISTS (SELECT 1 FROM integrity_standing st WHERE st.user_id = w.user_id AND st.standing IN ('frozen', 'closed'))`;
const SELECT = sql`SELECT b.*, c.username AS creator, p.username AS payer, x.username AS canceller
  FROM payout_batches b JOIN users c ON c.id = b.created_by LEFT JOIN users p ON p.id = b.paid_by LEFT JOIN users x ON x.id = b.cancelled_by`;
const SORT = { id: sql`b.id`, createdAt: sql`b.id`, total: sql`b.total`, status: sql`b.status`, bank: sql`b.bank` };

const toBatch = (r: BatchViewRow): PayoutBatch => ({
  id: r.id,
  code: r.code,
  bank: r.bank,
  status: r.status,
  itemCount: r.item_count,
  total: r.total,
  createdBy: r.creator,
  createdAt: iso(r.created_at),
  exportedAt: isoOrNull(r.exported_at),
  bankReference: r.bank_reference,
  paidBy: r.payer,
  paidAt: isoOrNull(r.paid_at),
  cancelledBy: r.canceller,
  cancelledAt: isoOrNull(r.cancelled_at),
  cancelReason: r.cancel_reason,
});

export class PayoutBatches {
  constructor(private readonly db: Database) {}

  /** What waits to be sent, per payee bank. */
  async due(): Promise<{ banks: { bank: BankCode; count: number; total: number }[] }> {
    const r = await rows<{ bank: BankCode; count: number; total: number }>(
      this.db,
      sql`SELECT w.bank, count(*)::int AS count, sum(w.amount)::bigint AS total FROM withdrawals w WHERE ${DUE} GROUP BY w.bank ORDER BY w.bank`,
    );
    return { banks: r };
  }

  /** A batch of every due withdrawal to this bank (or those listed): 409 NOTHING_TO_PAY when none. */
  async create(actor: Actor, bank: BankCode, ids?: number[]): Promise<PayoutBatch> {
    try {
      const id = await this.db.transaction(async (tx) => {
        const only = ids?.length
          ? sql`AND w.id IN (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`
          : sql``;
        // Locked: a racing batch waits, then finds them taken.
        const ws = await rows<Pick<WithdrawalRow, 'id' | 'amount' | 'account_number'>>(
          tx,
          sql`SELECT w.id, w.amount, w.account_number FROM withdrawals w WHERE ${DUE} AND w.bank = ${bank} ${only} ORDER BY w.id FOR UPDATE`,
        );
        if (!ws.length) throw new AppError(409, 'NOTHING_TO_PAY', 'No approved withdrawal waits to be sent to this bank');
        if (ids?.length && ws.length !== new Set(ids).size) throw conflict('Some of these withdrawals are not approved and waiting, or are to another bank');
        const total = ws.reduce((s, w) => s + w.amount, 0);
        const b = await first<{ id: number; code: string }>(
          tx,
          sql`INSERT INTO payout_batches (code, bank, item_count, total, created_by) VALUES (${`PB-${randomCode(8)}`}, ${bank}, ${ws.length}, ${total}, ${actor.userId})
              RETURNING id, code`,
        );
        await tx.execute(
          sql`INSERT INTO payout_batch_items (batch_id, withdrawal_id, amount, account_number) VALUES ${sql.join(
            ws.map((w) => sql`(${b!.id}, ${w.id}, ${w.amount}, ${w.account_number})`),
            sql`, `,
          )}`,
        );
        const moved = await rows(
          tx,
          sql`UPDATE withdrawals w SET payout_batch_id = ${b!.id} WHERE w.id IN (SELECT withdrawal_id FROM payout_batch_items WHERE batch_id = ${b!.id}) AND ${DUE} RETURNING w.id`,
        );
        if (moved.length !== ws.length) throw conflict('A withdrawal changed meanwhile: try again');
        await audit(tx, actor, { action: 'payout_batch.create', objectType: 'payout_batch', objectId: b!.code, after: { bank, count: ws.length, total } });
        return b!.id;
      });
      return (await this.one(id))!;
    } catch (e) {
      if (pgCode(e) === '23505') throw conflict('A withdrawal is in another batch already: try again');
      throw e;
    }
  }

  /** The bank's file (any time before the batch is cancelled); the first download is noted. */
  async file(id: number) {
    const b = await this.one(id);
    if (!b) throw notFound('Payout batch');
    if (b.status === 'CANCELLED') throw conflict('This batch was cancelled: its withdrawals wait for another batch');
    await this.db.execute(sql`UPDATE payout_batches SET exported_at = coalesce(exported_at, now()) WHERE id = ${id}`);
    const items: FileItem[] = (b.items ?? [])
      .filter((i) => i.active)
      .map((i) => ({ code: i.code, username: i.username, accountNumber: i.accountNumber, amount: i.amount }));
    return payoutFile(b.bank, b.code, items);
  }

  /** The bank paid the batch: its withdrawals are paid out, with the bank's reference. */
  async markPaid(actor: Actor, id: number, bankReference: string): Promise<PayoutBatch> {
    await this.db.transaction(async (tx) => {
      const b = await this.lockOpen(tx, id);
      await tx.execute(
        sql`UPDATE payout_batches SET status = 'PAID', bank_reference = ${bankReference}, paid_by = ${actor.userId}, paid_at = now() WHERE id = ${id} AND status = 'OPEN'`,
      );
      await tx.execute(
        sql`UPDATE withdrawals SET paid_out_at = now(), paid_out_reference = ${bankReference} WHERE payout_batch_id = ${id} AND paid_out_at IS NULL`,
      );
      await audit(tx, actor, {
        action: 'payout_batch.paid',
        objectType: 'payout_batch',
        objectId: b.code,
        before: { status: 'OPEN' },
        after: { status: 'PAID', bankReference, total: b.total },
      });
    });
    return (await this.one(id))!;
  }

  /** Not sent (or refused by the bank): the batch is cancelled and its withdrawals wait for another. */
  async cancel(actor: Actor, id: number, reason: string): Promise<PayoutBatch> {
    await this.db.transaction(async (tx) => {
      const b = await this.lockOpen(tx, id);
      await tx.execute(
        sql`UPDATE payout_batches SET status = 'CANCELLED', cancelled_by = ${actor.userId}, cancelled_at = now(), cancel_reason = ${reason} WHERE id = ${id} AND status = 'OPEN'`,
      );
      await tx.execute(sql`UPDATE payout_batch_items SET active = false WHERE batch_id = ${id}`);
      await tx.execute(sql`UPDATE withdrawals SET payout_batch_id = NULL WHERE payout_batch_id = ${id}`);
      await audit(tx, actor, {
        action: 'payout_batch.cancel',
        objectType: 'payout_batch',
        objectId: b.code,
        before: { status: 'OPEN' },
        after: { status: 'CANCELLED', reason },
      });
    });
    return (await this.one(id))!;
  }

  private async lockOpen(tx: Executor, id: number): Promise<PayoutBatchRow> {
    const b = await first<PayoutBatchRow>(tx, sql`SELECT * FROM payout_batches WHERE id = ${id} FOR UPDATE`);
    if (!b) throw notFound('Payout batch');
    if (b.status !== 'OPEN') throw new AppError(409, 'ALREADY_RESOLVED', `This batch is ${b.status.toLowerCase()} already`);
    return b;
  }

  async one(id: number): Promise<PayoutBatch | null> {
    const r = await first<BatchViewRow>(this.db, sql`${SELECT} WHERE b.id = ${id}`);
    if (!r) return null;
    const items = await rows<ItemRow>(
      this.db,
      sql`SELECT i.withdrawal_id, w.code, w.user_id, u.username, i.amount, i.account_number, i.active
          FROM payout_batch_items i JOIN withdrawals w ON w.id = i.withdrawal_id JOIN users u ON u.id = w.user_id
          WHERE i.batch_id = ${id} ORDER BY i.withdrawal_id`,
    );
    return {
      ...toBatch(r),
      items: items.map((i) => ({
        withdrawalId: i.withdrawal_id,
        code: i.code,
        userId: i.user_id,
        username: i.username,
        amount: i.amount,
        accountNumber: i.account_number,
        active: i.active,
      })),
    };
  }

  async list(q: z.output<typeof PayoutBatchQuery>): Promise<List<PayoutBatch>> {
    const p = pageSql(q, SORT, 'id');
    const w = where([q.status && sql`b.status = ${q.status}`, q.bank && sql`b.bank = ${q.bank}`]);
    const items = await rows<BatchViewRow>(this.db, sql`${SELECT} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM payout_batches b ${w}`);
    return { items: items.map(toBatch), total: total?.n ?? 0 };
  }
}
