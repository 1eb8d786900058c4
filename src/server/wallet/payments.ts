// Payments (docs/payments.md), built with their collaborators: QPay deposits and their job, bank
// statements, payout batches, reconciliation.
// Built by plugins/payments.ts (it needs the fanout of the live plugin to push to a player).
import type { Ledger } from '../core/ledger';
import type { SettingsService } from '../core/settings';
import type { Database } from '../db/client';
import type { DepositService } from './deposits';
import { allowAllDeposits, type DepositGuard } from './deposit-guard';
import { BankStatements } from './bank/statements';
import { StatementViews } from './bank/views';
import { PayoutBatches } from './payouts/batches';
import { QPayFeed } from './reconciliation/qpay-feed';
import { Reconciliation } from './reconciliation/service';
import { QPayClient } from './qpay/client';
import { type QPayLogger, QPayDeposits } from './qpay/invoices';
import { DEFAULT_CHECK_MS, DEFAULT_POLL_MS, DEFAULT_RECONCILE_MS, type QPayOptions } from './qpay/options';
import { QPayPoller } from './qpay/poller';
import { type InvoiceRow, QPayRepo } from './qpay/repo';
import { QPaySettlement } from './qpay/settle';
import { QPayViews } from './qpay/views';

export interface PaymentsDeps {
  services: { db: Database; ledger: Ledger; deposits: DepositService; settings: SettingsService };
  /** QPay's settings; absent: QPay deposits are off. */
  qpay?: QPayOptions;
  /** The safer-play deposit limits (default: none). */
  guard?: DepositGuard;
  /** Pushes an invoice's new state to its player (plugins/payments.ts: fanout.user). */
  invoiceChanged: (inv: InvoiceRow) => void;
  log: QPayLogger;
}

export interface Payments {
  /** Null when QPay is not set up on this server. */
  qpay: QPayDeposits | null;
  qpayPoller: QPayPoller | null;
  qpayViews: QPayViews;
  statements: BankStatements;
  statementViews: StatementViews;
  payoutBatches: PayoutBatches;
  /** The daily report and its alert (`unexplainedDifferences()`: a metric for ops). */
  reconciliation: Reconciliation;
  /** Starts and stops the jobs (plugins/payments.ts). */
  start(): void;
  stop(): Promise<void>;
}

export function createPayments(d: PaymentsDeps): Payments {
  const { db, ledger, deposits, settings } = d.services;
  const qpayViews = new QPayViews(db);
  const statementViews = new StatementViews(db);
  const bank = { statements: new BankStatements(db, ledger, deposits, statementViews), statementViews, payoutBatches: new PayoutBatches(db) };
  if (!d.qpay) return { qpay: null, qpayPoller: null, qpayViews, ...bank, reconciliation: new Reconciliation(db, null), start: () => {}, stop: async () => {} };
  const guard = d.guard ?? allowAllDeposits;
  const repo = new QPayRepo(db);
  const client = new QPayClient(d.qpay.client, d.log);
  const settlement = new QPaySettlement(db, ledger, deposits, repo, client, guard, d.invoiceChanged);
  const qpay = new QPayDeposits(settings, repo, qpayViews, client, settlement, d.qpay, guard, d.log);
  const qpayPoller = new QPayPoller(qpay, settlement, repo, { pollMs: d.qpay.pollMs ?? DEFAULT_POLL_MS, checkMs: d.qpay.checkMs ?? DEFAULT_CHECK_MS }, d.log);
  const feed = new QPayFeed(db, client, d.log);
  const reconcileMs = d.qpay.reconcileMs ?? DEFAULT_RECONCILE_MS;
  return {
    qpay,
    qpayPoller,
    qpayViews,
    ...bank,
    reconciliation: new Reconciliation(db, feed),
    start: () => {
      qpayPoller.start();
      feed.start(reconcileMs);
    },
    stop: async () => {
      await qpayPoller.stop();
      await feed.stop();
    },
  };
}
