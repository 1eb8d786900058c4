/**
 * Paths of the calls the player app makes. They are the route table's paths
 * (src/shared/api/routes.ts); tests/player/paths.test.ts checks they match, so they cannot drift.
 * Copied as strings rather than imported so the initial bundle does not carry zod and every
 * schema: shapes are still only imported as types.
 */
export const USER = '/api/v1/user';

export const paths = {
  login: `${USER}/login`,
  register: `${USER}/register`,
  me: `${USER}/me`,
  patchMe: `${USER}/me`,
  forgotPassword: `${USER}/forgot-password`,
  resetPassword: `${USER}/reset-password`,
  confirmEmail: `${USER}/confirm-email`,
  resendConfirmation: `${USER}/confirm-email/resend`,
  tables: `${USER}/table`,
  table: `${USER}/table/:tableId`,
  deposits: `${USER}/deposit`,
  withdrawals: `${USER}/withdrawal`,
  createWithdrawal: `${USER}/withdrawal`,
  outcome: `${USER}/outcome`,
  myStats: `${USER}/stats`,
  maintenance: `${USER}/maintenance`,
  block: `${USER}/block/:name`,
  jackpot: `${USER}/jackpot`,
  walletLimits: `${USER}/wallet/limits`,
  myHands: `${USER}/hand`,
  myHand: `${USER}/hand/:handId`,
  tournaments: `${USER}/tournament`,
  tournament: `${USER}/tournament/:tournamentId`,
  registerTournament: `${USER}/tournament/:tournamentId/register`,
  unregisterTournament: `${USER}/tournament/:tournamentId/unregister`,
  rebuyTournament: `${USER}/tournament/:tournamentId/rebuy`,
  addonTournament: `${USER}/tournament/:tournamentId/addon`,
  pools: `${USER}/pool`,
  poolSeat: `${USER}/pool/:poolId/seat`,
  joinPool: `${USER}/pool/:poolId/join`,
  poolBack: `${USER}/pool/:poolId/back`,
  leavePool: `${USER}/pool/:poolId/leave`,
  userSearch: `${USER}/search`,
  chatMessages: '/api/chat/messages',
  createQPayInvoice: `${USER}/qpay/invoice`,
  qpayInvoices: `${USER}/qpay/invoice`,
  qpayInvoice: `${USER}/qpay/invoice/:invoiceId`,
  cancelQPayInvoice: `${USER}/qpay/invoice/:invoiceId`,
  saferPlay: `${USER}/safer-play`,
  setSaferLimit: `${USER}/safer-play/limit`,
  setSaferReminder: `${USER}/safer-play/reminder`,
  saferExclude: `${USER}/safer-play/exclusion`,
  uploadIdentity: `${USER}/identity`,
} as const;

export type PlayerRouteName = keyof typeof paths;

export function fill(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, k: string) => encodeURIComponent(String(params[k])));
}

/** Chat history limit (SPEC §9). */
export const CHAT_HISTORY_LIMIT = 50;
