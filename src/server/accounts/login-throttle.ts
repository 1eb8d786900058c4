// Sign-in throttling by account and source (OWASP): doubling waits per (typed name, source), a
// ceiling per account for sources it never signed in from, the owner never paused where they
// signed in before, and one alert mail. All state is in the database, so instances share it.
import { isIPv4, isIPv6 } from 'node:net';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, first } from '../db/client';
import type { LoginThrottleRow, UserRow } from '../db/rows';
import { AppError } from '../core/errors';
import type { MailTransport } from '../core/mail';
import { markSignedIn } from './user-records';

export const THROTTLE = {
  /** Failures of one (name, source) pair before it has to wait at all (typos). */
  freeFailures: 3,
  /** The first wait; each further failure of the pair doubles it, up to maxDelaySeconds. */
  baseDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  /** A pair without a failure for this long starts again from zero. */
  pairResetMinutes: 60,
  /** Failures from sources the account never signed in from, per window, before all such sources pause. */
  accountCeiling: 10,
  accountWindowMinutes: 15,
  accountPauseMinutes: 15,
  /** The owner is mailed about an attack at most once per this many hours. */
  alertEveryHours: 24,
  /** Sources of the latest successful sign-ins remembered per user (never paused by the ceiling). */
  knownSources: 5,
} as const;
/** 429 with the seconds to wait (the route sends them as Retry-After). */
export class ThrottledError extends AppError {
  constructor(readonly retryAfter: number) {
    super(429, 'LOGIN_THROTTLED', `Too many failed sign-ins. Try again in ${humanSeconds(retryAfter)}.`);
  }
}

