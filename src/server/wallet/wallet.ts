// The wallet as one handle: deposits (deposits.ts), withdrawals (withdrawals.ts) and the ledger
// views (statements.ts) are services of their own; this facade keeps `services.wallet.*` for the
// callers that use the three together (tests, benchmarks).
import type { CreateDepositBody } from '../../shared/api/admin';
import type { Actor } from '../core/audit';
import type { DepositQuery, DepositService } from './deposits';
import type { OwnOutcomeQuery, StatementService } from './statements';
import type { WithdrawalQuery, WithdrawalService } from './withdrawals';

export type { DepositQuery } from './deposits';
export type { WithdrawalQuery, WithdrawalListRow } from './withdrawals';
export type { OwnOutcomeQuery } from './statements';
export { toDeposit } from './deposits';
export { toWithdrawal, WITHDRAWAL_SELECT } from './withdrawals';

export class WalletService {
  constructor(
    readonly deposits: DepositService,
    readonly withdrawals: WithdrawalService,
    readonly statements: StatementService,
  ) {}

  createDeposit = (adminId: number, body: CreateDepositBody, actor?: Actor) => this.deposits.createDeposit(adminId, body, actor);
  deposit = (id: number) => this.deposits.deposit(id);
  listDeposits = (ownerId: number | null, q: DepositQuery) => this.deposits.listDeposits(ownerId, q);
  createWithdrawal = (userId: number, amount: number, idempotencyKey?: string) => this.withdrawals.createWithdrawal(userId, amount, idempotencyKey);
  withdrawal = (id: number) => this.withdrawals.withdrawal(id);
  threshold = () => this.withdrawals.threshold();
  listWithdrawals = (ownerId: number | null, q: WithdrawalQuery) => this.withdrawals.listWithdrawals(ownerId, q);
  outcome = (userId: number, q: OwnOutcomeQuery) => this.statements.outcome(userId, q);
  userLedger = (userId: number, q: { limit: number; offset: number; order: 'ASC' | 'DESC' }) => this.statements.userLedger(userId, q);
}
