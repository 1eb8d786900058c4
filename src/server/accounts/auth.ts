// Credentials: registration, sign-in (throttled by login-throttle.ts), the second factor (TOTP and
// recovery codes) for staff, e-mail confirmation, forgotten passwords. Profiles and the
// administrators' user care stay in users.ts. All throttling state is in the database, so several
// instances share it. See docs/server.md (Security).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Role } from '../../shared/api/enums';
import type { AuthResponse, RegisterBody } from '../../shared/api/user';
import { type Database, first, pgCode } from '../db/client';
import type { EmailConfirmationRow, PasswordResetRow, UserRow } from '../db/rows';
import { AppError, badRequest, conflict, forbidden } from '../core/errors';
import type { SecretBox } from '../core/secret-box';
import type { MailTransport } from '../core/mail';
import { verifyPassword } from './passwords';
import type { TokenService } from './tokens';
import type { AuthUser, UserService } from './users';
import { LoginThrottle, sourceKey } from './login-throttle';
import * as userRecords from './user-records';
import { SecondFactor } from './second-factor';

export { THROTTLE, ThrottledError, sourceKey } from './login-throttle';
export { RECOVERY_CODES, isStaff } from './second-factor';

export const RESET_TOKEN_TTL_MINUTES = 60;
export const CONFIRM_TOKEN_TTL_HOURS = 48;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const minutes = (n: number) => sql.raw(`interval '${n} minutes'`);
const hours = (n: number) => sql.raw(`interval '${n} hours'`);

type Name = Pick<UserRow, 'username' | 'email'>;
/** Whether the user signed in from the source before. */
type Known = { known: boolean };

export interface AuthServiceOptions {
  /** Base URL of the site for links in mails. */
  publicUrl: string;
  mail: MailTransport;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
  /** Seals the TOTP secrets at rest (TOTP_KEY, core/secret-box.ts). */
  secrets: SecretBox;
}

export class AuthService {
  private dummyHash?: Promise<string>;
  private readonly pending = new Set<Promise<void>>();
  private readonly throttle: LoginThrottle;
  /** The staff's second factor (second-factor.ts). */
  readonly twoFactor: SecondFactor;

  constructor(
    private readonly db: Database,
    private readonly users: UserService,
    private readonly tokens: TokenService,
    private readonly opts: AuthServiceOptions,
  ) {
    this.throttle = new LoginThrottle(db, { mail: opts.mail, link: (path) => this.link(path), background: (what, fn) => this.background(what, fn) });
    this.twoFactor = new SecondFactor(db, {
      secrets: opts.secrets,
      log: opts.log,
      checkPassword: (user, password, ip) => this.checkPassword(user, password, ip),
      fail: (who) => this.throttle.fail(who.name, who.source, who.known),
    });
  }

  private hash(password: string): Promise<string> {
    return this.users.hash(password);
  }

  private link(path: string): string {
    return `${this.opts.publicUrl.replace(/\/$/, '')}${path}`;
  }

