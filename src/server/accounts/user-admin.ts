// The staff's care of accounts: find and read users, change a role, close an account, and the
// first administrator at start. Sessions and creation are in users.ts, the profile in profile.ts.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUser, AdminUserQuery } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import type { Role } from '../../shared/api/enums';
import type { PublicUser, UserSearchQuery } from '../../shared/api/user';
import { type Database, type Executor, first, rows } from '../db/client';
import type { UserRow } from '../db/rows';
import { conflict, notFound } from '../core/errors';
import { type Actor, audit } from '../core/audit';
import type { Ledger } from '../core/ledger';
import { likePrefix, pageSql, where } from '../core/paging';
import { forgetNotesOf } from '../room/notes';
import { forgetSubscriptionsOf } from '../room/push';
import * as userRecords from './user-records';
import { ADMIN_USER_SELECT, type AdminUserRow, type Count, SEARCH_SORT, toAdminUser, USER_SORT } from './user-views';
import type { UserService } from './users';

export type AdminUserListQuery = z.output<typeof AdminUserQuery>;
export type UserSearch = z.output<typeof UserSearchQuery>;

export class UserAdmin {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly users: UserService,
  ) {}

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
   * account is disabled and anonymised, its tokens die, its notes (by it and on it) and push
   * subscriptions are deleted, and its ledger stays as it is.
   */
  async delete(actorId: number, userId: number, actor?: Actor): Promise<void> {
    if (actorId === userId) throw conflict('You cannot delete your own account');
    await this.users.writing(userId, () =>
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
        // What the room kept for the person alone goes with the account: notes, push browsers.
        await forgetNotesOf(tx, userId);
        await forgetSubscriptionsOf(tx, userId);
        await tx.execute(sql`UPDATE password_resets SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`);
        const before = { username: u.username, email: u.email, role: u.role, status: u.status };
        if (actor) await audit(tx, actor, { action: 'user.delete', objectType: 'user', objectId: userId, userId, before, after: { status: 'disabled' } });
      }),
    );
    this.users.sessionsEnded(userId, 'DELETED');
  }

  async changeRole(actorId: number, userId: number, role: Role, actor?: Actor): Promise<AdminUser> {
    let changed = false;
    await this.users.writing(userId, () =>
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
    if (changed) this.users.sessionsEnded(userId, 'ROLE_CHANGED');
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
      const hash = await this.users.hash(pass);
      await this.users.writing(existing.id, () => userRecords.restoreAdmin(this.db, existing.id, hash));
      this.users.sessionsEnded(existing.id, 'ROLE_CHANGED');
    } else {
      await this.users.create({
        username: name,
        email: `${name.toLowerCase()}@admin.invalid`,
        passwordHash: await this.users.hash(pass),
        bank: 'KHAN',
        accountNumber: '000000',
        role: 'ADMIN',
      });
    }
    return { created: true, username: name, password: generated ? pass : undefined, generated };
  }
}
