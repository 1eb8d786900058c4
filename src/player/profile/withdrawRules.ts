import { parseMoney } from '../../shared/format';

export interface WithdrawalLimits {
  min: number;
  max: number;
}

/**
 * The server's defaults (src/server/core/settings.ts), used only until
 * `GET /user/wallet/limits` answers (or when it cannot be read). The server checks the real
 * bounds on every request and its message is shown when they differ.
 */
export const DEFAULT_WITHDRAWAL_LIMITS: WithdrawalLimits = { min: 10_000, max: 5_000_000 };

/** The room's bounds as `GET /user/wallet/limits` gives them, in the form's shape. */
export function limitsFrom(l: { withdrawalMin: number; withdrawalMax: number } | undefined): WithdrawalLimits {
  return l ? { min: l.withdrawalMin, max: l.withdrawalMax } : DEFAULT_WITHDRAWAL_LIMITS;
}

export type WithdrawalRuleError = 'required' | 'invalid' | 'tooMuch' | 'tooLow' | 'overBalance';

/**
 * SPEC §5: amount required ("Please enter amount!"), above the maximum "Too much", below the
 * minimum "Too low"; DESIGN §4: at most the available balance.
 */
export function checkWithdrawal(raw: string, limits: WithdrawalLimits, balance: number): WithdrawalRuleError | null {
  if (raw.trim() === '') return 'required';
  const amount = parseMoney(raw);
  if (!Number.isFinite(amount) || amount <= 0) return 'invalid';
  if (amount > limits.max) return 'tooMuch';
  if (amount < limits.min) return 'tooLow';
  if (amount > balance) return 'overBalance';
  return null;
}
