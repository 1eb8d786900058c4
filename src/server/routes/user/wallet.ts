// The player's wallet: own deposits, withdrawals, and the ledger view (/outcome).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { pageSql, where } from '../../services/paging';
import { defineRoute } from '../define';

export const DEPOSIT_SORT = { id: sql`d.id`, code: sql`d.code`, amount: sql`d.amount`, approvedDate: sql`d.created_at`, userId: sql`d.user_id`, username: sql`lower(u.username)` };
export const WITHDRAWAL_SORT = {
  id: sql`w.id`,
  code: sql`w.code`,
  amount: sql`w.amount`,
  requestDate: sql`w.requested_at`,
  status: sql`w.status`,
  approveDate: sql`w.resolved_at`,
  userId: sql`w.user_id`,
  username: sql`lower(u.username)`,
};

export async function userWalletRoutes(app: FastifyInstance) {
  const { wallet, settings } = app.services;

  defineRoute(app, 'deposits', async ({ user, query }) => {
    const p = pageSql(query, DEPOSIT_SORT, 'id');
    return wallet.listDeposits({ ...p, where: where([sql`d.user_id = ${user.userId}`]) });
  });

  defineRoute(app, 'withdrawals', async ({ user, query }) => {
    const p = pageSql(query, WITHDRAWAL_SORT, 'id');
    return wallet.listWithdrawals({ ...p, where: where([sql`w.user_id = ${user.userId}`, query.status && sql`w.status = ${query.status}`]) });
  });

  defineRoute(app, 'createWithdrawal', async ({ user, body, req }) => {
    if ((await settings.get()).maintenance.enabled) throw new AppError(503, 'MAINTENANCE', 'Withdrawals are paused during maintenance');
    const headerKey = req.headers['idempotency-key'];
    const key = body.idempotencyKey ?? (typeof headerKey === 'string' && /^[A-Za-z0-9_.:-]{8,100}$/.test(headerKey) ? headerKey : undefined);
    return wallet.createWithdrawal(user.userId, body.amount, key);
  });

  defineRoute(app, 'outcome', async ({ user, query }) => {
    pageSql(query, { id: sql`t.id`, date: sql`t.id` }, 'id'); // only id/date order (400 otherwise)
    return wallet.outcome(user.userId, { type: query.type, limit: query.perPage, offset: (query.page - 1) * query.perPage, order: query.order ?? 'DESC' });
  });
}