  /**
   * Work done after the answer (lookups and mails whose cost or outcome must not show in it).
   * Errors are logged; `settled()` waits for all of it (tests, shutdown).
   */
  private background(what: string, fn: () => Promise<void>): void {
    const p: Promise<void> = new Promise<void>((r) => setImmediate(r))
      .then(fn)
      .catch((e) => this.opts.log.error(e, `${what} failed`))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  // ---- registration and e-mail confirmation ----

  /**
   * Creates the account and signs it in. The answer is the same whether the e-mail address is free
   * or someone else's: the address is stored unconfirmed, and after the answer either a
   * confirmation link goes to it or, when another account holds it, its owner is told.
   * Usernames are public (shown at tables), so a taken one answers 409 USERNAME_TAKEN.
   */
  async register(body: RegisterBody, source: string): Promise<AuthResponse> {
    // Before the password hash, so a taken name costs nothing.
    const taken = await first(this.db, sql`SELECT 1 FROM users WHERE lower(username) = lower(${body.username})`);
    if (taken) throw conflict('This username is taken', 'USERNAME_TAKEN');
    const passwordHash = await this.hash(body.password);
    const id = await this.users.create({
      username: body.username,
      email: body.email,
      emailConfirmed: false,
      passwordHash,
      bank: body.bank,
      accountNumber: body.accountNumber,
    });
    await this.throttle.remember(id, body.username.toLowerCase(), sourceKey(source));
    this.background('confirmation mail', () => this.mailConfirmation(id));
    const accessToken = await this.tokens.sign({ userId: id, tokenVersion: 0 });
    return { accessToken, user: (await this.users.me(id))! };
  }

  /** A new link for the caller's unconfirmed address (nothing when it is confirmed). */
  resendConfirmation(userId: number): void {
    this.background('confirmation mail', () => this.mailConfirmation(userId));
  }

  /** One statement whoever holds the address; the mail says what applies. */
  private async mailConfirmation(userId: number): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const r = await first<Name & { owner: string | null }>(
      this.db,
      sql`WITH u AS (SELECT id, username, email FROM users WHERE id = ${userId} AND NOT email_confirmed AND status = 'active'),
          made AS (INSERT INTO email_confirmations (token_hash, user_id, email, expires_at)
                   SELECT ${sha256(token)}, id, email, now() + ${hours(CONFIRM_TOKEN_TTL_HOURS)} FROM u RETURNING user_id)
          SELECT u.username, u.email, o.username AS owner FROM u
          LEFT JOIN users o ON lower(o.email) = lower(u.email) AND o.email_confirmed AND o.id <> u.id AND o.status = 'active'`,
    );
    if (!r) return;
    const name = r.username;
    if (r.owner) {
      const owner = r.owner;
      const forgot = this.link('/auth/forgot-password');
      await this.opts.mail.send({
        to: r.email,
        subject: 'Mongol Poker: a sign-up with your e-mail address / Таны имэйл хаягаар бүртгүүлэх оролдлого',
        text:
          `Hello ${owner},\n\nSomeone has just signed up for a new Mongol Poker account ("${name}") with this e-mail address, ` +
          `which already belongs to your account "${owner}". The new account cannot use your address.\n\n` +
          `If this was you, you already have an account: sign in as ${owner}, or choose a new password here:\n${forgot}\n` +
          `If it was not you, you need not do anything.\n\n` +
          `Сайн байна уу, ${owner}.\n\nХэн нэгэн таны "${owner}" бүртгэлийн энэ имэйл хаягаар Mongol Poker-т шинэ бүртгэл ("${name}") үүсгэлээ. ` +
          `Шинэ бүртгэл таны хаягийг ашиглах боломжгүй.\n\n` +
          `Хэрэв энэ та байсан бол танд бүртгэл бий: ${owner} нэрээр нэвтрэх эсвэл энд шинэ нууц үг сонгоно уу:\n${forgot}\n` +
          `Хэрэв та биш бол юу ч хийх шаардлагагүй.\n`,
      });
      return;
    }
    const link = this.link(`/confirm-email?token=${token}`);
    await this.opts.mail.send({
      to: r.email,
      subject: 'Mongol Poker: confirm your e-mail address / Имэйл хаягаа баталгаажуулах',
      text:
        `Hello ${name},\n\nTo confirm that this address belongs to your Mongol Poker account, open this link within ${CONFIRM_TOKEN_TTL_HOURS} hours:\n${link}\n\n` +
        `If you did not create an account, ignore this message: your address will not be used.\n\n` +
        `Сайн байна уу, ${name}.\n\nЭнэ хаяг таны Mongol Poker бүртгэлийнх болохыг баталгаажуулахын тулд энэ холбоосыг ${CONFIRM_TOKEN_TTL_HOURS} цагийн дотор нээнэ үү:\n${link}\n\n` +
        `Хэрэв та бүртгэл үүсгээгүй бол энэ захиаг үл тоомсорлоно уу: таны хаяг ашиглагдахгүй.\n`,
    });
  }

  /** Opens a confirmation link: the address becomes the account's, unless another account holds it (409). */
  async confirmEmail(token: string): Promise<void> {
    let userId: number;
    try {
      userId = await this.db.transaction(async (tx) => {
        const used = await first<Pick<EmailConfirmationRow, 'user_id' | 'email'>>(
          tx,
          sql`UPDATE email_confirmations SET used_at = now()
              WHERE token_hash = ${sha256(token)} AND used_at IS NULL AND expires_at > now() RETURNING user_id, email`,
        );
        const u = used && (await userRecords.confirmEmail(tx, used.user_id, used.email));
        if (!u) throw badRequest('This confirmation link is invalid or has expired', 'INVALID_TOKEN');
        await tx.execute(sql`UPDATE email_confirmations SET used_at = now() WHERE user_id = ${u.id} AND used_at IS NULL`);
        return u.id;
      });
    } catch (e) {
      if (pgCode(e) === '23505') throw conflict('This e-mail address already belongs to another account', 'EMAIL_TAKEN');
      throw e;
    }
    this.users.meCache.invalidate(userId);
  }

  // ---- forgotten passwords ----

  /**
   * Answers at once, whatever the address: the lookup (one statement either way) and the mail
   * run after the answer. Only confirmed addresses get a one-hour, single-use link.
   */
  forgotPassword(email: string): void {
    this.background('password reset', () => this.mailReset(email));
  }

  private async mailReset(email: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const u = await first<Name>(
      this.db,
      sql`WITH u AS (SELECT id, username, email FROM users
                     WHERE lower(email) = lower(${email}) AND email_confirmed AND status = 'active' LIMIT 1),
          made AS (INSERT INTO password_resets (token_hash, user_id, expires_at)
                   SELECT ${sha256(token)}, id, now() + ${minutes(RESET_TOKEN_TTL_MINUTES)} FROM u RETURNING user_id)
          SELECT u.username, u.email FROM u`,
    );
    if (!u) return;
    const link = this.link(`/reset-password?token=${token}`);
    await this.opts.mail.send({
      to: u.email,
      subject: 'Mongol Poker: reset your password / Нууц үгээ сэргээх',
      text:
        `Hello ${u.username},\n\nTo choose a new password, open this link within one hour:\n${link}\n\n` +
        `If you did not ask for this, ignore this message.\n\n` +
        `Сайн байна уу, ${u.username}.\n\nШинэ нууц үг тохируулахын тулд энэ холбоосыг нэг цагийн дотор нээнэ үү:\n${link}\n\n` +
        `Хэрэв та үүнийг хүсээгүй бол энэ захиаг үл тоомсорлоно уу.\n`,
    });
  }

