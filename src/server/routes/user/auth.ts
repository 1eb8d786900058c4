// Registration, login, sessions, password reset, e-mail confirmation and the second factor.
// `req.ip` is the client only when TRUST_PROXY names the proxy in front (app.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ThrottledError } from '../../accounts/auth';
import { defineRoute } from '../define';

/** A throttled sign-in says when to come back. */
async function withRetryAfter<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ThrottledError) reply.header('retry-after', String(e.retryAfter));
    throw e;
  }
}

/**
 * Behind a proxy that TRUST_PROXY does not name, every client looks like the proxy: the
 * throttling would then treat everyone as one source. Say so once.
 */
function warnOfUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (req) => {
    if (warned || !req.headers['x-forwarded-for'] || req.ip !== req.socket.remoteAddress) return;
    warned = true;
    req.log.warn(`X-Forwarded-For from ${req.ip} is ignored: if a proxy runs in front, set TRUST_PROXY (docs/server.md)`);
  });
}

/** Where a sign-in came from, for linked accounts (docs/integrity.md). */
const tracer =
  (integrity: FastifyInstance['services']['integrity']) =>
  async <T extends { user: { userId: number } }>(out: T, req: FastifyRequest, device?: string) => {
    await integrity.signedIn(out.user.userId, req.ip ?? null, device ?? null, (e) => req.log.error(e, 'sign-in trace lost'));
    return out;
  };

/** Registration and sign-in, each remembering where it came from (docs/integrity.md). */
function signInRoutes(app: FastifyInstance) {
  const { auth, maintenance } = app.services;
  const limits = app.rateLimits;
  const traced = tracer(app.services.integrity);

  defineRoute(
    app,
    'register',
    async ({ body, req }) => {
      await maintenance.assertOpen('register', null);
      const { device, ...form } = body;
      const answer = await auth.register(form, req.ip);
      // The contract accepts only `adult: true`; the moment is kept (docs/safer-play.md).
      await app.services.safer.confirmAdult(answer.user.userId);
      return traced(answer, req, device);
    },
    { rateLimit: limits.register },
  );

  defineRoute(
    app,
    'login',
    async ({ body: { device, ...credentials }, req, reply }) =>
      traced(
        await withRetryAfter(reply, () => auth.login({ ...credentials, source: req.ip, admit: (role) => maintenance.assertOpen('login', role) })),
        req,
        device,
      ),
    { rateLimit: limits.login },
  );
}

export async function userAuthRoutes(app: FastifyInstance) {
  const { users, auth } = app.services;
  const limits = app.rateLimits;
  // Mails and lookups run after the answers: let them finish before the database goes.
  app.addHook('onClose', async () => auth.settled());
  warnOfUntrustedProxy(app);
  signInRoutes(app);

  defineRoute(app, 'logoutAll', async ({ user }) => {
    await users.logoutAll(user.userId);
    // Signed out everywhere: no device keeps receiving the player's messages (deposits, turns).
    await app.services.push.forgetUser(user.userId);
    return { ok: true as const };
  });

  defineRoute(
    app,
    'forgotPassword',
    async ({ body }) => {
      auth.forgotPassword(body.email);
      return { ok: true as const };
    },
    { rateLimit: limits.forgot },
  );

  defineRoute(
    app,
    'resetPassword',
    async ({ body, req }) => {
      await auth.resetPassword(body.token, body.password, req.ip);
      return { ok: true as const };
    },
    { rateLimit: limits.forgot },
  );

  defineRoute(
    app,
    'confirmEmail',
    async ({ body }) => {
      await auth.confirmEmail(body.token);
      return { ok: true as const };
    },
    { rateLimit: limits.forgot },
  );

  defineRoute(
    app,
    'resendConfirmation',
    async ({ user }) => {
      auth.resendConfirmation(user.userId);
      return { ok: true as const };
    },
    { rateLimit: limits.forgot },
  );

  twoFactorRoutes(app);
}

/** The caller's second factor (staff): status, set-up, on, off, new recovery codes. */
function twoFactorRoutes(app: FastifyInstance) {
  const { twoFactor } = app.services.auth;
  const limits = app.rateLimits;

  defineRoute(app, 'twoFactor', async ({ user }) => twoFactor.status(user));

  defineRoute(app, 'twoFactorSetup', async ({ user, body, req, reply }) => withRetryAfter(reply, () => twoFactor.setup(user, body.password, req.ip)), {
    rateLimit: limits.login,
  });

  defineRoute(app, 'twoFactorEnable', async ({ user, body }) => twoFactor.enable(user, body.code), { rateLimit: limits.login });

  defineRoute(
    app,
    'twoFactorDisable',
    async ({ user, body, req, reply }) => {
      await withRetryAfter(reply, () => twoFactor.disable(user, body.password, body.code, req.ip));
      return { ok: true as const };
    },
    { rateLimit: limits.login },
  );

  defineRoute(
    app,
    'twoFactorRecoveryCodes',
    async ({ user, body, req, reply }) => withRetryAfter(reply, () => twoFactor.newRecoveryCodes(user, body.password, body.code, req.ip)),
    { rateLimit: limits.login },
  );
}
