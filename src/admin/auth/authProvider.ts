// The admin's auth provider, on the same token as the player app (localStorage `accessToken`).
// Signing in happens in the player app; here we only check that the stored token belongs to a
// staff member (ADMIN or SUPPORT). Anyone else is sent to `/` by a full navigation (the player app
// is another bundle). What each role may do is in permissions.ts (react-admin's canAccess).
import type { AuthProvider } from 'react-admin';
import type { Me, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../shared/api/user';
import { clearToken, getToken as readToken } from '../../shared/http';
import { takeEarlyMe } from './earlyMe';
import { createHttp, type Http, type HttpOptions } from '../dataProvider/http';
import { can, isStaffUser } from './permissions';

/** Full navigation to the player app's home page. */
export function goHomeDefault(): void {
  window.location.replace('/');
}

/** May open the back office: administrators and support staff. */
export function isAdminUser(me: Pick<Me, 'role' | 'isAdmin'> | null | undefined): boolean {
  return isStaffUser(me);
}

export interface AdminAuthOptions extends HttpOptions {
  goHome?: () => void;
  /** How long a fetched `/me` is trusted before asking again (ms). */
  cacheMs?: number;
  now?: () => number;
}

export interface AdminAuthProvider extends AuthProvider {
  /** Checks the stored token against `/me`; resolves with the admin or rejects (after sending home). */
  ensureAdmin(): Promise<Me>;
  /** The staff member `ensureAdmin` last confirmed for the stored token, if any (no request). */
  knownUser(): Me | null;
  /** The explicit "Log out" of the user menu: forget the token, go home. */
  signOut(): void;
  /**
   * The caller's second factor (security page). Straight calls, not through react-admin: a 403
   * for a wrong password or code must not count as "role taken away" (checkError).
   */
  twoFactor: {
    status(): Promise<TwoFactorStatus>;
    setup(password: string): Promise<TwoFactorSetup>;
    enable(code: string): Promise<RecoveryCodes>;
    disable(password: string, code: string): Promise<void>;
    /** New recovery codes, the factor left on (the old codes stop working). */
    renewCodes(password: string, code: string): Promise<RecoveryCodes>;
  };
}

function twoFactorCalls(http: Http): AdminAuthProvider['twoFactor'] {
  return {
    status: () => http.call('twoFactor'),
    setup: (password) => http.call('twoFactorSetup', { body: { password } }),
    enable: (code) => http.call('twoFactorEnable', { body: { code } }),
    disable: async (password, code) => {
      await http.call('twoFactorDisable', { body: { password, code } });
    },
    renewCodes: (password, code) => http.call('twoFactorRecoveryCodes', { body: { password, code } }),
  };
}

export function createAuthProvider(opts: AdminAuthOptions = {}): AdminAuthProvider {
  const http = createHttp(opts);
  const getToken = opts.getToken ?? readToken;
  const goHome = opts.goHome ?? goHomeDefault;
  const cacheMs = opts.cacheMs ?? 30_000;
  const now = opts.now ?? (() => Date.now());
  let cached: { token: string; me: Me; at: number } | null = null;
  let tokenInvalid = false;

  async function fetchMe(fresh = false): Promise<Me | null> {
    const token = getToken();
    if (!token) return null;
    if (!fresh && cached && cached.token === token && now() - cached.at < cacheMs) return cached.me;
    try {
      const me = await http.call('me', { asked: takeEarlyMe(token) });
      cached = { token, me, at: now() };
      tokenInvalid = false;
      return me;
    } catch (e) {
      if ((e as { status?: number }).status === 401) tokenInvalid = true;
      cached = null;
      return null;
    }
  }

  async function ensureAdmin(): Promise<Me> {
    const me = await fetchMe();
    if (!isAdminUser(me)) {
      goHome();
      throw { redirectTo: false, message: false, logoutUser: false };
    }
    return me as Me;
  }

  return {
    ensureAdmin,
    knownUser: () => (cached && cached.token === getToken() && isStaffUser(cached.me) ? cached.me : null),
    twoFactor: twoFactorCalls(http),
    signOut() {
      cached = null;
      clearToken();
      goHome();
    },
    async login() {
      // The sign-in form is the player app's (/auth/login).
      goHome();
      throw { redirectTo: false, message: false };
    },
    async logout() {
      // Called by react-admin after a failed check. A player's valid token stays: they may keep
      // playing; only a token the server refused is forgotten.
      cached = null;
      if (tokenInvalid) clearToken();
      goHome();
      return false;
    },
    async checkAuth() {
      await ensureAdmin();
    },
    async checkError(error: { status?: number }) {
      const status = error?.status;
      if (status === 401) {
        tokenInvalid = true;
        cached = null;
        throw { redirectTo: false, message: false, logoutUser: true };
      }
      // The role may have been taken away while the page was open: ask again. Staff still staff
      // stay (a refusal of one action, e.g. their own withdrawal, is shown where it happened).
      if (status === 403 && !isStaffUser(await fetchMe(true))) {
        goHome();
        throw { redirectTo: false, message: false, logoutUser: false };
      }
    },
    async getIdentity() {
      const me = await ensureAdmin();
      return { id: me.userId, fullName: me.username };
    },
    async getPermissions() {
      const me = await fetchMe();
      return me?.role ?? null;
    },
    async canAccess({ resource, action }: { resource?: string; action: string }) {
      const me = await fetchMe();
      if (!isStaffUser(me)) return false;
      return resource ? can(me!.role, resource, action) : true;
    },
  };
}