  /**
   * Sets the password from a mailed link; every session of the user ends (token version bumped).
   * The source that opened the link proved the mailbox: it becomes one the user signs in from.
   */
  async resetPassword(token: string, password: string, source: string): Promise<void> {
    const passwordHash = await this.hash(password);
    const user = await this.db.transaction(async (tx) => {
      const used = await first<Pick<PasswordResetRow, 'user_id'>>(
        tx,
        sql`UPDATE password_resets SET used_at = now()
            WHERE token_hash = ${sha256(token)} AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      );
      const u =
        used && (await first<Pick<UserRow, 'id' | 'username'>>(tx, sql`SELECT id, username FROM users WHERE id = ${used.user_id} AND status = 'active'`));
      if (!u) throw badRequest('This reset link is invalid or has expired', 'INVALID_TOKEN');
      await userRecords.setPassword(tx, u.id, passwordHash);
      await tx.execute(sql`UPDATE password_resets SET used_at = now() WHERE user_id = ${u.id} AND used_at IS NULL`);
      return { id: u.id, name: u.username.toLowerCase() };
    });
    this.users.meCache.invalidate(user.id);
    this.users.sessionsEnded(user.id, 'PASSWORD_RESET');
    await this.throttle.remember(user.id, user.name, sourceKey(source));
  }

  // ---- sign-in ----

  /**
   * Unknown user, disabled user and wrong password answer alike (401 INVALID_CREDENTIALS) after a
   * real scrypt run. Throttled (429 LOGIN_THROTTLED + Retry-After) per (typed name, source) with
   * doubling waits, and per name for sources the account never signed in from (a ceiling, which
   * never applies where the owner last signed in). With a second factor, a right password without
   * `otp` answers 401 OTP_REQUIRED; a wrong code counts as a failure. `admit` runs once the
   * password is right and may refuse the role (maintenance).
   */
  async login(input: { username: string; password: string; otp?: string; source: string; admit?: (role: Role) => Promise<void> }): Promise<AuthResponse> {
    const name = input.username.toLowerCase();
    const source = sourceKey(input.source);
    const user = await first<Pick<UserRow, 'id' | 'password_hash' | 'status' | 'role' | 'token_version'> & Known>(
      this.db,
      sql`SELECT u.id, u.password_hash, u.status, u.role, u.token_version,
                 EXISTS (SELECT 1 FROM login_sources s WHERE s.user_id = u.id AND s.source = ${source}) AS known
          FROM users u WHERE lower(u.username) = ${name}`,
    );
    const known = user?.known === true;
    await this.throttle.check(name, source, known);
    this.dummyHash ??= this.hash('not-a-real-password-0');
    const ok = user ? await verifyPassword(input.password, user.password_hash) : (await verifyPassword(input.password, await this.dummyHash), false);
    if (!ok || !user || user.status !== 'active') {
      await this.throttle.fail(name, source, known);
      throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid username or password');
    }
    const userId = user.id;
    await input.admit?.(user.role);
    if (await this.twoFactor.has(userId)) {
      if (!input.otp) throw new AppError(401, 'OTP_REQUIRED', 'Enter the code from your authenticator app');
      if (!(await this.twoFactor.check(userId, input.otp))) {
        await this.throttle.fail(name, source, known);
        throw new AppError(401, 'OTP_INVALID', 'This code is wrong or was used already');
      }
    }
    await this.throttle.remember(userId, name, source, true);
    const accessToken = await this.tokens.sign({ userId, tokenVersion: user.token_version });
    return { accessToken, user: (await this.users.me(userId))! };
  }

  // ---- the caller's password ----

  /**
   * The caller's password, for changes to the second factor: throttled and counted like a
   * sign-in; a wrong one answers 403 WRONG_PASSWORD (401 would sign the apps out).
   */
  async checkPassword(user: AuthUser, password: string, ip: string): Promise<{ name: string; source: string; known: boolean }> {
    const name = user.username.toLowerCase();
    const source = sourceKey(ip);
    const row = await first<Pick<UserRow, 'password_hash'> & Known>(
      this.db,
      sql`SELECT u.password_hash, EXISTS (SELECT 1 FROM login_sources s WHERE s.user_id = u.id AND s.source = ${source}) AS known
          FROM users u WHERE u.id = ${user.userId}`,
    );
    const known = row?.known === true;
    await this.throttle.check(name, source, known);
    if (!row || !(await verifyPassword(password, row.password_hash))) {
      await this.throttle.fail(name, source, known);
      throw forbidden('The password is wrong', 'WRONG_PASSWORD');
    }
    return { name, source, known };
  }
}
