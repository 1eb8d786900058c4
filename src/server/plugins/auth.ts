// Bearer-token authentication: sets request.user (or null) and guards routes by access level.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStaffRole } from '../../shared/api/enums';
import type { Access } from '../../shared/api/routes';
import { AppError, forbidden, unauthorized } from '../core/errors';
import type { Me } from '../../shared/api/user';
import type { AuthUser } from '../accounts/users';
import { global } from './global';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The caller's own record, read with the token check on routes that ask for it (GET /me). */
    me: Me | null;
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : '';
}

export const authPlugin = global(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('me', null);
});

/** The caller on a public route, when a valid token came with it (null otherwise; never an error). */
export async function optionalUser(app: FastifyInstance, req: FastifyRequest): Promise<AuthUser | null> {
  const token = bearer(req);
  if (!token) return null;
  return (await app.services.users.authenticate(token).catch(() => null)) ?? null;
}

/** Checks the caller against the route's access level; 401 without a valid token, 403 for a role below it. */
export async function requireAccess(app: FastifyInstance, req: FastifyRequest, access: Access, withMe = false): Promise<void> {
  if (access === 'public') return;
  const token = bearer(req);
  if (token === null) throw unauthorized();
  let user: AuthUser | null = null;
  if (token && withMe) {
    const found = await app.services.users.authenticateMe(token);
    if (found) ({ user, me: req.me } = found);
  } else if (token) user = await app.services.users.authenticate(token);
  if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Your session has expired; please log in again');
  req.user = user;
  if (access === 'admin' && user.role !== 'ADMIN') throw forbidden('Administrators only');
  if (access === 'staff' && !isStaffRole(user.role)) throw forbidden('Staff only');
}
