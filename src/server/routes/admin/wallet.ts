// Administrators: deposits and withdrawals.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { pageSql, where } from '../../services/paging';
import { defineRoute } from '../define';
import { DEPOSIT_SORT, WITHDRAWAL_SORT } from '../user/wallet';

/** Date filters: a bare date `to` means the whole day. */
const dayEnd = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? sql`(${d}::date + 1)::timestamptz` : sql`${d}::timestamptz`);

export async function adminWalletRoutes(app: FastifyInstance) {
  const { wallet } = app.services;

  defineRoute(app, 'adminWithdrawals', async ({ query: q }) => {
    const p = pageSql(q, WITHDRAWAL_SORT, 'id');
    const w = where([
      q.status && sql`w.status = ${q.status}`,
      q.userId && sql`w.user_id = ${q.userId}`,
      q.username && sql`lower(u.username) = lower(${q.username})`,
      q.minAmount !== undefined && sql`w.amount >= ${q.minAmount}`,
      q.maxAmount !== undefined && sql`w.amount <= ${q.maxAmount}`,
      q.from && sql`w.requested_at >= ${q.from}::timestamptz`,
      q.to && sql`w.requested_at < ${dayEnd(q.to)}`,
    ]);
    return wallet.listWithdrawals({ ...p, where: w });
  });

  defineRoute(app, 'approveWithdrawal', async ({ user, query }) => wallet.resolveWithdrawal(user.userId, query.withdrawalId, 'APPROVED'));

  defineRoute(app, 'rejectWithdrawal', async ({ user, query, body }) =>
    wallet.resolveWithdrawal(user.userId, query.withdrawalId, 'REJECTED', body.reason),
  );

  defineRoute(app, 'adminDeposits', async ({ query: q }) => {
    const p = pageSql(q, DEPOSIT_SORT, 'id');
    const w = where([
      q.userId && sql`d.user_id = ${q.userId}`,
      q.username && sql`lower(u.username) = lower(${q.username})`,
      q.from && sql`d.created_at >= ${q.from}::timestamptz`,
      q.to && sql`d.created_at < ${dayEnd(q.to)}`,
    ]);
    return wallet.listDeposits({ ...p, where: w });
  });

  defineRoute(app, 'createDeposit', async ({ user, body, req }) => {
    const headerKey = req.headers['idempotency-key'];
    const idempotencyKey = body.idempotencyKey ?? (typeof headerKey === 'string' && /^[A-Za-z0-9_.:-]{8,100}$/.test(headerKey) ? headerKey : undefined);
    return wallet.createDeposit(user.userId, { ...body, idempotencyKey });
  });
}
