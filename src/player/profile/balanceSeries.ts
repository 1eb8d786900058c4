import type { Outcome } from '../api';

/**
 * Outcome types that change the available balance (DESIGN §4: `amount` is the change to the
 * available balance when it is involved). Others (table results, rake, paid-out holds) move
 * money between the player's other accounts and are left out of the balance line.
 */
export const AVAILABLE_TYPES = new Set([
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_REJECTED',
  'BUY_IN',
  'IN_PLAY_RECHARGE',
  'LEAVE_SEAT',
  'BONUS',
  'ADJUSTMENT',
]);

export interface BalancePoint {
  date: Date;
  balance: number;
}

/**
 * Balance after each movement, oldest first, anchored so the last point is the current balance
 * (the rows may cover only the latest part of the history).
 */
export function balanceSeries(rows: Outcome[], currentBalance: number): BalancePoint[] {
  const moves = rows.filter((r) => AVAILABLE_TYPES.has(r.type)).sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id);
  if (moves.length === 0) return [];
  const total = moves.reduce((s, r) => s + r.amount, 0);
  let running = currentBalance - total;
  const points: BalancePoint[] = [{ date: new Date(Date.parse(moves[0].date) - 1000), balance: running }];
  for (const r of moves) {
    running += r.amount;
    points.push({ date: new Date(r.date), balance: running });
  }
  return points;
}
