// What anyone may read: lobby tables, maintenance state, content blocks, the jackpot.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/errors';
import { defineRoute } from '../define';

export async function userPublicRoutes(app: FastifyInstance) {
  const { tables, settings, blocks, ledger, db } = app.services;

  defineRoute(app, 'tables', async ({ query }) => tables.list(query, 'bigBlind'));

  defineRoute(app, 'table', async ({ params }) => {
    const t = await tables.get(params.tableId);
    if (!t) throw notFound('Table');
    return t;
  });

  defineRoute(app, 'maintenance', async () => (await settings.get()).maintenance);
  defineRoute(app, 'walletLimits', async () => {
    const s = await settings.get();
    // QPay's bounds only when it is on (docs/payments.md); absent means bank transfers only.
    const deposits = app.payments.qpay ? await app.payments.qpay.limits() : {};
    return { withdrawalMin: s.withdrawalMin, withdrawalMax: s.withdrawalMax, ...deposits };
  });

  defineRoute(app, 'block', async ({ params }) => {
    const b = await blocks.get(params.name);
    if (!b) throw notFound('Block');
    return b;
  });

  defineRoute(app, 'jackpot', async () => ({ amount: await ledger.houseBalance(db, 'jackpot') }));
}
