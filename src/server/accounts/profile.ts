// The player's own account: profile changes (e-mail, payout details, password, avatar) and the
// avatar they sit with. Sessions and creation are in users.ts, the staff's user care in user-admin.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { Me, PatchMeBody } from '../../shared/api/user';
import { type Database, first, iso, pgCode } from '../db/client';
import type { UserRow } from '../db/rows';
import { conflict, forbidden, notFound } from '../core/errors';
import { SettingsService } from '../core/settings';
import { verifyPassword } from './passwords';
import { profileChangeMail } from './profile-mail';
import type { TokenService } from './tokens';
import * as userRecords from './user-records';
import type { UserService, UserServiceOptions } from './users';

export class ProfileService {
  constructor(
    private readonly db: Database,
    private readonly users: UserService,
    private readonly tokens: TokenService,
    private readonly opts: Pick<UserServiceOptions, 'publicUrl' | 'mail' | 'log'>,
  ) {}

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
      sets.push(sql`password_hash = ${await this.users.hash(body.password)}`, sql`token_version = token_version + 1`);
    }
    if (sets.length) {
      try {
        const row = await this.users.writing(userId, () => userRecords.updateProfile(this.db, userId, sets));
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
          this.users.sessionsEnded(userId, 'PASSWORD_CHANGED');
        }
      } catch (e) {
        if (pgCode(e) === '23505') throw conflict('This e-mail address is already registered', 'EMAIL_TAKEN');
        throw e;
      }
    }
    const me = (await this.users.me(userId))!;
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
}
