// The signed-in player's own data: profile, public search.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows, first } from '../../db/client';
import { notFound } from '../../errors';
import { likePrefix, pageSql } from '../../services/paging';
import { defineRoute } from '../define';

export async function userProfileRoutes(app: FastifyInstance) {
  const { users, db } = app.services;

  defineRoute(
    app,
    'me',
    async ({ user, req }) => {
      const me = req.me ?? (await users.me(user.userId));
      if (!me) throw notFound('User');
      return me;
    },
    { withMe: true },
  );

  // Rate-limited like sign-in: the current password it checks must not be guessable by whoever
  // holds a token.
  defineRoute(app, 'patchMe', async ({ user, body }) => {
    const before = await users.me(user.userId);
    const me = await users.patchMe(user.userId, body);
    // A new address is unconfirmed (a trigger says so): it gets its confirmation link.
    if (before && me.email.toLowerCase() !== before.email.toLowerCase()) app.services.auth.resendConfirmation(user.userId);
    return me;
  }, { rateLimit: app.rateLimits.login });

  // Public search by username prefix: only id and name, active users only.
  defineRoute(app, 'userSearch', async ({ query }) => {
    const where = sql`status = 'active' AND lower(username) LIKE ${likePrefix(query.q.toLowerCase())}`;
    const p = pageSql(query, { username: sql`lower(username)`, userId: sql`id`, id: sql`id` }, 'username', 'ASC');
    const items = await rows<{ id: number; username: string }>(
      db,
      sql`SELECT id, username FROM users WHERE ${where} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`,
    );
    const total = await first<{ n: number }>(db, sql`SELECT count(*)::bigint AS n FROM users WHERE ${where}`);
    return { items: items.map((u) => ({ userId: Number(u.id), username: String(u.username) })), total: Number(total?.n ?? 0) };
  });
}
