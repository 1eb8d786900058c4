// What an account's standing refuses (docs/integrity.md): restricted, frozen and closed accounts
// cannot sit, register or buy in, nor ask for a withdrawal; a frozen or closed account's pending
// withdrawals cannot be paid. Warned accounts are only recorded.
import { sql } from 'drizzle-orm';
import type { Standing } from '../../shared/api/integrity';
import { type Executor, first } from '../db/client';
import type { IntegrityStandingRow } from '../db/rows';
import { AppError } from '../core/errors';

export type Guarded = 'play' | 'withdraw' | 'payout';

const REFUSED: Record<Guarded, readonly Standing[]> = {
  play: ['restricted', 'frozen', 'closed'],
  withdraw: ['restricted', 'frozen', 'closed'],
  payout: ['frozen', 'closed'],
};
const MESSAGE: Record<Guarded, string> = {
  play: 'Your account is restricted: you cannot play for now. Please contact support.',
  withdraw: 'Your account is restricted: withdrawals are paused. Please contact support.',
  payout: 'The account is frozen by an integrity case: its withdrawals are held',
};

export class IntegrityGuard {
  constructor(private readonly db: Executor) {}

  async standing(userId: number): Promise<Standing | null> {
    const r = await first<Pick<IntegrityStandingRow, 'standing'>>(this.db, sql`SELECT standing FROM integrity_standing WHERE user_id = ${userId}`);
    return (r?.standing as Standing | undefined) ?? null;
  }

  /** The refusal ({code, message}) of this act for this account, or null when allowed. */
  async refusal(userId: number, what: Guarded): Promise<{ code: string; message: string } | null> {
    const s = await this.standing(userId);
    if (!s || !REFUSED[what].includes(s)) return null;
    return { code: what === 'payout' ? 'ACCOUNT_FROZEN' : 'ACCOUNT_RESTRICTED', message: MESSAGE[what] };
  }

  /** 403 (the player's own act) or 409 (staff paying a frozen account) when refused. */
  async assert(userId: number, what: Guarded): Promise<void> {
    const r = await this.refusal(userId, what);
    if (r) throw new AppError(what === 'payout' ? 409 : 403, r.code, r.message);
  }
}

/** Remembers where a sign-in came from (address, the app's device id): linked accounts. */
export async function recordSignIn(ex: Executor, userId: number, ip: string | null, device: string | null): Promise<void> {
  await ex.execute(
    sql`INSERT INTO integrity_logins (user_id, ip, device) VALUES (${userId}, ${ip ?? ''}, ${device ?? ''})
        ON CONFLICT (user_id, ip, device) DO UPDATE SET last_at = now(), count = integrity_logins.count + 1`,
  );
}
