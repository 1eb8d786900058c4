// The known refusals, shown in the admin's words (translation keys of `admin.errors.*`) instead
// of a bare status; the server's own message stays in `body.serverMessage`.
import { HttpError } from 'react-admin';
import type { ServerErrorBody } from './http';

export type Operation =
  | 'deleteUser'
  | 'changeRole'
  | 'deleteTable'
  | 'createTable'
  | 'updateTable'
  | 'approveWithdrawal'
  | 'rejectWithdrawal'
  | 'createDeposit'
  | 'createBlock'
  | 'live'
  | 'kick'
  | 'tournament'
  | 'other';

/** Refusals of the two-person rule and the support hold (wallet/payouts.ts). */
const WITHDRAWAL_REFUSALS: Record<string, string> = {
  SAME_APPROVER: 'admin.errors.same_approver',
  OWN_WITHDRAWAL: 'admin.errors.own_withdrawal',
  ACCOUNT_ON_HOLD: 'admin.errors.account_on_hold',
};

function errorKey(op: Operation, status: number, body: Partial<ServerErrorBody>): string | undefined {
  if (status === 0) return 'admin.errors.network';
  if (status === 429) return 'admin.errors.rate_limited';
  if ((op === 'live' || op === 'kick') && status === 404 && (body.code === 'HTTP_404' || /route/i.test(body.message ?? '')))
    return 'admin.errors.live_unavailable';
  if (op === 'kick' && status === 404 && body.code === 'NOT_SEATED') return 'admin.errors.not_seated';
  if (op === 'deleteUser' && status === 409) return 'admin.errors.user_holds_money';
  if (op === 'deleteTable' && status === 409) return 'admin.errors.table_has_players';
  if (op === 'approveWithdrawal' || op === 'rejectWithdrawal') {
    const key = body.code ? WITHDRAWAL_REFUSALS[body.code] : undefined;
    if (key) return key;
  }
  if ((op === 'approveWithdrawal' || op === 'rejectWithdrawal') && status === 409)
    return body.code === 'INSUFFICIENT_BALANCE' ? 'admin.errors.insufficient_balance' : 'admin.errors.already_resolved';
  if (op === 'createDeposit' && status === 404) return 'admin.errors.deposit_user_not_found';
  if (op === 'createBlock' && status === 409) return 'admin.errors.block_exists';
  if (op === 'tournament' && status === 409 && body.code === 'TOURNAMENT_STARTED') return 'admin.errors.tournament_started';
  if (op === 'tournament' && status === 409 && (body.code === 'TOURNAMENT_FINISHED' || body.code === 'TOURNAMENT_CANCELLED'))
    return 'admin.errors.tournament_over';
  if (op === 'tournament' && status === 409 && body.code === 'TOURNAMENT_PAID') return 'admin.errors.tournament_paid';
  if (op === 'tournament' && status === 409 && body.code === 'ENTRANTS_ABOVE_MAX') return 'admin.errors.entrants_above_max';
  return undefined;
}

export function explain(error: unknown, op: Operation): unknown {
  if (!(error instanceof HttpError)) return error;
  const body: Partial<ServerErrorBody> = error.body ?? {};
  const key = errorKey(op, error.status, body);
  return key ? new HttpError(key, error.status, { ...body, serverMessage: body.message }) : error;
}

export async function explained<T>(op: Operation, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw explain(e, op);
  }
}
