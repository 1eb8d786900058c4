// Staff: deposits and withdrawals (two-person approval above the threshold: wallet/payouts.ts).
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../define';

export async function adminWalletRoutes(app: FastifyInstance) {
  const { deposits, withdrawals, payouts, integrity } = app.services;

  defineRoute(app, 'adminWithdrawals', async ({ query }) => withdrawals.listWithdrawals(null, query));

  // A frozen account's pending withdrawals are held (docs/integrity.md); rejecting stays possible.
  defineRoute(app, 'approveWithdrawal', async ({ actor, query }) => {
    const w = await withdrawals.withdrawal(query.withdrawalId);
    if (w) await integrity.guard.assert(w.userId, 'payout');
    return payouts.resolve(actor, query.withdrawalId, 'APPROVED');
  });

  defineRoute(app, 'rejectWithdrawal', async ({ actor, query, body }) => payouts.resolve(actor, query.withdrawalId, 'REJECTED', body.reason));

  defineRoute(app, 'adminDeposits', async ({ query }) => deposits.listDeposits(null, query));

  defineRoute(app, 'createDeposit', async ({ user, actor, body, req }) => {
    const headerKey = req.headers['idempotency-key'];
    const idempotencyKey = body.idempotencyKey ?? (typeof headerKey === 'string' && /^[A-Za-z0-9_.:-]{8,100}$/.test(headerKey) ? headerKey : undefined);
    return deposits.createDeposit(user.userId, { ...body, idempotencyKey }, actor);
  });
}
