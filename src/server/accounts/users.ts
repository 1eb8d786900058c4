// Accounts: creation, token checks, profile, admin user care. Credentials (registration, sign-in
// and its throttling, the second factor, e-mail confirmation, password reset) are in auth.ts.
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUser, AdminUserQuery } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import type { Role } from '../../shared/api/enums';
import type { Me, PatchMeBody, PublicUser, UserSearchQuery } from '../../shared/api/user';
import { type Database, type Executor, first, iso, isoOrNull, pgCode, rows } from '../db/client';
import type { LoginThrottleRow, UserRow } from '../db/rows';
import { conflict, forbidden, notFound } from '../core/errors';
import { type Actor, audit } from '../core/audit';
import { newDepositCode } from '../core/codes';
import type { Ledger } from '../core/ledger';
import type { MailTransport } from '../core/mail';
import { type ScryptParams, SCRYPT_PRODUCTION, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';
import { MeCache, type CachedMe } from './me-cache';
import { likePrefix, pageSql, where } from '../core/paging';
import { profileChangeMail } from './profile-mail';
import { SettingsService } from '../core/settings';
import * as userRecords from './user-records';

/** Why a user's sessions were ended (token version bumped). */
export type SessionEndReason = 'LOGOUT_ALL' | 'PASSWORD_CHANGED' | 'PASSWORD_RESET' | 'ROLE_CHANGED' | 'DELETED' | 'DISABLED';

/** The caller of a request, after the token and its version were checked. */
export interface AuthUser {
  userId: number;
  username: string;
  role: Role;
}

export type AdminUserListQuery = z.output<typeof AdminUserQuery>;
export type UserSearch = z.output<typeof UserSearchQuery>;

/** A user as USER_WITH_BALANCES selects it. */
type UserWithBalances = Pick<UserRow, 'id' | 'username' | 'email' | 'email_confirmed' | 'role' | 'status' | 'bank' | 'account_number' | 'deposit_code'> &
  Pick<UserRow, 'created_at' | 'last_login_at' | 'payout_changed_at' | 'payout_hold_until' | 'avatar'> & { balance: number; locked: number };
/** With the sign-in pause of the account (login_throttle, LEFT JOINed). */
type AdminUserRow = UserWithBalances &
  Pick<LoginThrottleRow, 'locked_until'> &
  Pick<UserRow, 'hold_reason' | 'hold_since'> & { hold_by_name: UserRow['username'] | null };
type Count = { n: number };

/** SELECT list for a user with balance (available) and locked (tables + withdrawal holds). */
const USER_WITH_BALANCES = sql`u.id, u.username, u.email, u.email_confirmed, u.role, u.status, u.bank, u.account_number, u.deposit_code,
  u.created_at, u.last_login_at, u.payout_changed_at, u.payout_hold_until, u.avatar,
  coalesce(b.available, 0)::bigint AS balance, coalesce(b.locked, 0)::bigint AS locked`;
const BALANCES_JOIN = sql`LEFT JOIN LATERAL (
    SELECT sum(balance) FILTER (WHERE kind = 'available') AS available,
           sum(balance) FILTER (WHERE kind IN ('withdrawal_hold', 'table')) AS locked
    FROM accounts WHERE user_id = u.id) b ON true`;
const ADMIN_USER_SELECT = sql`SELECT ${USER_WITH_BALANCES}, t.locked_until, u.hold_reason, u.hold_since, hb.username AS hold_by_name
  FROM users u ${BALANCES_JOIN} LEFT JOIN login_throttle t ON t.username_lower = lower(u.username) LEFT JOIN users hb ON hb.id = u.hold_by`;

/** Public sort fields -> SQL over the alias `u` (and the balances `b`) of ADMIN_USER_SELECT. */
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
const SEARCH_SORT = { username: sql`lower(username)`, userId: sql`id`, id: sql`id` };

export function toMe(r: UserWithBalances): Me {
  return {
    userId: r.id,
    username: r.username,
    email: r.email,
    emailConfirmed: r.email_confirmed,
    role: r.role,
    isAdmin: r.role === 'ADMIN',
    balance: r.balance,
    locked: r.locked,
    bank: r.bank,
    accountNumber: r.account_number,
    depositCode: r.deposit_code,
    status: r.status,
    createdAt: iso(r.created_at),
    payoutChangedAt: isoOrNull(r.payout_changed_at),
    payoutHoldUntil: isoOrNull(r.payout_hold_until),
    avatar: r.avatar,
  };
}

export function toAdminUser(r: AdminUserRow): AdminUser {
  const me = toMe(r);
  const lockedUntil = r.locked_until && new Date(iso(r.locked_until)) > new Date() ? iso(r.locked_until) : null;
  const hold = r.hold_since ? { reason: r.hold_reason ?? '', since: iso(r.hold_since), by: r.hold_by_name } : null;
  return { ...me, lastLoginAt: isoOrNull(r.last_login_at), lockedUntil, hold };
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

  /** Runs a write to a user's row, then drops the cached copy (after the commit). */
  private async writing<T>(userId: number, fn: () => Promise<T>): Promise<T> {
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

  private async assertFree(username: string | null, email: string | null, exceptUserId = 0): Promise<void> {
    if (username !== null) {
      const u = await first(this.db, sql`SELECT 1 FROM users WHERE lower(username) = lower(${username}) AND id <> ${exceptUserId}`);
      if (u) throw conflict('This username is taken', 'USERNAME_TAKEN');
    }
    if (email !== null) {
      const e = await first(this.db, sql`SELECT 1 FROM users WHERE lower(email) = lower(${email}) AND id <> ${exceptUserId}`);
      if (e) throw conflict('This e-mail address is already registered', 'EMAIL_TAKEN');
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

  /**
   * The player's own changes. The e-mail address (where resets go), the payout details (where
   * withdrawals are paid) and the password need the current password: a stolen token alone cannot
   * take the account or its money. A payout change starts the cooling-off (settings
   * payoutCoolingHours): withdrawals requested before its end wait for it. The old address (when
   * confirmed) is told of every such change. The avatar (an id of the set, checked by the
   * contract, or null for the initials) needs no password and sends no mail.
   */
  async patchMe(userId: number, body: PatchMeBody): Promise<Me & { accessToken?: string }> {
    const current = await first<Pick<UserRow, 'username' | 'email' | 'email_confirmed' | 'bank' | 'account_number' | 'password_hash'>>(
      this.db,
      sql`SELECT username, email, email_confirmed, bank, account_number, password_hash FROM users WHERE id = ${userId}`,
    );
    if (!current) throw notFound('User');
    // Only real changes count: the apps may send the unchanged values along.
    const emailChanged = body.email !== undefined && body.email.toLowerCase() !== current.email.toLowerCase();
    const payoutChanged =
      (body.bank !== undefined && body.bank !== current.bank) || (body.accountNumber !== undefined && body.accountNumber !== current.account_number);
    if (emailChanged || payoutChanged || body.password !== undefined) {
      // 403, not 401: a wrong current password must not sign the player out in the apps.
      if (body.currentPassword === undefined)
        throw forbidden('Enter your current password to change the e-mail address, bank details or password', 'WRONG_PASSWORD');
      if (!(await verifyPassword(body.currentPassword, current.password_hash))) throw forbidden('The current password is wrong', 'WRONG_PASSWORD');
    }
    const settings = payoutChanged || emailChanged || body.password !== undefined ? await new SettingsService(this.db).get() : null;
    const sets: SQL[] = [];
    if (body.email !== undefined) {
      await this.assertFree(null, body.email, userId);
      sets.push(sql`email = ${body.email}`);
    }
    if (body.bank !== undefined) sets.push(sql`bank = ${body.bank}`);
    if (body.accountNumber !== undefined) sets.push(sql`account_number = ${body.accountNumber}`);
    if (body.avatar !== undefined) sets.push(sql`avatar = ${body.avatar}`);
    if (payoutChanged) sets.push(sql`payout_changed_at = now()`, sql`payout_hold_until = now() + ${settings!.payoutCoolingHours}::int * interval '1 hour'`);
    let newVersion: number | undefined;
    if (body.password !== undefined) {
      sets.push(sql`password_hash = ${await this.hash(body.password)}`, sql`token_version = token_version + 1`);
    }
    if (sets.length) {
      try {
        const row = await this.writing(userId, () => userRecords.updateProfile(this.db, userId, sets));
        if ((emailChanged || payoutChanged || body.password !== undefined) && current.email_confirmed) {
          // Not awaited: the answer does not wait for the mail server; a failure is logged.
          const mail = profileChangeMail({
            username: current.username,
            to: current.email,
            at: new Date(iso(row!.at)),
            email: emailChanged ? body.email : undefined,
            payout: payoutChanged
              ? {
                  bank: body.bank ?? current.bank,
                  accountNumber: body.accountNumber ?? current.account_number,
                  holdUntil: row!.payout_hold_until ? new Date(iso(row!.payout_hold_until)) : null,
                }
              : undefined,
            password: body.password !== undefined,
            supportEmail: settings!.supportEmail,
            forgotUrl: `${this.opts.publicUrl.replace(/\/$/, '')}/auth/forgot-password`,
          });
          this.opts.mail.send(mail).catch((err) => this.opts.log.error(err, 'profile change mail failed'));
        }
        if (body.password !== undefined) {
          newVersion = row!.token_version;
          this.sessionsEnded(userId, 'PASSWORD_CHANGED');
        }
      } catch (e) {
        if (pgCode(e) === '23505') throw conflict('This e-mail address is already registered', 'EMAIL_TAKEN');
        throw e;
      }
    }
    const me = (await this.me(userId))!;
    // Changing the password signs out every other session; this one gets a fresh token.
    return newVersion === undefined ? me : { ...me, accessToken: await this.tokens.sign({ userId, tokenVersion: newVersion }) };
  }

  /**
   * The avatar a player sits down with (null: the initials). Read at every sit, so a change in
   * the profile shows from the player's next sit, not at a seat already taken.
   */
  async avatarOf(userId: number): Promise<string | null> {
    const r = await first<Pick<UserRow, 'avatar'>>(this.db, sql`SELECT avatar FROM users WHERE id = ${userId}`);
    return r?.avatar ?? null;
  }

  async logoutAll(userId: number): Promise<void> {
    await this.writing(userId, () => userRecords.endSessions(this.db, userId));
    this.sessionsEnded(userId, 'LOGOUT_ALL');
  }

  // ---- administrators ----

  async adminUser(userId: number, ex: Executor = this.db): Promise<AdminUser | null> {
    const r = await first<AdminUserRow>(ex, sql`${ADMIN_USER_SELECT} WHERE u.id = ${userId}`);
    return r ? toAdminUser(r) : null;
  }

  async exists(userId: number): Promise<boolean> {
    return !!(await first(this.db, sql`SELECT 1 FROM users WHERE id = ${userId}`));
  }

  /** The administrators' search: a username prefix, an exact e-mail address or deposit code; role; status. */
  async list(q: AdminUserListQuery): Promise<List<AdminUser>> {
    const p = pageSql(q, USER_SORT, 'id');
    const term = q.q?.trim();
    const w = where([
      term && sql`(lower(u.username) LIKE ${likePrefix(term.toLowerCase())} OR lower(u.email) = lower(${term}) OR u.deposit_code = upper(${term}))`,
      q.role && sql`u.role = ${q.role}`,
      q.status && sql`u.status = ${q.status}`,
    ]);
    const items = await rows<AdminUserRow>(this.db, sql`${ADMIN_USER_SELECT} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    // The count needs no balances join: the filters are on users only.
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM users u ${w}`);
    return { items: items.map(toAdminUser), total: total?.n ?? 0 };
  }

  /** The public search by username prefix: active users, id and name only. */
  async search(q: UserSearch): Promise<List<PublicUser>> {
    const w = sql`status = 'active' AND lower(username) LIKE ${likePrefix(q.q.toLowerCase())}`;
    const p = pageSql(q, SEARCH_SORT, 'username', 'ASC');
    const items = await rows<Pick<UserRow, 'id' | 'username'>>(
      this.db,
      sql`SELECT id, username FROM users WHERE ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`,
    );
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM users WHERE ${w}`);
    return { items: items.map((u) => ({ userId: u.id, username: u.username })), total: total?.n ?? 0 };
  }

  /**
   * Refused (409) while the user has chips on a table, a pending withdrawal or a seat; otherwise the
   * account is disabled and anonymised, its tokens die, and its ledger stays as it is.
   */
  async delete(actorId: number, userId: number, actor?: Actor): Promise<void> {
    if (actorId === userId) throw conflict('You cannot delete your own account');
    await this.writing(userId, () =>
      this.db.transaction(async (tx) => {
        const u = await first<Pick<UserRow, 'id' | 'role' | 'status' | 'username' | 'email'>>(
          tx,
          sql`SELECT id, role, status, username, email FROM users WHERE id = ${userId} FOR UPDATE`,
        );
        if (!u || u.status !== 'active') throw notFound('User');
        const b = await this.ledger.balances(tx, userId);
        const pending = await first(tx, sql`SELECT 1 FROM withdrawals WHERE user_id = ${userId} AND status = 'NOT_APPROVED' LIMIT 1`);
        const seated = await first(tx, sql`SELECT 1 FROM table_seats WHERE user_id = ${userId} LIMIT 1`);
        if (b.locked > 0 || pending || seated) throw conflict('The user has chips on a table or a pending withdrawal', 'USER_HAS_FUNDS_LOCKED');
        await userRecords.closeAccount(tx, userId);
        await tx.execute(sql`UPDATE password_resets SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`);
        const before = { username: u.username, email: u.email, role: u.role, status: u.status };
        if (actor) await audit(tx, actor, { action: 'user.delete', objectType: 'user', objectId: userId, userId, before, after: { status: 'disabled' } });
      }),
    );
    this.sessionsEnded(userId, 'DELETED');
  }

  async changeRole(actorId: number, userId: number, role: Role, actor?: Actor): Promise<AdminUser> {
    let changed = false;
    await this.writing(userId, () =>
      this.db.transaction(async (tx) => {
        const u = await first<Pick<UserRow, 'id' | 'role' | 'status'>>(tx, sql`SELECT id, role, status FROM users WHERE id = ${userId} FOR UPDATE`);
        if (!u || u.status !== 'active') throw notFound('User');
        if (u.role === role) return;
        if (u.role === 'ADMIN') {
          // Lock the admin rows so two demotions cannot race past the check.
          const admins = await rows(tx, sql`SELECT id FROM users WHERE role = 'ADMIN' AND status = 'active' FOR UPDATE`);
          if (admins.length <= 1) throw conflict('The last administrator cannot be demoted');
          if (actorId === userId) throw conflict('You cannot demote yourself');
        }
        await userRecords.setRole(tx, userId, role);
        if (actor) await audit(tx, actor, { action: 'user.role', objectType: 'user', objectId: userId, userId, before: { role: u.role }, after: { role } });
        changed = true;
      }),
    );
    if (changed) this.sessionsEnded(userId, 'ROLE_CHANGED');
    return (await this.adminUser(userId))!;
  }

  /** First administrator at start: from ADMIN_USERNAME/ADMIN_PASSWORD, else generated and printed once. */
  async ensureAdmin(username?: string, password?: string): Promise<{ created: boolean; username?: string; password?: string; generated?: boolean }> {
    const any = await first(this.db, sql`SELECT 1 FROM users WHERE role = 'ADMIN' AND status = 'active' LIMIT 1`);
    if (any) return { created: false };
    const name = username || 'admin';
    const generated = !password;
    const pass = password || randomBytes(12).toString('base64url');
    const existing = await first<Pick<UserRow, 'id'>>(this.db, sql`SELECT id FROM users WHERE lower(username) = lower(${name})`);
    if (existing) {
      const hash = await this.hash(pass);
      await this.writing(existing.id, () => userRecords.restoreAdmin(this.db, existing.id, hash));
      this.sessionsEnded(existing.id, 'ROLE_CHANGED');
    } else {
      await this.create({
        username: name,
        email: `${name.toLowerCase()}@admin.invalid`,
        passwordHash: await this.hash(pass),
        bank: 'KHAN',
        accountNumber: '000000',
        role: 'ADMIN',
      });
    }
    return { created: true, username: name, password: generated ? pass : undefined, generated };
  }
}
