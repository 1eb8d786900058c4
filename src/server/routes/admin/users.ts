// Users: search, detail, ledger, audit trail, notes and holds (staff); role and delete (administrators).
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/errors';
import { pageWindow } from '../../core/paging';
import { defineRoute } from '../define';

export async function adminUserRoutes(app: FastifyInstance) {
  const { userAdmin: users, statements, audit, staff } = app.services;

  defineRoute(app, 'adminUsers', async ({ query }) => users.list(query));

  defineRoute(app, 'adminUser', async ({ query }) => {
    const u = await users.adminUser(query.userId);
    if (!u) throw notFound('User');
    return u;
  });

  defineRoute(app, 'adminUserLedger', async ({ query: q }) => {
    if (!(await users.exists(q.userId))) throw notFound('User');
    // Transfers are numbered in time order: createdAt sorts by id.
    return statements.userLedger(q.userId, pageWindow(q, ['id', 'createdAt'], 'id'));
  });

  defineRoute(app, 'changeRole', async ({ user, actor, query, body }) => users.changeRole(user.userId, query.userId, body.role, actor));

  defineRoute(app, 'deleteUser', async ({ user, actor, query }) => {
    await users.delete(user.userId, query.userId, actor);
    return { ok: true as const };
  });

  defineRoute(app, 'userAudit', async ({ query }) => {
    const list = await audit.list(query);
    if (!list.total && !(await users.exists(query.userId))) throw notFound('User');
    return list;
  });
  defineRoute(app, 'audit', async ({ query }) => audit.list(query));

  defineRoute(app, 'userNotes', async ({ query }) => staff.notes(query));
  defineRoute(app, 'createUserNote', async ({ actor, body }) => staff.addNote(actor, body.userId, body.text));
  defineRoute(app, 'holdUser', async ({ actor, query, body }) => staff.hold(actor, query.userId, body.reason));
  defineRoute(app, 'releaseUser', async ({ actor, query }) => staff.release(actor, query.userId));
}
