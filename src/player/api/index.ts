import type {
  AuthResponse,
  Block,
  ChatMessage,
  ConfirmEmailBody,
  CreateWithdrawalBody,
  Deposit,
  ForgotPasswordBody,
  Jackpot,
  List,
  LoginBody,
  Maintenance,
  Me,
  ResponseOf,
  Ok,
  Outcome,
  PatchMeBody,
  RegisterBody,
  ResetPasswordBody,
  Table,
  TournamentDetail,
  TournamentEntry,
  TournamentPurchase,
  TournamentSummary,
  WalletLimits,
  Withdrawal,
} from '../../shared/api';
import type { CreateQPayInvoiceBody, QPayInvoice } from '../../shared/api/payments';
import type { Pool, PoolSeat } from '../../shared/api/pools';
import type { ExclusionBody, IdentitySummary, IdentityUploadBody, SaferPlay, SetLimitBody } from '../../shared/api/safer';
import { buildUrl, http } from '../../shared/http';
import { CHAT_HISTORY_LIMIT, fill, paths } from './paths';
import { deviceId } from './device';

/** A hand as this player saw it (others' hole cards only where shown), with its PHH text. */
export type MyHand = ResponseOf<'myHand'>;

export { paths, CHAT_HISTORY_LIMIT };
export type {
  AuthResponse,
  Block,
  ChatMessage,
  Deposit,
  Jackpot,
  List,
  Maintenance,
  Me,
  Outcome,
  Table,
  TournamentDetail,
  TournamentEntry,
  TournamentSummary,
  WalletLimits,
  Withdrawal,
  QPayInvoice,
  Pool,
  PoolSeat,
};

/** SWR keys: the request path with its query string (the fetcher GETs the key). */
export const keys = {
  me: paths.me,
  tables: buildUrl(paths.tables, { perPage: 100 }),
  table: (tableId: number | string) => fill(paths.table, { tableId }),
  maintenance: paths.maintenance,
  jackpot: paths.jackpot,
  walletLimits: paths.walletLimits,
  block: (name: string) => fill(paths.block, { name }),
  chat: buildUrl(paths.chatMessages, { limit: CHAT_HISTORY_LIMIT }),
  deposits: (page: number, perPage: number) => buildUrl(paths.deposits, { page, perPage }),
  // No sort/order: the server's default is newest first (and it refuses unknown sort fields).
  withdrawals: (page: number, perPage: number) => buildUrl(paths.withdrawals, { page, perPage }),
  outcome: (page: number, perPage: number) => buildUrl(paths.outcome, { page, perPage }),
  myStats: paths.myStats,
  myHand: (handId: number) => fill(paths.myHand, { handId }),
  // The lobby's tournament list: open and running ones, soonest first (the server's default order).
  tournaments: buildUrl(paths.tournaments, { status: 'registering,running', perPage: 100 }),
  tournament: (tournamentId: number | string) => fill(paths.tournament, { tournamentId }),
  // Fast-fold pools (docs/fast-fold.md): the open ones, and where the player sits in one.
  pools: paths.pools,
  poolSeat: (poolId: number | string) => fill(paths.poolSeat, { poolId }),
  saferPlay: paths.saferPlay,
};

/** Prefixes used to revalidate every page of a list after a change. */
export const listPrefixes = {
  withdrawals: paths.withdrawals,
  deposits: paths.deposits,
  outcome: paths.outcome,
};

export const api = {
  // With this browser's id (linked accounts, docs/integrity.md).
  login: (body: LoginBody) => http.post<AuthResponse>(paths.login, { ...body, device: deviceId() }),
  register: (body: RegisterBody) => http.post<AuthResponse>(paths.register, { ...body, device: deviceId() }),
  forgotPassword: (body: ForgotPasswordBody) => http.post<Ok>(paths.forgotPassword, body),
  resetPassword: (body: ResetPasswordBody) => http.post<Ok>(paths.resetPassword, body),
  confirmEmail: (body: ConfirmEmailBody) => http.post<Ok>(paths.confirmEmail, body),
  resendConfirmation: () => http.post<Ok>(paths.resendConfirmation),
  patchMe: (body: PatchMeBody) => http.patch<Me>(paths.patchMe, body),
  createWithdrawal: (body: CreateWithdrawalBody) => http.post<Withdrawal>(paths.createWithdrawal, body),
  chatHistory: () => http.get<List<ChatMessage>>(keys.chat),
  myHands: (page: number, perPage: number) => http.get<List<MyHand>>(buildUrl(paths.myHands, { page, perPage })),
  registerTournament: (tournamentId: number) => http.post<TournamentEntry>(fill(paths.registerTournament, { tournamentId })),
  unregisterTournament: (tournamentId: number) => http.post<Ok>(fill(paths.unregisterTournament, { tournamentId })),
  createQPayInvoice: (body: CreateQPayInvoiceBody) => http.post<QPayInvoice>(paths.createQPayInvoice, body),
  qpayInvoice: (invoiceId: number) => http.get<QPayInvoice>(fill(paths.qpayInvoice, { invoiceId })),
  /** The player's newest invoice (to resume one still open after a reload). */
  latestQPayInvoice: async () => (await http.get<List<QPayInvoice>>(buildUrl(paths.qpayInvoices, { perPage: 1 }))).items[0] ?? null,
  cancelQPayInvoice: (invoiceId: number) => http.del<QPayInvoice>(fill(paths.cancelQPayInvoice, { invoiceId })),
  setSaferLimit: (body: SetLimitBody) => http.put<SaferPlay>(paths.setSaferLimit, body),
  setSaferReminder: (reminderMinutes: number) => http.put<SaferPlay>(paths.setSaferReminder, { reminderMinutes }),
  saferExclude: (body: Omit<ExclusionBody, 'confirm'>) => http.post<SaferPlay>(paths.saferExclude, { ...body, confirm: true }),
  uploadIdentity: (body: IdentityUploadBody) => http.post<IdentitySummary>(paths.uploadIdentity, body),
  joinPool: (poolId: number, buyIn: number) => http.post<PoolSeat>(fill(paths.joinPool, { poolId }), { buyIn }),
  poolBack: (poolId: number) => http.post<PoolSeat>(fill(paths.poolBack, { poolId })),
  leavePool: (poolId: number) => http.post<PoolSeat>(fill(paths.leavePool, { poolId })),
  buyTournamentChips: (tournamentId: number, kind: 'rebuy' | 'addon') =>
    http.post<TournamentPurchase>(fill(kind === 'rebuy' ? paths.rebuyTournament : paths.addonTournament, { tournamentId })),
};