function humanSeconds(s: number): string {
  if (s < 90) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minutes`;
}

/**
 * The source a failure is counted against: the IPv4 address, or the /64 of an IPv6 address (one
 * machine easily has a whole /64). `req.ip` is the peer unless TRUST_PROXY names the proxy.
 */
export function sourceKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  let a = ip.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1];
  if (isIPv4(a)) return a;
  if (isIPv6(a)) {
    const [head, tail] = a.includes('::') ? a.split('::') : [a, undefined];
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = tail === undefined ? h : [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
    return `${groups
      .slice(0, 4)
      .map((g) => parseInt(g, 16).toString(16))
      .join(':')}::/64`;
  }
  return a.slice(0, 100);
}

const minutes = (n: number) => sql.raw(`interval '${n} minutes'`);
const hours = (n: number) => sql.raw(`interval '${n} hours'`);
const int = (n: number) => sql.raw(String(Math.trunc(n)));
/** Seconds the pair waits after its n-th failure. */
const pairDelay = (n: SQL) =>
  sql`CASE WHEN ${n} < ${int(THROTTLE.freeFailures)} THEN 0
      ELSE least(${int(THROTTLE.maxDelaySeconds)}, ${int(THROTTLE.baseDelaySeconds)} * power(2, least(${n} - ${int(THROTTLE.freeFailures)}, 30))) END`;

export interface ThrottleDeps {
  mail: MailTransport;
  /** An absolute link into the site, for mails. */
  link(path: string): string;
  /** Work after the answer (the alert mail, pruning). */
  background(what: string, fn: () => Promise<void>): void;
}

export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly deps: ThrottleDeps,
  ) {}

  /** Throws 429 while the pair waits, or (from a source the account does not know) while the account pauses. */
  async check(name: string, source: string, known: boolean): Promise<void> {
    // Seconds left (numeric, null when none); a number on both drivers.
    const t = await first<{ pair_wait: number | null; account_wait: number | null }>(
      this.db,
      sql`SELECT
            (SELECT ceil(extract(epoch FROM blocked_until - now())) FROM login_failures
              WHERE username_lower = ${name} AND source = ${source} AND blocked_until > now()) AS pair_wait,
            (SELECT ceil(extract(epoch FROM locked_until - now())) FROM login_throttle
              WHERE username_lower = ${name} AND locked_until > now()) AS account_wait`,
    );
    const wait = Math.max(t?.pair_wait ?? 0, known ? 0 : (t?.account_wait ?? 0));
    if (wait > 0) throw new ThrottledError(Math.max(1, Math.ceil(wait)));
  }

  /** Same statements for known and unknown names; the owner's alert mail goes after the answer. */
  async fail(name: string, source: string, known: boolean): Promise<void> {
    const n = sql`CASE WHEN login_failures.last_failure_at < now() - ${minutes(THROTTLE.pairResetMinutes)} THEN 1 ELSE login_failures.failures + 1 END`;
    await this.db.execute(
      sql`INSERT INTO login_failures (username_lower, source, failures, last_failure_at, blocked_until)
          VALUES (${name}, ${source}, 1, now(), now() + make_interval(secs => ${pairDelay(sql`1`)}))
          ON CONFLICT (username_lower, source) DO UPDATE SET
            failures = ${n}, last_failure_at = now(), blocked_until = now() + make_interval(secs => ${pairDelay(n)})`,
    );
    if (Math.random() < 0.01) this.deps.background('throttle pruning', () => this.prune());
    if (known) return;
    const w = minutes(THROTTLE.accountWindowMinutes);
    const row = await first<Pick<LoginThrottleRow, 'failed_count'>>(
      this.db,
      sql`INSERT INTO login_throttle (username_lower, failed_count, window_start) VALUES (${name}, 1, now())
          ON CONFLICT (username_lower) DO UPDATE SET
            failed_count = CASE WHEN login_throttle.window_start < now() - ${w} THEN 1 ELSE login_throttle.failed_count + 1 END,
            window_start = CASE WHEN login_throttle.window_start < now() - ${w} THEN now() ELSE login_throttle.window_start END
          RETURNING failed_count`,
    );
    if (!row || row.failed_count < THROTTLE.accountCeiling) return;
    const paused = await first<{ alert: boolean }>(
      this.db,
      sql`UPDATE login_throttle SET locked_until = now() + ${minutes(THROTTLE.accountPauseMinutes)}, failed_count = 0, window_start = now(),
            alerted_at = CASE WHEN alerted_at IS NULL OR alerted_at < now() - ${hours(THROTTLE.alertEveryHours)} THEN now() ELSE alerted_at END
          WHERE username_lower = ${name} RETURNING alerted_at = now() AS alert`,
    );
    if (paused?.alert === true) this.deps.background('attack alert mail', () => this.mailAttackAlert(name));
  }

  private async mailAttackAlert(name: string): Promise<void> {
    // Only a confirmed address: an unconfirmed one may be someone else's.
    const u = await first<Pick<UserRow, 'username' | 'email'>>(
      this.db,
      sql`SELECT username, email FROM users WHERE lower(username) = ${name} AND email_confirmed AND status = 'active'`,
    );
    if (!u) return;
    const m = THROTTLE.accountPauseMinutes;
    const forgot = this.deps.link('/auth/forgot-password');
    await this.deps.mail.send({
      to: u.email,
      subject: 'Mongol Poker: failed sign-ins to your account / Таны бүртгэлд нэвтрэх амжилтгүй оролдлого',
      text:
        `Hello ${u.username},\n\nSomeone has tried many times to sign in to your account with a wrong password, from places you have not signed in from before. ` +
        `To protect you, sign-ins from new places are paused for ${m} minutes; where you signed in before, you can still sign in.\n\n` +
        `If this was you, wait ${m} minutes, or choose a new password here:\n${forgot}\n` +
        `If it was not you, your account is safe while your password is strong and used nowhere else; consider changing it.\n\n` +
        `Сайн байна уу, ${u.username}.\n\nТаны урьд нэвтэрч байгаагүй газраас хэн нэгэн буруу нууц үгээр таны бүртгэлд олон удаа нэвтрэхийг оролдлоо. ` +
        `Таныг хамгаалахын тулд шинэ газраас нэвтрэхийг ${m} минут зогсоолоо; өмнө нэвтэрч байсан газраасаа та нэвтэрч болно.\n\n` +
        `Хэрэв энэ та байсан бол ${m} минут хүлээх эсвэл энд шинэ нууц үг сонгоно уу:\n${forgot}\n` +
        `Хэрэв та биш бол нууц үг тань хүчтэй бөгөөд өөр хаана ч ашиглагдаагүй бол бүртгэл тань аюулгүй; нууц үгээ солихыг зөвлөж байна.\n`,
    });
  }

  private async prune(): Promise<void> {
    await this.db.execute(sql`DELETE FROM login_failures WHERE last_failure_at < now() - interval '1 day' AND blocked_until < now()`);
    await this.db.execute(
      sql`DELETE FROM login_throttle WHERE window_start < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())
            AND (alerted_at IS NULL OR alerted_at < now() - ${hours(THROTTLE.alertEveryHours)})`,
    );
  }

  /**
   * A successful sign-in (or registration, or password reset) from `source`: the pair's failures
   * are forgotten and the source joins the user's latest few.
   */
  async remember(userId: number, name: string, source: string, signIn = false): Promise<void> {
    const keep = int(THROTTLE.knownSources - 1);
    await this.db.execute(
      sql`WITH cleared AS (DELETE FROM login_failures WHERE username_lower = ${name} AND source = ${source}),
          remembered AS (INSERT INTO login_sources (user_id, source, last_success_at) VALUES (${userId}, ${source}, now())
                         ON CONFLICT (user_id, source) DO UPDATE SET last_success_at = now())
          DELETE FROM login_sources WHERE user_id = ${userId} AND source <> ${source} AND source NOT IN (
                       SELECT source FROM login_sources WHERE user_id = ${userId} AND source <> ${source}
                       ORDER BY last_success_at DESC LIMIT ${keep})`,
    );
    if (signIn) await markSignedIn(this.db, userId);
  }
}
