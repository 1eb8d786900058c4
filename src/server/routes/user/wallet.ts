// The player's wallet: own deposits, withdrawals, and the ledger view (/outcome).
import type { FastifyInstance } from 'fastify';
import { myStats } from '../../integrity/views';
import { defineRoute } from '../define';

export async function userWalletRoutes(app: FastifyInstance) {
  const { deposits, withdrawals, statements, maintenance, integrity } = app.services;

  defineRoute(app, 'deposits', async ({ user, query }) => deposits.listDeposits(user.userId, query));

  defineRoute(app, 'withdrawals', async ({ user, query }) => withdrawals.listWithdrawals(user.userId, query));

  defineRoute(app, 'createWithdrawal', async ({ user, body, req }) => {
    await maintenance.assertOpen('withdraw', user.role);
    await integrity.guard.assert(user.userId, 'withdraw');
    const headerKey = req.headers['idempotency-key'];
    const key = body.idempotencyKey ?? (typeof headerKey === 'string' && /^[A-Za-z0-9_.:-]{8,100}$/.test(headerKey) ? headerKey : undefined);
    return withdrawals.createWithdrawal(user.userId, body.amount, key);
  });

  defineRoute(app, 'myStats', async ({ user }) => myStats(integrity.db, user.userId));

  defineRoute(app, 'outcome', async ({ user, query }) => statements.outcome(user.userId, query));
}
