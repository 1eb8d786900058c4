// Administrators: users (search, detail, ledger, role, delete).
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { pageWindow } from '../../services/paging';
import { defineRoute } from '../define';

export async function adminUserRoutes(app: FastifyInstance) {
  const { users, wallet } = app.services;

  defineRoute(app, 'adminUsers', async ({ query }) => users.list(query));

  defineRoute(app, 'adminUser', async ({ query }) => {
    const u = await users.adminUser(query.userId);
    if (!u) throw notFound('User');
    return u;
  });

  defineRoute(app, 'adminUserLedger', async ({ query: q }) => {
    if (!(await users.exists(q.userId))) throw notFound('User');
    // Transfers are numbered in time order: createdAt sorts by id.
    return wallet.userLedger(q.userId, pageWindow(q, ['id', 'createdAt'], 'id'));
  });

  defineRoute(app, 'changeRole', async ({ user, query, body }) => users.changeRole(user.userId, query.userId, body.role));

  defineRoute(app, 'deleteUser', async ({ user, query }) => {
    await users.delete(user.userId, query.userId);
    return { ok: true as const };
  });
}
