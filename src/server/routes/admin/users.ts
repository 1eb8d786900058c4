// Administrators: users (search, detail, ledger, role, delete).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { first } from '../../db/client';
import { notFound } from '../../errors';
import { likePrefix, pageSql, where } from '../../services/paging';
import { defineRoute } from '../define';

const USER_SORT = {
  id: sql`u.id`,
  userId: sql`u.id`,
  username: sql`lower(u.username)`,
  email: sql`lower(u.email)`,
  role: sql`u.role`,
  status: sql`u.status`,
  createdAt: sql`u.created_at`,
  lastLoginAt: sql`u.last_login_at`,
  balance: sql`coalesce(b.available, 0)`,
  locked: sql`coalesce(b.locked, 0)`,
};

export async function adminUserRoutes(app: FastifyInstance) {
  const { users, wallet, db } = app.services;

  defineRoute(app, 'adminUsers', async ({ query: q }) => {
    const p = pageSql(q, USER_SORT, 'id');
    const term = q.q?.trim();
    const w = where([
      term &&
        sql`(lower(u.username) LIKE ${likePrefix(term.toLowerCase())} OR lower(u.email) = lower(${term}) OR u.deposit_code = upper(${term}))`,
      q.role && sql`u.role = ${q.role}`,
      q.status && sql`u.status = ${q.status}`,
    ]);
    // The count query has no balances join; sorting by balance only needs it in the list query.
    return users.adminList({ ...p, where: w });
  });

  defineRoute(app, 'adminUser', async ({ query }) => {
    const u = await users.adminUser(query.userId);
    if (!u) throw notFound('User');
    return u;
  });

  defineRoute(app, 'adminUserLedger', async ({ query: q }) => {
    const exists = await first(db, sql`SELECT 1 FROM users WHERE id = ${q.userId}`);
    if (!exists) throw notFound('User');
    pageSql(q, { id: sql`t.id`, createdAt: sql`t.id` }, 'id');
    return wallet.userLedger(q.userId, { limit: q.perPage, offset: (q.page - 1) * q.perPage, order: q.order ?? 'DESC' });
  });

  defineRoute(app, 'changeRole', async ({ user, query, body }) => users.changeRole(user.userId, query.userId, body.role));

  defineRoute(app, 'deleteUser', async ({ user, query }) => {
    await users.delete(user.userId, query.userId);
    return { ok: true as const };
  });
}
