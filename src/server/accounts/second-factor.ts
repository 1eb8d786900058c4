// The staff's second factor: TOTP (RFC 6238) with its secret sealed at rest (core/secret-box.ts,
// TOTP_KEY), and one-time recovery codes kept as SHA-256 only. Changes take the password
// (AuthService.checkPassword: throttled like a sign-in). See docs/server.md (Security) and
// docs/operations.md (TOTP keys).
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { Role } from '../../shared/api/enums';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../shared/api/user';
import { type Database, type Executor, first } from '../db/client';
import type { UserTotpRow } from '../db/rows';
import { conflict, forbidden } from '../core/errors';
import type { SecretBox } from '../core/secret-box';
import type { AuthUser } from './users';

export const RECOVERY_CODES = 10;
const TOTP_ISSUER = 'Mongol Poker';

/** Staff (administrators and support staff) may have a second factor. */
export const isStaff = (role: Role) => role !== 'PLAYER';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
/** The associated data of a user's sealed TOTP secret: it opens in that user's row only. */
const totpContext = (userId: number) => `user_totp:${userId}`;

/** A user's recovery codes replaced by new ones (in the caller's transaction); the codes in the clear, once. */
async function replaceRecoveryCodes(tx: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await tx.execute(sql`DELETE FROM user_recovery_codes WHERE user_id = ${userId}`);
  await tx.execute(
    sql`INSERT INTO user_recovery_codes (user_id, code_hash) VALUES ${sql.join(
      codes.map((k) => sql`(${userId}, ${sha256(normalizeCode(k))})`),
      sql`, `,
    )}`,
  );
  return codes;
}

/** Who typed a password (for the throttle). */
type Who = { name: string; source: string; known: boolean };

export interface SecondFactorOptions {
  secrets: SecretBox;
  log: { info(msg: string): void; error(obj: unknown, msg?: string): void };
  /** The caller's password, throttled and counted like a sign-in (403 WRONG_PASSWORD). */
  checkPassword(user: AuthUser, password: string, ip: string): Promise<Who>;
  /** Counts a wrong code as a failed sign-in. */
  fail(who: Who): Promise<void>;
}

export class SecondFactor {
  constructor(
    private readonly db: Database,
    private readonly opts: SecondFactorOptions,
  ) {}

  async has(userId: number): Promise<boolean> {
    return !!(await first(this.db, sql`SELECT 1 FROM user_totp WHERE user_id = ${userId} AND enabled_at IS NOT NULL`));
  }

  /** A current TOTP code (never one used before), or an unused recovery code (used up by this). */
  async check(userId: number, code: string): Promise<boolean> {
    const c = normalizeCode(code);
    if (/^\d{6}$/.test(c)) {
      const row = await first<Pick<UserTotpRow, 'secret' | 'last_time_step'>>(
        this.db,
        sql`SELECT secret, last_time_step FROM user_totp WHERE user_id = ${userId} AND enabled_at IS NOT NULL`,
      );
      if (!row) return false;
      const step = await this.totpStep(this.openSecret(userId, row.secret), c, row.last_time_step);
      if (step === null) return false;
      // Conditional: two requests with the same code cannot both pass.
      return !!(await first(this.db, sql`UPDATE user_totp SET last_time_step = ${step} WHERE user_id = ${userId} AND last_time_step < ${step} RETURNING 1`));
    }
    if (!/^[a-z0-9]{10}$/.test(c)) return false;
    return !!(await first(
      this.db,
      sql`UPDATE user_recovery_codes SET used_at = now() WHERE user_id = ${userId} AND code_hash = ${sha256(c)} AND used_at IS NULL RETURNING 1`,
    ));
  }

  /** A stored TOTP secret in the clear; null (logged) when no key of TOTP_KEY opens it: no code passes then. */
  private openSecret(userId: number, stored: string): string | null {
    try {
      return this.opts.secrets.open(stored, totpContext(userId));
    } catch (e) {
      this.opts.log.error({ userId, err: e instanceof Error ? e.message : String(e) }, 'a TOTP secret could not be opened: is its key missing from TOTP_KEY?');
      return null;
    }
  }

  /**
   * Start-up: every TOTP secret sealed under the first key of TOTP_KEY (plaintext rows from before
   * encryption, rows under an older key after a rotation). Conditional on the value read, so
   * instances starting together agree. Returns how many rows it sealed.
   */
  async sealSecrets(): Promise<number> {
    const { secrets } = this.opts;
    const stale = (await this.db.execute(sql`SELECT user_id, secret FROM user_totp`)).rows as Array<Pick<UserTotpRow, 'user_id' | 'secret'>>;
    let sealed = 0;
    for (const row of stale) {
      if (secrets.isCurrent(row.secret)) continue;
      const plain = this.openSecret(row.user_id, row.secret);
      if (plain === null) continue;
      const next = secrets.seal(plain, totpContext(row.user_id));
      if (await first(this.db, sql`UPDATE user_totp SET secret = ${next} WHERE user_id = ${row.user_id} AND secret = ${row.secret} RETURNING 1`)) sealed++;
    }
    if (sealed) this.opts.log.info(`TOTP secrets sealed under the current key: ${sealed}`);
    return sealed;
  }

