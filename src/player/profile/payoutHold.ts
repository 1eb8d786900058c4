// The end of the cooling-off after the player changed their bank account: until then, withdrawals
// to the new account wait (the server holds their approval). Null when there is no hold (any more).
import { useEffect, useState } from 'react';
import { useAuth } from '../auth/AuthContext';

/** `holdUntil` when it is still ahead of `now`, else null. */
export function activeHold(holdUntil: string | null | undefined, now = Date.now()): string | null {
  if (!holdUntil) return null;
  const t = Date.parse(holdUntil);
  return Number.isFinite(t) && t > now ? holdUntil : null;
}

/** The signed-in player's payout hold end, re-checked when it passes. */
export function usePayoutHold(): string | null {
  const { userInfo } = useAuth();
  const until = userInfo?.payoutHoldUntil ?? null;
  const [, tick] = useState(0);
  const hold = activeHold(until);
  useEffect(() => {
    if (!hold) return;
    // Re-render once the hold ends (capped: timers cannot wait longer than ~24.8 days).
    const ms = Math.min(Date.parse(hold) - Date.now() + 1000, 2 ** 31 - 1);
    const id = setTimeout(() => tick((n) => n + 1), Math.max(0, ms));
    return () => clearTimeout(id);
  }, [hold]);
  return hold;
}
