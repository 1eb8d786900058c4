// Registration, login, sessions and password reset.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { defineRoute } from '../define';

export async function userAuthRoutes(app: FastifyInstance) {
  const { users, settings } = app.services;
  const limits = app.rateLimits;

  defineRoute(
    app,
    'register',
    async ({ body }) => {
      if ((await settings.get()).maintenance.enabled) throw new AppError(503, 'MAINTENANCE', 'Registration is closed during maintenance');
      return users.register(body);
    },
    { rateLimit: limits.register },
  );

  defineRoute(
    app,
    'login',
    async ({ body }) => {
      const maintenance = (await settings.get()).maintenance.enabled;
      return users.login(body.username, body.password, { allowPlayers: !maintenance });
    },
    { rateLimit: limits.login },
  );

  defineRoute(app, 'logoutAll', async ({ user }) => {
    await users.logoutAll(user.userId);
    return { ok: true as const };
  });

  defineRoute(
    app,
    'forgotPassword',
    async ({ body }) => {
      await users.forgotPassword(body.email);
      return { ok: true as const };
    },
    { rateLimit: limits.forgot },
  );

  defineRoute(
    app,
    'resetPassword',
    async ({ body }) => {
      await users.resetPassword(body.token, body.password);
      return { ok: true as const };
    },
    { rateLimit: limits.forgot },
  );
}
