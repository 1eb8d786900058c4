// Safer play (docs/safer-play.md): a player's limits, session, cool-off and self-exclusion, and
// the checks every way to play or deposit asks of it (the deposit guard, sitting, buying in,
// registering). The clock comes from outside so that tests can move a day forward.
import { sql } from 'drizzle-orm';
import { LIMIT_KINDS, type LimitKind, type SaferPlay, SESSION_LIMIT_MINUTES, type SetLimitBody } from '../../../shared/api/safer';
import { type Database, type Executor, first, iso, rows } from '../../db/client';
import type { SaferProfileRow } from '../../db/rows';
import type { Clock } from '../../core/clock';
import { AppError, badRequest } from '../../core/errors';
import type { SettingsService } from '../../core/settings';
import { activeExclusion, addExclusion, type ExclusionAsk, toExclusion } from './exclusions';
import type { IdentityChecks } from './identity';
import { change, type LimitState, readLimits, writeLimit } from './limits';
import { chipsOnTables, depositedSince, playNetSince, WINDOW_MS } from './usage';

/** A seat taken after this long without play starts a new session. */
export const SESSION_GAP_MS = 30 * 60_000;
const at = (t: number) => new Date(t).toISOString();
const msOf = (v: string) => Date.parse(iso(v));

export interface Refusal {
  code: string;
  message: string;
}

const money = (n: number) => `${n.toLocaleString('en-US')} ₮`;

