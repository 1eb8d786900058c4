// The signed-in player's own data: profile, public search.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/errors';
import { defineRoute } from '../define';

export async function userProfileRoutes(app: FastifyInstance) {
  const { users } = app.services;

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
  defineRoute(
    app,
    'patchMe',
    async ({ user, body }) => {
      const before = await users.me(user.userId);
      const me = await app.services.profiles.patchMe(user.userId, body);
      // A new address is unconfirmed (a trigger says so): it gets its confirmation link.
      if (before && me.email.toLowerCase() !== before.email.toLowerCase()) app.services.auth.resendConfirmation(user.userId);
      return me;
    },
    { rateLimit: app.rateLimits.login },
  );

  // Public search by username prefix: only id and name, active users only.
  defineRoute(app, 'userSearch', async ({ query }) => app.services.userAdmin.search(query));
}
