// A player's limits (docs/safer-play.md): lowering one applies at once; raising or removing it
// waits 24 hours, and until then the lower value stays in force. A pending change falls due when
// read (no job): whoever reads the limits after `pending_from` sees the new value.
import { sql } from 'drizzle-orm';
import type { LimitKind } from '../../../shared/api/safer';
import { type Executor, rows } from '../../db/client';
import type { SaferLimitRow } from '../../db/rows';

export const RAISE_DELAY_MS = 24 * 3_600_000;

export interface LimitState {
  kind: LimitKind;
  amount: number | null;
  pendingAmount: number | null;
  /** ms; null: nothing waiting. */
  pendingFrom: number | null;
}

const ms = (v: string | null) => (v === null ? null : Date.parse(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')));
const at = (t: number) => new Date(t).toISOString();

/** A stored row as it stands at `now`: a pending change past its time is in force. */
export function settle(r: LimitState, now: number): LimitState {
  if (r.pendingFrom !== null && r.pendingFrom <= now) return { kind: r.kind, amount: r.pendingAmount, pendingAmount: null, pendingFrom: null };
  return r;
}

/** What a request to set `amount` (null: none) makes of the limit at `now`. */
export function change(current: LimitState, amount: number | null, now: number): LimitState {
  const cur = settle(current, now);
  const lower = amount !== null && (cur.amount === null || amount <= cur.amount);
  // Lower (or equal): at once, and any raise waiting is dropped. Higher or none: in 24 hours.
  if (lower) return { kind: cur.kind, amount, pendingAmount: null, pendingFrom: null };
  return { kind: cur.kind, amount: cur.amount, pendingAmount: amount, pendingFrom: now + RAISE_DELAY_MS };
}

export async function readLimits(ex: Executor, userId: number, now: number): Promise<Map<LimitKind, LimitState>> {
  const list = await rows<SaferLimitRow>(ex, sql`SELECT * FROM safer_limits WHERE user_id = ${userId}`);
  const out = new Map<LimitKind, LimitState>();
  for (const r of list) out.set(r.kind, settle({ kind: r.kind, amount: r.amount, pendingAmount: r.pending_amount, pendingFrom: ms(r.pending_from) }, now));
  return out;
}

export async function writeLimit(ex: Executor, userId: number, s: LimitState, now: number): Promise<void> {
  const from = s.pendingFrom === null ? null : at(s.pendingFrom);
  await ex.execute(
    sql`INSERT INTO safer_limits (user_id, kind, amount, pending_amount, pending_from, updated_at)
        VALUES (${userId}, ${s.kind}, ${s.amount}, ${s.pendingAmount}, ${from}::timestamptz, ${at(now)}::timestamptz)
        ON CONFLICT (user_id, kind) DO UPDATE SET amount = EXCLUDED.amount, pending_amount = EXCLUDED.pending_amount,
          pending_from = EXCLUDED.pending_from, updated_at = EXCLUDED.updated_at`,
  );
}