export class SaferPlayService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    readonly identity: IdentityChecks,
  ) {}

  private now(): number {
    return this.clock.now();
  }

  /** The registration's age confirmation (the contract accepts only `adult: true`). */
  async confirmAdult(userId: number, ex: Executor = this.db): Promise<void> {
    await ex.execute(
      sql`INSERT INTO safer_profiles (user_id, adult_confirmed_at) VALUES (${userId}, ${at(this.now())}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET adult_confirmed_at = EXCLUDED.adult_confirmed_at`,
    );
  }

  /** What staff see beside the player's own view. */
  async adminProfile(userId: number): Promise<{ adultConfirmedAt: string | null }> {
    const p = await this.profile(userId);
    return { adultConfirmedAt: p?.adult_confirmed_at ? iso(p.adult_confirmed_at) : null };
  }

  private profile(userId: number, ex: Executor = this.db): Promise<SaferProfileRow | undefined> {
    return first<SaferProfileRow>(ex, sql`SELECT * FROM safer_profiles WHERE user_id = ${userId}`);
  }

  private async used(userId: number, kind: LimitKind, profile: SaferProfileRow | undefined): Promise<number> {
    if (kind === 'SESSION_MINUTES') return this.sessionOf(profile)?.minutes ?? 0;
    const since = this.now() - WINDOW_MS[kind];
    if (kind.startsWith('DEPOSIT')) return depositedSince(this.db, userId, since);
    return Math.max(0, -(await playNetSince(this.db, userId, since)));
  }

  /** The session in progress: started, and active within the last 30 minutes. */
  private sessionOf(p: SaferProfileRow | undefined): { startedAt: number; minutes: number } | null {
    if (!p?.session_started_at || !p.session_active_at) return null;
    const now = this.now();
    if (now - msOf(p.session_active_at) > SESSION_GAP_MS) return null;
    const startedAt = msOf(p.session_started_at);
    return { startedAt, minutes: Math.floor((now - startedAt) / 60_000) };
  }

  /** Everything the player's Safer play tab shows; a session with a seat held is kept alive by the reading. */
  async view(userId: number): Promise<SaferPlay> {
    await this.keepSessionAlive(userId);
    const limits = await readLimits(this.db, userId, this.now());
    const profile = await this.profile(userId);
    const exclusion = await activeExclusion(this.db, userId, this.now());
    const session = this.sessionOf(profile);
    const settings = await this.settings.get();
    return {
      limits: await Promise.all(
        LIMIT_KINDS.map(async (kind) => {
          const l = limits.get(kind);
          return {
            kind,
            amount: l?.amount ?? null,
            pendingAmount: l?.pendingAmount ?? null,
            pendingFrom: l?.pendingFrom ? at(l.pendingFrom) : null,
            used: l?.amount || l?.pendingFrom ? await this.used(userId, kind, profile) : 0,
          };
        }),
      ),
      reminderMinutes: profile?.reminder_minutes ?? 0,
      exclusion: exclusion ? toExclusion(exclusion) : null,
      session: session
        ? {
            startedAt: at(session.startedAt),
            minutes: session.minutes,
            result: (await playNetSince(this.db, userId, session.startedAt - 1)) + (await chipsOnTables(this.db, userId)),
          }
        : null,
      identity: await this.identity.latest(userId),
      identityRequiredAbove: settings.identityRequiredAbove ?? 0,
    };
  }

  async setLimit(userId: number, body: SetLimitBody): Promise<SaferPlay> {
    if (body.kind === 'SESSION_MINUTES' && body.amount !== null && (body.amount < SESSION_LIMIT_MINUTES.min || body.amount > SESSION_LIMIT_MINUTES.max))
      throw badRequest('A session limit is 15 minutes to 24 hours', 'INVALID_INPUT', [{ path: 'amount', message: 'Out of range' }]);
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      const now = this.now();
      const current: LimitState = (await readLimits(tx, userId, now)).get(body.kind) ?? {
        kind: body.kind,
        amount: null,
        pendingAmount: null,
        pendingFrom: null,
      };
      await writeLimit(tx, userId, change(current, body.amount, now), now);
    });
    return this.view(userId);
  }

  async setReminder(userId: number, minutes: number): Promise<SaferPlay> {
    await this.db.execute(
      sql`INSERT INTO safer_profiles (user_id, reminder_minutes) VALUES (${userId}, ${minutes})
          ON CONFLICT (user_id) DO UPDATE SET reminder_minutes = EXCLUDED.reminder_minutes`,
    );
    return this.view(userId);
  }

  /** Records a cool-off or self-exclusion (by the player, or by staff for them: `setBy`). The caller then cashes out their seats. */
  async exclude(userId: number, ask: ExclusionAsk, setBy: number | null = null, ex?: Executor): Promise<void> {
    const run = async (tx: Executor) => {
      await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      await addExclusion(tx, userId, ask, this.now(), setBy);
    };
    if (ex) await run(ex);
    else await this.db.transaction(run);
  }

  async excluded(userId: number): Promise<Refusal | null> {
    const e = await activeExclusion(this.db, userId, this.now());
    if (!e) return null;
    const until = e.ends_at === null ? 'permanently' : `until ${iso(e.ends_at).slice(0, 10)}`;
    const what = e.kind === 'COOL_OFF' ? 'You are taking a break' : 'You have excluded yourself';
    return { code: 'SELF_EXCLUDED', message: `${what} ${until}: you cannot play or deposit. Withdrawals still work.` };
  }

  /** The deposit guard (wallet/deposit-guard.ts): exclusion, then each deposit limit. */
  async check(userId: number, amount: number): Promise<Refusal | null> {
    const ex = await this.excluded(userId);
    if (ex) return ex;
    const limits = await readLimits(this.db, userId, this.now());
    for (const kind of ['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH'] as const) {
      const limit = limits.get(kind)?.amount;
      if (!limit) continue;
      const used = await this.used(userId, kind, undefined);
      if (used + amount > limit)
        return {
          code: 'DEPOSIT_LIMIT',
          message: `This deposit is above your ${period(kind)} deposit limit of ${money(limit)}: you can deposit ${money(Math.max(0, limit - used))} now.`,
        };
    }
    return null;
  }

  /**
   * Whether the player may put `amount` into play now (a seat, chips, a tournament entry): no
   * exclusion, within the loss limits (buy-ins less what came back), within the session limit.
   */
  async mayPlay(userId: number, amount: number): Promise<Refusal | null> {
    const ex = await this.excluded(userId);
    if (ex) return ex;
    const limits = await readLimits(this.db, userId, this.now());
    for (const kind of ['LOSS_DAY', 'LOSS_WEEK', 'LOSS_MONTH'] as const) {
      const limit = limits.get(kind)?.amount;
      if (!limit) continue;
      const used = await this.used(userId, kind, undefined);
      if (used + amount > limit)
        return {
          code: 'LOSS_LIMIT',
          message: `This is above your ${period(kind)} loss limit of ${money(limit)}: ${money(Math.max(0, limit - used))} is left.`,
        };
    }
    const session = limits.get('SESSION_MINUTES')?.amount;
    if (session) {
      const s = this.sessionOf(await this.profile(userId));
      if (s && s.minutes >= session)
        return { code: 'SESSION_LIMIT', message: `You have played ${s.minutes} minutes, your session limit: take a 30-minute break.` };
    }
    return null;
  }

  /** As mayPlay, thrown (403 for an exclusion, 409 for a limit). */
  async assertMayPlay(userId: number, amount: number): Promise<void> {
    const r = await this.mayPlay(userId, amount);
    if (r) throw new AppError(r.code === 'SELF_EXCLUDED' ? 403 : 409, r.code, r.message);
  }

  /** A seat or chips were taken: the session goes on, or a new one starts after a pause. */
  async touchSession(userId: number): Promise<void> {
    const now = at(this.now());
    const gapStart = at(this.now() - SESSION_GAP_MS);
    await this.db.execute(
      sql`INSERT INTO safer_profiles (user_id, session_started_at, session_active_at) VALUES (${userId}, ${now}::timestamptz, ${now}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET
            session_started_at = CASE WHEN safer_profiles.session_active_at IS NULL OR safer_profiles.session_active_at < ${gapStart}::timestamptz
                                      THEN EXCLUDED.session_started_at ELSE safer_profiles.session_started_at END,
            session_active_at = EXCLUDED.session_active_at`,
    );
  }

  /**
   * Players seated at a cash table whose session limit is reached: the sweep stands them up. A
   * seat held keeps the session alive, so each pass touches it, as the tab's reading does.
   */
  async overSessionLimit(): Promise<number[]> {
    const seated = await rows<{ user_id: number }>(
      this.db,
      // Cash seats and fast-fold pools (a pool's player is between two of its tables at times).
      sql`SELECT DISTINCT p.user_id FROM (
            SELECT s.user_id FROM table_seats s JOIN poker_tables t ON t.id = s.table_id WHERE t.tournament_id IS NULL
            UNION SELECT user_id FROM fast_fold_players) p
          JOIN safer_limits l ON l.user_id = p.user_id AND l.kind = 'SESSION_MINUTES'`,
    );
    const over: number[] = [];
    for (const { user_id: userId } of seated) {
      const limit = (await readLimits(this.db, userId, this.now())).get('SESSION_MINUTES')?.amount;
      if (!limit) continue;
      await this.touchSession(userId);
      const session = this.sessionOf(await this.profile(userId));
      if (session && session.minutes >= limit) over.push(userId);
    }
    return over;
  }

  /** A player still seated somewhere is still in their session. */
  private async keepSessionAlive(userId: number): Promise<void> {
    const seated = await first(this.db, sql`SELECT 1 FROM table_seats WHERE user_id = ${userId} LIMIT 1`);
    if (seated) await this.touchSession(userId);
  }
}

function period(kind: LimitKind): string {
  return kind.endsWith('DAY') ? 'daily' : kind.endsWith('WEEK') ? 'weekly' : 'monthly';
}
