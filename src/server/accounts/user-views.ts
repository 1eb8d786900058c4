// How a user row is read for the player (Me) and for staff (AdminUser): the selects, their sort
// fields and the mapping, shared by the sessions, the profile and the staff's user care.
import { sql } from 'drizzle-orm';
import type { AdminUser } from '../../shared/api/admin';
import type { Me } from '../../shared/api/user';
import { iso, isoOrNull } from '../db/client';
import type { LoginThrottleRow, UserRow } from '../db/rows';

/** A user as USER_WITH_BALANCES selects it. */
export type UserWithBalances = Pick<UserRow, 'id' | 'username' | 'email' | 'email_confirmed' | 'role' | 'status' | 'bank' | 'account_number' | 'deposit_code'> &
  Pick<UserRow, 'created_at' | 'last_login_at' | 'payout_changed_at' | 'payout_hold_until' | 'avatar'> & { balance: number; locked: number };
/** With the sign-in pause of the account (login_throttle, LEFT JOINed). */
export type AdminUserRow = UserWithBalances &
  Pick<LoginThrottleRow, 'locked_until'> &
  Pick<UserRow, 'hold_reason' | 'hold_since'> & { hold_by_name: UserRow['username'] | null };
export type Count = { n: number };

/** SELECT list for a user with balance (available) and locked (tables + withdrawal holds). */
export const USER_WITH_BALANCES = sql`u.id, u.username, u.email, u.email_confirmed, u.role, u.status, u.bank, u.account_number, u.deposit_code,
  u.created_at, u.last_login_at, u.payout_changed_at, u.payout_hold_until, u.avatar,
  coalesce(b.available, 0)::bigint AS balance, coalesce(b.locked, 0)::bigint AS locked`;
export const BALANCES_JOIN = sql`LEFT JOIN LATERAL (
    SELECT sum(balance) FILTER (WHERE kind = 'available') AS available,
           sum(balance) FILTER (WHERE kind IN ('withdrawal_hold', 'table')) AS locked
    FROM accounts WHERE user_id = u.id) b ON true`;
export const ADMIN_USER_SELECT = sql`SELECT ${USER_WITH_BALANCES}, t.locked_until, u.hold_reason, u.hold_since, hb.username AS hold_by_name
  FROM users u ${BALANCES_JOIN} LEFT JOIN login_throttle t ON t.username_lower = lower(u.username) LEFT JOIN users hb ON hb.id = u.hold_by`;

/** Public sort fields -> SQL over the alias `u` (and the balances `b`) of ADMIN_USER_SELECT. */
export const USER_SORT = {
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
export const SEARCH_SORT = { username: sql`lower(username)`, userId: sql`id`, id: sql`id` };

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
