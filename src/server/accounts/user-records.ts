// The one writer of `users`: registration, the house bots' accounts, profile edits, sessions
// ended, roles, holds, the account closed. Whoever changes a user row calls one of these, as the
// ledger is the one writer of money; the callers keep their checks and their transactions.
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { first, rows, type Executor } from '../db/client';
import type { UserRow } from '../db/rows';

export interface NewUser {
  username: string;
  email: string;
  emailConfirmed?: boolean;
  passwordHash: string;
  role?: UserRow['role'];
  bank: string;
  accountNumber: string;
  depositCode: string;
}

export async function insertUser(ex: Executor, u: NewUser): Promise<number> {
  const row = await first<Pick<UserRow, 'id'>>(
    ex,
    sql`INSERT INTO users (username, email, email_confirmed, password_hash, role, bank, account_number, deposit_code)
        VALUES (${u.username}, ${u.email}, ${u.emailConfirmed ?? true}, ${u.passwordHash}, ${u.role ?? 'PLAYER'}, ${u.bank}, ${u.accountNumber}, ${u.depositCode})
        RETURNING id`,
  );
  return row!.id;
}

const BOT_NAMES = ['Temujin', 'Borte', 'Khulan', 'Jebe', 'Subutai', 'Mandukhai', 'Batu', 'Altan', 'Oyun', 'Naran', 'Saraa', 'Tuul', 'Bilguun', 'Erdene', 'Anu'];

/** The house bots' accounts, created as needed (they never sign in: no password). */
export async function botUsers(ex: Executor, count: number): Promise<Array<{ userId: number; username: string }>> {
  type BotUser = Pick<UserRow, 'id' | 'username'>;
  const active = () => rows<BotUser>(ex, sql`SELECT id, username FROM users WHERE is_bot AND status = 'active' ORDER BY id`);
  let existing = await active();
  for (let i = existing.length; i < count; i++) {
    const name = `${BOT_NAMES[i % BOT_NAMES.length]}_bot${i >= BOT_NAMES.length ? i : ''}`;
    const code = `B${randomBytes(5).toString('hex').toUpperCase()}`;
    const row = await first<BotUser>(
      ex,
      sql`INSERT INTO users (username, email, password_hash, role, bank, account_number, deposit_code, is_bot, status)
      VALUES (${name}, ${`${name.toLowerCase()}@bots.invalid`}, '!', 'PLAYER', 'KHAN', '0', ${code}, true, 'active')
      ON CONFLICT DO NOTHING RETURNING id, username`,
    );
    if (row) existing.push(row);
  }
  // A name taken meanwhile was taken by another caller adding the same bots (a house table and a
  // pool at once): its row, committed by now, serves here too.
  if (existing.length < count) existing = await active();
  return existing.slice(0, count).map((r) => ({ userId: r.id, username: r.username }));
}

/** A profile edit: the caller built and checked the assignments. */
export function updateProfile(ex: Executor, userId: number, sets: SQL[]) {
  return first<Pick<UserRow, 'token_version' | 'payout_hold_until'> & { at: string }>(
    ex,
    sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${userId} RETURNING token_version, payout_hold_until, now() AS at`,
  );
}

/** Every token issued so far stops working (sign out everywhere, a new password, a new role). */
export async function endSessions(ex: Executor, userId: number): Promise<void> {
  await ex.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${userId}`);
}

export async function setPassword(ex: Executor, userId: number, passwordHash: string): Promise<void> {
  await ex.execute(sql`UPDATE users SET password_hash = ${passwordHash}, token_version = token_version + 1 WHERE id = ${userId}`);
}

export async function setRole(ex: Executor, userId: number, role: UserRow['role']): Promise<void> {
  await ex.execute(sql`UPDATE users SET role = ${role}, token_version = token_version + 1 WHERE id = ${userId}`);
}

/** ADMIN_USERNAME at start: that account is an active administrator with the given password. */
export async function restoreAdmin(ex: Executor, userId: number, passwordHash: string): Promise<void> {
  await ex.execute(
    sql`UPDATE users SET role = 'ADMIN', status = 'active', password_hash = ${passwordHash}, token_version = token_version + 1 WHERE id = ${userId}`,
  );
}

/** The account closed: its personal data replaced, its sessions ended; the row stays for the ledger. */
export async function closeAccount(ex: Executor, userId: number): Promise<void> {
  await ex.execute(
    sql`UPDATE users SET status = 'disabled', deleted_at = now(), token_version = token_version + 1,
        username = ${`deleted_${userId}`}, email = ${`deleted-${userId}@deleted.invalid`},
        account_number = '000000', password_hash = '!'
      WHERE id = ${userId}`,
  );
}

/** The e-mail of a confirmation link is confirmed if it is still the account's; the id or null. */
export async function confirmEmail(ex: Executor, userId: number, email: string): Promise<{ id: number } | undefined> {
  return first<Pick<UserRow, 'id'>>(
    ex,
    sql`UPDATE users SET email_confirmed = true WHERE id = ${userId} AND lower(email) = lower(${email}) AND status = 'active' RETURNING id`,
  );
}

export async function setHold(ex: Executor, userId: number, reason: string, by: number): Promise<void> {
  await ex.execute(sql`UPDATE users SET hold_reason = ${reason}, hold_since = now(), hold_by = ${by} WHERE id = ${userId}`);
}

export async function clearHold(ex: Executor, userId: number): Promise<void> {
  await ex.execute(sql`UPDATE users SET hold_reason = NULL, hold_since = NULL, hold_by = NULL WHERE id = ${userId}`);
}

export async function markSignedIn(ex: Executor, userId: number): Promise<void> {
  await ex.execute(sql`UPDATE users SET last_login_at = now() WHERE id = ${userId}`);
}