  /** The time step of a valid code (one step of clock drift either way), or null. */
  private async totpStep(secret: string | null, token: string, after: number): Promise<number | null> {
    if (secret === null) return null;
    try {
      const r = await verifyTotp({ secret, token, epochTolerance: 30, afterTimeStep: after });
      return r.valid && 'timeStep' in r ? r.timeStep : null;
    } catch {
      return null;
    }
  }

  async status(user: AuthUser): Promise<TwoFactorStatus> {
    const r = await first<{ enabled: boolean; left: number }>(
      this.db,
      sql`SELECT EXISTS (SELECT 1 FROM user_totp WHERE user_id = ${user.userId} AND enabled_at IS NOT NULL) AS enabled,
                 (SELECT count(*) FROM user_recovery_codes WHERE user_id = ${user.userId} AND used_at IS NULL)::int AS left`,
    );
    const enabled = r?.enabled === true;
    return { available: isStaff(user.role) || enabled, enabled, recoveryCodesLeft: enabled ? (r?.left ?? 0) : 0 };
  }

  /** Step 1: a new secret, kept aside until a code from it is confirmed. Staff only; needs the password. */
  async setup(user: AuthUser, password: string, ip: string): Promise<TwoFactorSetup> {
    if (!isStaff(user.role)) throw forbidden('Only staff accounts have a second factor');
    await this.opts.checkPassword(user, password, ip);
    if (await this.has(user.userId)) throw conflict('The second factor is already on; turn it off first', 'OTP_ALREADY_ENABLED');
    const secret = generateSecret();
    const sealed = this.opts.secrets.seal(secret, totpContext(user.userId));
    await this.db.execute(
      sql`INSERT INTO user_totp (user_id, secret) VALUES (${user.userId}, ${sealed})
          ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_time_step = 0, created_at = now() WHERE user_totp.enabled_at IS NULL`,
    );
    return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: user.username, secret }) };
  }

  /** Step 2: a code from the new secret turns it on; the recovery codes are answered once. */
  async enable(user: AuthUser, code: string): Promise<RecoveryCodes> {
    if (!isStaff(user.role)) throw forbidden('Only staff accounts have a second factor');
    const row = await first<Pick<UserTotpRow, 'secret' | 'enabled_at'>>(this.db, sql`SELECT secret, enabled_at FROM user_totp WHERE user_id = ${user.userId}`);
    if (!row || row.enabled_at) throw conflict(row ? 'The second factor is already on' : 'Start the set-up first', row ? 'OTP_ALREADY_ENABLED' : 'CONFLICT');
    const c = normalizeCode(code);
    const step = /^\d{6}$/.test(c) ? await this.totpStep(this.openSecret(user.userId, row.secret), c, 0) : null;
    if (step === null) throw forbidden('This code is wrong; check the time on your phone and try the next one', 'OTP_INVALID');
    return this.db.transaction(async (tx) => {
      const on = await first(
        tx,
        sql`UPDATE user_totp SET enabled_at = now(), last_time_step = ${step} WHERE user_id = ${user.userId} AND enabled_at IS NULL AND secret = ${row.secret} RETURNING 1`,
      );
      if (!on) throw conflict('The set-up changed meanwhile; start again');
      return { recoveryCodes: await replaceRecoveryCodes(tx, user.userId) };
    });
  }

  /**
   * New recovery codes with the factor left on (the old ones, used or not, stop working): the
   * password and a current code (or a recovery code), as for turning it off. Answered once.
   */
  async newRecoveryCodes(user: AuthUser, password: string, code: string, ip: string): Promise<RecoveryCodes> {
    const who = await this.opts.checkPassword(user, password, ip);
    if (!(await this.has(user.userId))) throw conflict('The second factor is not on', 'OTP_NOT_ENABLED');
    if (!(await this.check(user.userId, code))) {
      await this.opts.fail(who);
      throw forbidden('This code is wrong or was used already', 'OTP_INVALID');
    }
    return { recoveryCodes: await this.db.transaction((tx) => replaceRecoveryCodes(tx, user.userId)) };
  }

  /** Turns the second factor off: the password and a code (or a recovery code); a wrong code counts as a failure. */
  async disable(user: AuthUser, password: string, code: string, ip: string): Promise<void> {
    const who = await this.opts.checkPassword(user, password, ip);
    if (!(await this.has(user.userId))) throw conflict('The second factor is not on', 'OTP_NOT_ENABLED');
    if (!(await this.check(user.userId, code))) {
      await this.opts.fail(who);
      throw forbidden('This code is wrong or was used already', 'OTP_INVALID');
    }
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM user_totp WHERE user_id = ${user.userId}`);
      await tx.execute(sql`DELETE FROM user_recovery_codes WHERE user_id = ${user.userId}`);
    });
  }
}
