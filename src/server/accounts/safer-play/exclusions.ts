// Cool-offs and self-exclusions (docs/safer-play.md). One in force blocks play and deposits; a new
// one may only end later than the one in force (nobody, staff included, can shorten it).
import { sql } from 'drizzle-orm';
import { COOL_OFF_DAYS, type Exclusion, type ExclusionKind, SELF_EXCLUSION_DAYS } from '../../../shared/api/safer';
import { type Executor, first, iso, isoOrNull, rows } from '../../db/client';
import type { SaferExclusionRow } from '../../db/rows';
import { AppError, badRequest } from '../../core/errors';

const DAY = 86_400_000;
const at = (t: number) => new Date(t).toISOString();

export const toExclusion = (r: SaferExclusionRow): Exclusion => ({ kind: r.kind, startsAt: iso(r.starts_at), endsAt: isoOrNull(r.ends_at) });

/** The exclusion in force at `now` that ends last (permanent first), if any. */
export async function activeExclusion(ex: Executor, userId: number, now: number): Promise<SaferExclusionRow | undefined> {
  return first<SaferExclusionRow>(
    ex,
    sql`SELECT * FROM safer_exclusions WHERE user_id = ${userId} AND starts_at <= ${at(now)}::timestamptz
          AND (ends_at IS NULL OR ends_at > ${at(now)}::timestamptz)
        ORDER BY ends_at DESC NULLS FIRST LIMIT 1`,
  );
}

export async function exclusionHistory(ex: Executor, userId: number): Promise<Exclusion[]> {
  return (await rows<SaferExclusionRow>(ex, sql`SELECT * FROM safer_exclusions WHERE user_id = ${userId} ORDER BY id DESC`)).map(toExclusion);
}

export interface ExclusionAsk {
  kind: ExclusionKind;
  days?: number;
  permanent?: boolean;
}

/** The end of what is asked (null: permanent), checked against the bounds of its kind. */
export function endOf(ask: ExclusionAsk, now: number): number | null {
  const bounds = ask.kind === 'COOL_OFF' ? COOL_OFF_DAYS : SELF_EXCLUSION_DAYS;
  if (ask.kind === 'SELF_EXCLUSION' && ask.permanent) return null;
  const days = ask.days;
  if (days === undefined || ask.permanent || days < bounds.min || days > bounds.max)
    throw badRequest(
      ask.kind === 'COOL_OFF' ? 'A cool-off lasts 1 to 42 days' : 'A self-exclusion lasts 6 months to 10 years, or is permanent',
      'INVALID_INPUT',
      [{ path: 'days', message: 'Out of range' }],
    );
  return now + days * DAY;
}

/**
 * Records an exclusion from `now` (in the caller's transaction, the player's row locked by it).
 * Refused (409 EXCLUSION_CANNOT_SHORTEN) when one in force ends later: it stands as it is.
 */
export async function addExclusion(ex: Executor, userId: number, ask: ExclusionAsk, now: number, setBy: number | null): Promise<SaferExclusionRow> {
  const end = endOf(ask, now);
  const current = await activeExclusion(ex, userId, now);
  if (current) {
    const currentEnd = current.ends_at === null ? null : Date.parse(iso(current.ends_at));
    if (currentEnd === null && end === null) return current;
    const shorter = currentEnd === null ? true : end !== null && end < currentEnd;
    if (shorter) throw new AppError(409, 'EXCLUSION_CANNOT_SHORTEN', 'An exclusion in force cannot be shortened or lifted; it ends as it was set');
  }
  const row = await first<SaferExclusionRow>(
    ex,
    sql`INSERT INTO safer_exclusions (user_id, kind, starts_at, ends_at, set_by)
        VALUES (${userId}, ${ask.kind}, ${at(now)}::timestamptz, ${end === null ? null : at(end)}::timestamptz, ${setBy}) RETURNING *`,
  );
  return row!;
}
