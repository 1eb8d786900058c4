// The route table: one entry per HTTP call. The server registers from it, the apps type their
// calls with it, and the msw mocks answer with it, so none of them can drift.
import type { z } from 'zod';
import { Ok } from './common';
import * as A from './admin';
import * as C from './chat';
import * as I from './integrity';
import * as L from './live';
import * as P from './payments';
import * as B from './bank';
import * as R from './reconciliation';
import * as S from './safer';
import { regularsRoutes as G } from './regulars';
import * as T from './tournaments';
import * as F from './pools';
import * as U from './user';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * Who may call: anyone, any signed-in user, staff (ADMIN or SUPPORT), or administrators only.
 * docs/admin.md has the table; tests/server/roles.test.ts walks every route for every role.
 */
export type Access = 'public' | 'user' | 'staff' | 'admin';

export interface RouteDef {
  method: Method;
  /** Full path; `:name` marks a path parameter (Fastify and msw syntax). */
  path: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Status of a successful answer (200 unless stated). */
  status?: number;
}

const r = <T extends RouteDef>(def: T) => def;
export const USER = '/api/v1/user';
export const ADMIN = '/api/v1/admin';
export const CHAT = '/api/chat';
/** QPay calls the room here (docs/payments.md). */
export const QPAY_CALLBACK = '/api/v1/qpay/callback';

