// Accounts: creation and sessions (token checks, the cached Me, sessions ended). The profile is in
// profile.ts, the staff's user care in user-admin.ts, how a user row is read in user-views.ts.
// Credentials (registration, sign-in and its throttling, the second factor, e-mail confirmation,
// password reset) are in auth.ts.
import { sql } from 'drizzle-orm';
import type { Role } from '../../shared/api/enums';
import type { Me } from '../../shared/api/user';
import { type Database, type Executor, first, pgCode } from '../db/client';
import type { UserRow } from '../db/rows';
import { conflict } from '../core/errors';
import { newDepositCode } from '../core/codes';
import type { Ledger } from '../core/ledger';
import type { MailTransport } from '../core/mail';
import { type ScryptParams, SCRYPT_PRODUCTION, hashPassword } from './passwords';
import type { TokenService } from './tokens';
import { MeCache, type CachedMe } from './me-cache';
import * as userRecords from './user-records';
import { BALANCES_JOIN, toMe, USER_WITH_BALANCES, type UserWithBalances } from './user-views';

/** Why a user's sessions were ended (token version bumped). */
export type SessionEndReason = 'LOGOUT_ALL' | 'PASSWORD_CHANGED' | 'PASSWORD_RESET' | 'ROLE_CHANGED' | 'DELETED' | 'DISABLED';

/** The caller of a request, after the token and its version were checked. */
export interface AuthUser {
  userId: number;
  username: string;
  role: Role;
}

export interface UserServiceOptions {
  scrypt?: ScryptParams;
  /** Base URL of the site for links in mails, e.g. https://poker.example.mn */
  publicUrl: string;
  mail: MailTransport;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
}

export class UserService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    private readonly opts: UserServiceOptions,
    readonly meCache: MeCache = new MeCache(),
  ) {
    ledger.onBalanceChanged((userId) => meCache.invalidate(userId));
  }

  private readonly sessionListeners = new Set<(userId: number, reason: SessionEndReason) => void>();

  /**
   * Called after the commit of every change that ends a user's sessions (token version bumped:
   * log out everywhere, password change or reset, role change, deletion). The live layer closes
   * or downgrades that user's sockets on every instance.
   */
  onSessionsEnded(listener: (userId: number, reason: SessionEndReason) => void): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  /** Public for AuthService.resetPassword (credentials live there). */
  sessionsEnded(userId: number, reason: SessionEndReason): void {
    for (const l of this.sessionListeners) {
      try {
        l(userId, reason);
      } catch (e) {
        this.opts.log.error(e, 'session listener failed');
      }
    }
  }

  /** Runs a write to a user's row, then drops the cached copy (after the commit); profile and staff care use it too. */
  async writing<T>(userId: number, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } finally {
      this.meCache.invalidate(userId);
    }
  }

  private get scrypt() {
    return this.opts.scrypt ?? SCRYPT_PRODUCTION;
  }
  hash(password: string): Promise<string> {
    return hashPassword(password, this.scrypt);
  }

  /**
   * Creates a user with its ledger accounts. `passwordHash` lets callers reuse a computed hash.
   * `emailConfirmed` is false for self-registration (the address waits for its mailed link).
   */
  async create(input: {
    username: string;
    email: string;
    emailConfirmed?: boolean;
    passwordHash: string;
    bank: string;
    accountNumber: string;
    role?: Role;
  }): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          const id = await userRecords.insertUser(tx, { ...input, depositCode: newDepositCode() });
          await this.ledger.openUserAccounts(tx, id);
          return id;
        });
      } catch (e) {
        if (pgCode(e) !== '23505') throw e;
        const text = String((e as Error).message) + String((e as { cause?: Error }).cause?.message ?? '');
        const constraint = (e as { constraint?: string }).constraint ?? (e as { cause?: { constraint?: string } }).cause?.constraint ?? text;
        if (constraint.includes('users_username_lower')) throw conflict('This username is taken', 'USERNAME_TAKEN');
        if (constraint.includes('users_email_lower')) throw conflict('This e-mail address is already registered', 'EMAIL_TAKEN');
        if (attempt >= 5) throw e; // deposit code collision: draw again
      }
    }
  }

  /** Checks a bearer token: signature, expiry, and that the user is active with the same token version. */
  async authenticate(token: string): Promise<AuthUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const cached = this.fresh(claims);
    if (cached) return this.checked(claims, cached)?.user ?? null;
    const u = await first<Pick<UserRow, 'username' | 'role' | 'status' | 'token_version'>>(
      this.db,
      sql`SELECT username, role, status, token_version FROM users WHERE id = ${claims.userId}`,
    );
    if (!u || u.status !== 'active' || u.token_version !== claims.tokenVersion) return null;
    return { userId: claims.userId, username: u.username, role: u.role };
  }

  /**
   * authenticate and me in one query, for GET /me: the app calls it on every page load and
   * balance refresh, so it costs one round trip instead of two.
   */
  async authenticateMe(token: string): Promise<{ user: AuthUser; me: Me } | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    let entry = this.fresh(claims);
    if (!entry) {
      const mark = this.meCache.mark();
      const r = await first<UserWithBalances & Pick<UserRow, 'token_version'>>(
        this.db,
        sql`SELECT ${USER_WITH_BALANCES}, u.token_version FROM users u ${BALANCES_JOIN} WHERE u.id = ${claims.userId}`,
      );
      if (!r) return null;
      entry = { me: toMe(r), tokenVersion: r.token_version };
      this.meCache.set(claims.userId, mark, entry);
    }
    return this.checked(claims, entry);
  }

  /**
   * The cached copy, unless the token is newer than it: token versions only grow, so the copy
   * predates a change made on another instance whose message has not arrived yet (a password
   * change answered there with a fresh token).
   */
  private fresh(claims: { userId: number; tokenVersion: number }): CachedMe | undefined {
    const e = this.meCache.get(claims.userId);
    return e && e.tokenVersion >= claims.tokenVersion ? e : undefined;
  }

  private checked(claims: { userId: number; tokenVersion: number }, e: CachedMe): { user: AuthUser; me: Me } | null {
    if (e.me.status !== 'active' || e.tokenVersion !== claims.tokenVersion) return null;
    return { user: { userId: claims.userId, username: e.me.username, role: e.me.role }, me: e.me };
  }

  async me(userId: number, ex: Executor = this.db): Promise<Me | null> {
    const r = await first<UserWithBalances>(ex, sql`SELECT ${USER_WITH_BALANCES} FROM users u ${BALANCES_JOIN} WHERE u.id = ${userId}`);
    return r ? toMe(r) : null;
  }

  async logoutAll(userId: number): Promise<void> {
    await this.writing(userId, () => userRecords.endSessions(this.db, userId));
    this.sessionsEnded(userId, 'LOGOUT_ALL');
  }
}