export const routes = {
  // ---- player API ----
  login: r({ method: 'POST', path: `${USER}/login`, access: 'public', body: U.LoginBody, response: U.AuthResponse }),
  register: r({ method: 'POST', path: `${USER}/register`, access: 'public', body: U.RegisterBody, response: U.AuthResponse, status: 201 }),
  me: r({ method: 'GET', path: `${USER}/me`, access: 'user', response: U.Me }),
  patchMe: r({ method: 'PATCH', path: `${USER}/me`, access: 'user', body: U.PatchMeBody, response: U.Me }),
  logoutAll: r({ method: 'POST', path: `${USER}/logout-all`, access: 'user', response: Ok }),
  forgotPassword: r({ method: 'POST', path: `${USER}/forgot-password`, access: 'public', body: U.ForgotPasswordBody, response: Ok }),
  resetPassword: r({ method: 'POST', path: `${USER}/reset-password`, access: 'public', body: U.ResetPasswordBody, response: Ok }),
  confirmEmail: r({ method: 'POST', path: `${USER}/confirm-email`, access: 'public', body: U.ConfirmEmailBody, response: Ok }),
  /** Mails a new confirmation link to the caller's unconfirmed address (nothing when confirmed). */
  resendConfirmation: r({ method: 'POST', path: `${USER}/confirm-email/resend`, access: 'user', response: Ok }),
  twoFactor: r({ method: 'GET', path: `${USER}/2fa`, access: 'user', response: U.TwoFactorStatus }),
  twoFactorSetup: r({ method: 'POST', path: `${USER}/2fa/setup`, access: 'user', body: U.TwoFactorSetupBody, response: U.TwoFactorSetup }),
  twoFactorEnable: r({ method: 'POST', path: `${USER}/2fa/enable`, access: 'user', body: U.TwoFactorEnableBody, response: U.RecoveryCodes }),
  twoFactorDisable: r({ method: 'POST', path: `${USER}/2fa/disable`, access: 'user', body: U.TwoFactorDisableBody, response: Ok }),
  twoFactorRecoveryCodes: r({
    method: 'POST',
    path: `${USER}/2fa/recovery-codes`,
    access: 'user',
    body: U.TwoFactorRecoveryCodesBody,
    response: U.RecoveryCodes,
  }),
  userSearch: r({ method: 'GET', path: `${USER}/search`, access: 'user', query: U.UserSearchQuery, response: U.UserSearchResponse }),
  tables: r({ method: 'GET', path: `${USER}/table`, access: 'public', query: U.TableListQuery, response: U.TableList }),
  table: r({ method: 'GET', path: `${USER}/table/:tableId`, access: 'public', params: U.TableIdParams, response: U.Table }),
  deposits: r({ method: 'GET', path: `${USER}/deposit`, access: 'user', query: U.OwnListQuery, response: U.DepositList }),
  withdrawals: r({ method: 'GET', path: `${USER}/withdrawal`, access: 'user', query: U.OwnWithdrawalQuery, response: U.WithdrawalList }),
  createWithdrawal: r({ method: 'POST', path: `${USER}/withdrawal`, access: 'user', body: U.CreateWithdrawalBody, response: U.Withdrawal, status: 201 }),
  outcome: r({ method: 'GET', path: `${USER}/outcome`, access: 'user', query: U.OutcomeQuery, response: U.OutcomeList }),
  maintenance: r({ method: 'GET', path: `${USER}/maintenance`, access: 'public', response: U.Maintenance }),
  block: r({ method: 'GET', path: `${USER}/block/:name`, access: 'public', params: U.BlockParams, response: U.Block }),
  walletLimits: r({ method: 'GET', path: `${USER}/wallet/limits`, access: 'public', response: U.WalletLimits }),
  jackpot: r({ method: 'GET', path: `${USER}/jackpot`, access: 'public', response: U.Jackpot }),

  // ---- administrator API ----
  adminWithdrawals: r({ method: 'GET', path: `${ADMIN}/withdrawal`, access: 'staff', query: A.AdminWithdrawalQuery, response: U.WithdrawalList }),
  approveWithdrawal: r({ method: 'PUT', path: `${ADMIN}/withdrawal/approve`, access: 'staff', query: A.WithdrawalIdQuery, response: U.Withdrawal }),
  rejectWithdrawal: r({
    method: 'PUT',
    path: `${ADMIN}/withdrawal/reject`,
    access: 'staff',
    query: A.WithdrawalIdQuery,
    body: A.RejectWithdrawalBody,
    response: U.Withdrawal,
  }),
  adminDeposits: r({ method: 'GET', path: `${ADMIN}/deposit`, access: 'staff', query: A.AdminDepositQuery, response: U.DepositList }),
  createDeposit: r({ method: 'POST', path: `${ADMIN}/deposit`, access: 'staff', body: A.CreateDepositBody, response: U.Deposit, status: 201 }),
  adminUsers: r({ method: 'GET', path: `${ADMIN}/user/search`, access: 'staff', query: A.AdminUserQuery, response: A.AdminUserList }),
  adminUser: r({ method: 'GET', path: `${ADMIN}/user`, access: 'staff', query: A.UserIdQuery, response: A.AdminUser }),
  adminUserLedger: r({ method: 'GET', path: `${ADMIN}/user/ledger`, access: 'staff', query: A.UserLedgerQuery, response: A.LedgerList }),
  deleteUser: r({ method: 'DELETE', path: `${ADMIN}/user`, access: 'admin', query: A.UserIdQuery, response: Ok }),
  changeRole: r({ method: 'PATCH', path: `${ADMIN}/user/role`, access: 'admin', query: A.UserIdQuery, body: A.RoleBody, response: A.AdminUser }),
  adminTables: r({ method: 'GET', path: `${ADMIN}/table`, access: 'staff', query: U.TableListQuery, response: U.TableList }),
  adminTable: r({ method: 'GET', path: `${ADMIN}/table/:tableId`, access: 'staff', params: U.TableIdParams, response: U.Table }),
  createTable: r({ method: 'POST', path: `${ADMIN}/table`, access: 'admin', body: A.CreateTableBody, response: U.Table, status: 201 }),
  /** tableId in the query or in the body. */
  updateTable: r({ method: 'PATCH', path: `${ADMIN}/table`, access: 'admin', query: A.OptionalTableIdQuery, body: A.UpdateTableBody, response: U.Table }),
  deleteTable: r({ method: 'DELETE', path: `${ADMIN}/table`, access: 'admin', query: A.TableIdQuery, response: Ok }),
  tableSessions: r({ method: 'GET', path: `${ADMIN}/table/session`, access: 'staff', query: A.SessionQuery, response: A.SessionList }),
  blocks: r({ method: 'GET', path: `${ADMIN}/block/list`, access: 'admin', query: U.OwnListQuery, response: A.BlockList }),
  adminBlock: r({ method: 'GET', path: `${ADMIN}/block/:name`, access: 'admin', params: U.BlockParams, response: U.Block }),
  createBlock: r({ method: 'POST', path: `${ADMIN}/block`, access: 'admin', body: A.CreateBlockBody, response: U.Block, status: 201 }),
  putBlock: r({ method: 'PUT', path: `${ADMIN}/block/:name`, access: 'admin', params: U.BlockParams, body: A.PutBlockBody, response: U.Block }),
  deleteBlock: r({ method: 'DELETE', path: `${ADMIN}/block/:name`, access: 'admin', params: U.BlockParams, response: Ok }),
  settings: r({ method: 'GET', path: `${ADMIN}/settings`, access: 'admin', response: A.Settings }),
  putSettings: r({ method: 'PUT', path: `${ADMIN}/settings`, access: 'admin', body: A.Settings, response: A.Settings }),
  stats: r({ method: 'GET', path: `${ADMIN}/stats`, access: 'admin', query: A.StatsQuery, response: A.Stats }),
  reports: r({ method: 'GET', path: `${ADMIN}/report`, access: 'admin', query: A.ReportQuery, response: A.ReportList }),

  // ---- staff: audit trail, support notes and holds, chat moderation ----
  audit: r({ method: 'GET', path: `${ADMIN}/audit`, access: 'admin', query: A.AuditQuery, response: A.AuditList }),
  userAudit: r({ method: 'GET', path: `${ADMIN}/user/audit`, access: 'staff', query: A.UserAuditQuery, response: A.AuditList }),
  userNotes: r({ method: 'GET', path: `${ADMIN}/user/note`, access: 'staff', query: A.UserNoteQuery, response: A.UserNoteList }),
  createUserNote: r({ method: 'POST', path: `${ADMIN}/user/note`, access: 'staff', body: A.CreateUserNoteBody, response: A.UserNote, status: 201 }),
  holdUser: r({ method: 'PUT', path: `${ADMIN}/user/hold`, access: 'staff', query: A.UserIdQuery, body: A.HoldBody, response: A.AdminUser }),
  releaseUser: r({ method: 'DELETE', path: `${ADMIN}/user/hold`, access: 'staff', query: A.UserIdQuery, response: A.AdminUser }),
  adminChat: r({ method: 'GET', path: `${ADMIN}/chat`, access: 'staff', query: A.AdminChatQuery, response: A.AdminChatList }),
  hideChatMessage: r({ method: 'DELETE', path: `${ADMIN}/chat`, access: 'staff', query: A.ChatIdQuery, response: A.AdminChatMessage }),

  // ---- live tables ----
  kick: r({ method: 'DELETE', path: `${ADMIN}/table/kick`, access: 'staff', query: L.KickQuery, response: Ok }),
  startSimulation: r({ method: 'PUT', path: `${ADMIN}/table/simulate`, access: 'admin', query: L.SimulateQuery, response: L.Simulation }),
  stopSimulation: r({ method: 'DELETE', path: `${ADMIN}/table/simulate`, access: 'admin', query: L.SimulateQuery, response: L.Simulation }),
  myHands: r({ method: 'GET', path: `${USER}/hand`, access: 'user', query: L.MyHandsQuery, response: L.MyHandList }),
  myHand: r({ method: 'GET', path: `${USER}/hand/:handId`, access: 'user', params: L.HandIdParams, response: L.MyHand }),

  // ---- for the regulars (shared/api/regulars.ts; the search's download is served beside the table) ----
  notes: G.notes,
  putNote: G.putNote,
  deleteNote: G.deleteNote,
  handSearch: G.handSearch,
  pushKey: G.pushKey,
  putPushSubscription: G.putPushSubscription,
  deletePushSubscription: G.deletePushSubscription,

  // ---- tournaments (docs/tournaments.md) ----
  tournaments: r({ method: 'GET', path: `${USER}/tournament`, access: 'public', query: T.TournamentListQuery, response: T.TournamentList }),
  tournament: r({ method: 'GET', path: `${USER}/tournament/:tournamentId`, access: 'public', params: T.TournamentIdParams, response: T.TournamentDetail }),
  registerTournament: r({
    method: 'POST',
    path: `${USER}/tournament/:tournamentId/register`,
    access: 'user',
    params: T.TournamentIdParams,
    response: T.TournamentEntry,
    status: 201,
  }),
  unregisterTournament: r({ method: 'POST', path: `${USER}/tournament/:tournamentId/unregister`, access: 'user', params: T.TournamentIdParams, response: Ok }),
  rebuyTournament: r({
    method: 'POST',
    path: `${USER}/tournament/:tournamentId/rebuy`,
    access: 'user',
    params: T.TournamentIdParams,
    response: T.TournamentPurchase,
    status: 201,
  }),
  addonTournament: r({
    method: 'POST',
    path: `${USER}/tournament/:tournamentId/addon`,
    access: 'user',
    params: T.TournamentIdParams,
    response: T.TournamentPurchase,
    status: 201,
  }),
  adminTournaments: r({ method: 'GET', path: `${ADMIN}/tournament`, access: 'staff', query: T.TournamentListQuery, response: T.TournamentList }),
  adminTournament: r({ method: 'GET', path: `${ADMIN}/tournament/:tournamentId`, access: 'staff', params: T.TournamentIdParams, response: T.TournamentDetail }),
  createTournament: r({
    method: 'POST',
    path: `${ADMIN}/tournament`,
    access: 'admin',
    body: T.CreateTournamentBody,
    response: T.TournamentDetail,
    status: 201,
  }),
  updateTournament: r({
    method: 'PATCH',
    path: `${ADMIN}/tournament/:tournamentId`,
    access: 'admin',
    params: T.TournamentIdParams,
    body: T.UpdateTournamentBody,
    response: T.TournamentDetail,
  }),
  cancelTournament: r({
    method: 'POST',
    path: `${ADMIN}/tournament/:tournamentId/cancel`,
    access: 'admin',
    params: T.TournamentIdParams,
    body: T.CancelTournamentBody,
    response: T.TournamentDetail,
  }),
  addTournamentBots: r({
    method: 'POST',
    path: `${ADMIN}/tournament/:tournamentId/bots`,
    access: 'admin',
    params: T.TournamentIdParams,
    body: T.AddTournamentBotsBody,
    response: T.TournamentDetail,
  }),

  // ---- fast-fold pools (docs/fast-fold.md) ----
  pools: r({ method: 'GET', path: `${USER}/pool`, access: 'public', query: F.PoolListQuery, response: F.PoolList }),
  poolSeat: r({ method: 'GET', path: `${USER}/pool/:poolId/seat`, access: 'user', params: F.PoolIdParams, response: F.PoolSeat }),
  joinPool: r({ method: 'POST', path: `${USER}/pool/:poolId/join`, access: 'user', params: F.PoolIdParams, body: F.JoinPoolBody, response: F.PoolSeat }),
  poolBack: r({ method: 'POST', path: `${USER}/pool/:poolId/back`, access: 'user', params: F.PoolIdParams, response: F.PoolSeat }),
  leavePool: r({ method: 'POST', path: `${USER}/pool/:poolId/leave`, access: 'user', params: F.PoolIdParams, response: F.PoolSeat }),
  adminPools: r({ method: 'GET', path: `${ADMIN}/pool`, access: 'staff', query: F.PoolListQuery, response: F.PoolList }),
  createPool: r({ method: 'POST', path: `${ADMIN}/pool`, access: 'admin', body: F.CreatePoolBody, response: F.Pool, status: 201 }),
  closePool: r({ method: 'POST', path: `${ADMIN}/pool/:poolId/close`, access: 'admin', params: F.PoolIdParams, response: F.Pool }),
  addPoolBots: r({ method: 'POST', path: `${ADMIN}/pool/:poolId/bots`, access: 'admin', params: F.PoolIdParams, body: F.AddPoolBotsBody, response: F.Pool }),

  // ---- payments: QPay deposits (docs/payments.md) ----
  createQPayInvoice: r({ method: 'POST', path: `${USER}/qpay/invoice`, access: 'user', body: P.CreateQPayInvoiceBody, response: P.QPayInvoice, status: 201 }),
  qpayInvoices: r({ method: 'GET', path: `${USER}/qpay/invoice`, access: 'user', query: P.OwnQPayInvoiceQuery, response: P.QPayInvoiceList }),
  qpayInvoice: r({ method: 'GET', path: `${USER}/qpay/invoice/:invoiceId`, access: 'user', params: P.QPayInvoiceParams, response: P.QPayInvoice }),
  cancelQPayInvoice: r({ method: 'DELETE', path: `${USER}/qpay/invoice/:invoiceId`, access: 'user', params: P.QPayInvoiceParams, response: P.QPayInvoice }),
  qpayCallback: r({ method: 'GET', path: QPAY_CALLBACK, access: 'public', query: P.QPayCallbackQuery, response: P.QPayCallbackAnswer }),
  qpayCallbackPost: r({
    method: 'POST',
    path: QPAY_CALLBACK,
    access: 'public',
    query: P.QPayCallbackQuery,
    body: P.QPayCallbackBody,
    response: P.QPayCallbackAnswer,
  }),
  adminQPayInvoices: r({ method: 'GET', path: `${ADMIN}/qpay/invoice`, access: 'staff', query: P.AdminQPayInvoiceQuery, response: P.AdminQPayInvoiceList }),
  checkQPayInvoice: r({ method: 'PUT', path: `${ADMIN}/qpay/invoice/check`, access: 'staff', query: P.QPayInvoiceIdQuery, response: P.AdminQPayInvoice }),
  adminQPayPayments: r({ method: 'GET', path: `${ADMIN}/qpay/payment`, access: 'staff', query: P.AdminQPayPaymentQuery, response: P.AdminQPayPaymentList }),
  reviewQPayPayment: r({
    method: 'PUT',
    path: `${ADMIN}/qpay/payment/review`,
    access: 'staff',
    query: P.QPayPaymentIdQuery,
    body: P.ReviewQPayPaymentBody,
    response: P.AdminQPayPayment,
  }),

  // ---- payments: bank statements matched (docs/payments.md) ----
  uploadStatement: r({ method: 'POST', path: `${ADMIN}/statement`, access: 'staff', body: B.UploadStatementBody, response: B.Statement, status: 201 }),
  statements: r({ method: 'GET', path: `${ADMIN}/statement`, access: 'staff', query: U.OwnListQuery, response: B.StatementList }),
  statement: r({ method: 'GET', path: `${ADMIN}/statement/:statementId`, access: 'staff', params: B.StatementParams, response: B.Statement }),
  statementLines: r({ method: 'GET', path: `${ADMIN}/statement-line`, access: 'staff', query: B.StatementLineQuery, response: B.StatementLineList }),
  confirmStatementLine: r({
    method: 'PUT',
    path: `${ADMIN}/statement-line/confirm`,
    access: 'staff',
    query: B.LineIdQuery,
    body: B.ConfirmLineBody,
    response: B.StatementLine,
  }),
  assignStatementLine: r({
    method: 'PUT',
    path: `${ADMIN}/statement-line/assign`,
    access: 'staff',
    query: B.LineIdQuery,
    body: B.AssignLineBody,
    response: B.StatementLine,
  }),
  ignoreStatementLine: r({
    method: 'PUT',
    path: `${ADMIN}/statement-line/ignore`,
    access: 'staff',
    query: B.LineIdQuery,
    body: B.IgnoreLineBody,
    response: B.StatementLine,
  }),
  linkStatementLine: r({
    method: 'PUT',
    path: `${ADMIN}/statement-line/link`,
    access: 'staff',
    query: B.LineIdQuery,
    body: B.LinkLineBody,
    response: B.StatementLine,
  }),

  // ---- payments: payout batches (docs/payments.md) ----
  payoutsDue: r({ method: 'GET', path: `${ADMIN}/payout-batch/due`, access: 'staff', response: B.PayoutsDue }),
  payoutBatches: r({ method: 'GET', path: `${ADMIN}/payout-batch`, access: 'staff', query: B.PayoutBatchQuery, response: B.PayoutBatchList }),
  payoutBatch: r({ method: 'GET', path: `${ADMIN}/payout-batch/:batchId`, access: 'staff', params: B.PayoutBatchParams, response: B.PayoutBatch }),
  createPayoutBatch: r({ method: 'POST', path: `${ADMIN}/payout-batch`, access: 'staff', body: B.CreatePayoutBatchBody, response: B.PayoutBatch, status: 201 }),
  payoutBatchFile: r({ method: 'GET', path: `${ADMIN}/payout-batch/:batchId/file`, access: 'staff', params: B.PayoutBatchParams, response: B.PayoutBatchFile }),
  payoutBatchPaid: r({
    method: 'POST',
    path: `${ADMIN}/payout-batch/:batchId/paid`,
    access: 'staff',
    params: B.PayoutBatchParams,
    body: B.PaidPayoutBatchBody,
    response: B.PayoutBatch,
  }),
  cancelPayoutBatch: r({
    method: 'POST',
    path: `${ADMIN}/payout-batch/:batchId/cancel`,
    access: 'staff',
    params: B.PayoutBatchParams,
    body: B.CancelPayoutBatchBody,
    response: B.PayoutBatch,
  }),

  // ---- payments: reconciliation (docs/payments.md) ----
  reconciliation: r({ method: 'GET', path: `${ADMIN}/reconciliation`, access: 'admin', query: R.ReconciliationQuery, response: R.ReconciliationList }),
  reconciliationDifferences: r({
    method: 'GET',
    path: `${ADMIN}/reconciliation/difference`,
    access: 'admin',
    query: R.ReconciliationDifferenceQuery,
    response: R.ReconciliationDifferenceList,
  }),
  reconciliationAlerts: r({ method: 'GET', path: `${ADMIN}/reconciliation/alerts`, access: 'admin', response: R.ReconciliationAlerts }),
  refreshReconciliation: r({
    method: 'POST',
    path: `${ADMIN}/reconciliation/refresh`,
    access: 'admin',
    body: R.RefreshReconciliationBody,
    response: R.RefreshReconciliationAnswer,
  }),

  // ---- safer play and identity (docs/safer-play.md) ----
  saferPlay: r({ method: 'GET', path: `${USER}/safer-play`, access: 'user', response: S.SaferPlay }),
  setSaferLimit: r({ method: 'PUT', path: `${USER}/safer-play/limit`, access: 'user', body: S.SetLimitBody, response: S.SaferPlay }),
  setSaferReminder: r({ method: 'PUT', path: `${USER}/safer-play/reminder`, access: 'user', body: S.ReminderBody, response: S.SaferPlay }),
  saferExclude: r({ method: 'POST', path: `${USER}/safer-play/exclusion`, access: 'user', body: S.ExclusionBody, response: S.SaferPlay }),
  uploadIdentity: r({ method: 'POST', path: `${USER}/identity`, access: 'user', body: S.IdentityUploadBody, response: S.IdentitySummary, status: 201 }),
  adminIdentityChecks: r({ method: 'GET', path: `${ADMIN}/identity-check`, access: 'staff', query: S.IdentityCheckQuery, response: S.IdentityCheckList }),
  adminIdentityCheck: r({
    method: 'GET',
    path: `${ADMIN}/identity-check/:checkId`,
    access: 'staff',
    params: S.IdentityCheckParams,
    response: S.IdentityCheckDetail,
  }),
  reviewIdentityCheck: r({
    method: 'PUT',
    path: `${ADMIN}/identity-check/review`,
    access: 'staff',
    query: S.IdentityCheckIdQuery,
    body: S.ReviewIdentityBody,
    response: S.IdentityCheck,
  }),
  adminSaferPlay: r({ method: 'GET', path: `${ADMIN}/user/safer-play`, access: 'staff', query: A.UserIdQuery, response: S.AdminSaferPlay }),
  adminExclude: r({
    method: 'PUT',
    path: `${ADMIN}/user/safer-play/exclusion`,
    access: 'staff',
    query: A.UserIdQuery,
    body: S.StaffExclusionBody,
    response: S.AdminSaferPlay,
  }),
  // ---- game integrity (docs/integrity.md): support staff see, administrators act ----
  myStats: r({ method: 'GET', path: `${USER}/stats`, access: 'user', response: I.MyStats }),
  integrityAlerts: r({ method: 'GET', path: `${ADMIN}/integrity/alert`, access: 'staff', query: I.AlertQuery, response: I.AlertList }),
  integrityAlert: r({ method: 'GET', path: `${ADMIN}/integrity/alert/:alertId`, access: 'staff', params: I.AlertParams, response: I.Alert }),
  integrityAlertStatus: r({
    method: 'PUT',
    path: `${ADMIN}/integrity/alert/:alertId/status`,
    access: 'admin',
    params: I.AlertParams,
    body: I.AlertStatusBody,
    response: I.Alert,
  }),
  integrityPlayer: r({ method: 'GET', path: `${ADMIN}/integrity/player/:userId`, access: 'staff', params: I.IntegrityUserParams, response: I.IntegrityPlayer }),
  integrityGroup: r({ method: 'GET', path: `${ADMIN}/integrity/group/:userId`, access: 'staff', params: I.IntegrityUserParams, response: I.IntegrityGroup }),
  integrityHand: r({ method: 'GET', path: `${ADMIN}/integrity/hand/:handId`, access: 'staff', params: I.HandParams, response: I.IntegrityHand }),
  integrityCases: r({ method: 'GET', path: `${ADMIN}/integrity/case`, access: 'staff', query: I.CaseQuery, response: I.CaseList }),
  integrityCase: r({ method: 'GET', path: `${ADMIN}/integrity/case/:caseId`, access: 'staff', params: I.CaseParams, response: I.IntegrityCase }),
  createIntegrityCase: r({ method: 'POST', path: `${ADMIN}/integrity/case`, access: 'admin', body: I.CreateCaseBody, response: I.IntegrityCase, status: 201 }),
  updateIntegrityCase: r({
    method: 'PATCH',
    path: `${ADMIN}/integrity/case/:caseId`,
    access: 'admin',
    params: I.CaseParams,
    body: I.UpdateCaseBody,
    response: I.IntegrityCase,
  }),
  addIntegrityCaseNote: r({
    method: 'POST',
    path: `${ADMIN}/integrity/case/:caseId/note`,
    access: 'staff',
    params: I.CaseParams,
    body: I.CaseNoteBody,
    response: I.IntegrityCase,
    status: 201,
  }),
  setIntegrityStanding: r({
    method: 'PUT',
    path: `${ADMIN}/integrity/case/:caseId/standing`,
    access: 'admin',
    params: I.CaseParams,
    body: I.StandingBody,
    response: I.IntegrityCase,
  }),
  proposeRestitution: r({
    method: 'POST',
    path: `${ADMIN}/integrity/case/:caseId/restitution`,
    access: 'admin',
    params: I.CaseParams,
    body: I.RestitutionBody,
    response: I.Restitution,
    status: 201,
  }),
  approveRestitution: r({
    method: 'PUT',
    path: `${ADMIN}/integrity/restitution/:restitutionId/approve`,
    access: 'admin',
    params: I.RestitutionParams,
    response: I.Restitution,
  }),
  rejectRestitution: r({
    method: 'PUT',
    path: `${ADMIN}/integrity/restitution/:restitutionId/reject`,
    access: 'admin',
    params: I.RestitutionParams,
    body: I.RejectRestitutionBody,
    response: I.Restitution,
  }),

  // ---- chat history ----
  chatMessages: r({ method: 'GET', path: `${CHAT}/messages`, access: 'user', query: C.ChatQuery, response: C.ChatMessages }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;
/** The successful answer of a route. */
export type ResponseOf<N extends RouteName> = Infer<Routes[N]['response']>;
/** What a client sends as body / query / params (before defaults and coercion). */
export type BodyOf<N extends RouteName> = Routes[N] extends { body: infer B } ? Input<B> : undefined;
export type QueryOf<N extends RouteName> = Routes[N] extends { query: infer Q } ? Input<Q> : undefined;
export type ParamsOf<N extends RouteName> = Routes[N] extends { params: infer P } ? Input<P> : undefined;

/** Fills `:name` segments: `pathFor('block', {name: 'info'})` -> `/api/v1/user/block/info`. */
export function pathFor(name: RouteName, params: Record<string, string | number> = {}): string {
  return routes[name].path.replace(/:([A-Za-z]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path parameter ${k}`);
    return encodeURIComponent(String(v));
  });
}
