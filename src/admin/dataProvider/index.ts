// The admin data provider: ra-data-simple-rest for every resource's CRUD, with an httpClient
// (restClient.ts) that turns simple-rest's requests into the administrator API's routes
// (resources.ts lists them); the back office's special calls are typed methods on top.
//
// Special calls: approve/reject a withdrawal (PUT /admin/withdrawal/approve|reject?withdrawalId=),
// change a role (PATCH /admin/user/role), start/stop simulation (PUT/DELETE /admin/table/simulate),
// kick (DELETE /admin/table/kick), a user's ledger page, the dashboard's stats, hold and release
// a user (PUT/DELETE /admin/user/hold), cancel a tournament (POST /admin/tournament/:id/cancel).
// The payment actions of issue 31: paymentResources.ts.
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, RaRecord, UpdateParams } from 'react-admin';
import { ADMIN, type ResponseOf } from '../../shared/api/routes';
import type { AdminUser, LedgerEntry, Settings, Stats } from '../../shared/api/admin';
import type { Block, Deposit, Hand, Table, Withdrawal } from '../../shared/api/user';
import type { Role } from '../../shared/api/enums';
import { explained } from './errors';
import { createHttp, type Http, type HttpOptions } from './http';
import { createRestClient } from './restClient';
import { paymentCalls, type PaymentCalls } from './paymentResources';
import { TOURNAMENT_KEYS, type TournamentRecord } from './tournamentResource';
import type { IdentityRecord } from './identityResource';
import type { AdminSaferPlay, StaffExclusionBody } from '../../shared/api/safer';
import { resourceAdapters, TABLE_KEYS, toUser, type LedgerRecord, type SimulationState, type UserRecord, type WithdrawalRecord } from './resources';

export { createHttp, readToken, TOKEN_KEY } from './http';
export type { ServerErrorBody } from './http';
export { explain, type Operation } from './errors';
export {
  RESOURCES,
  SETTINGS_ID,
  toBlock,
  toSession,
  toTable,
  toUser,
  type BlockRecord,
  type DepositRecord,
  type LedgerRecord,
  type ResourceName,
  type SessionRecord,
  type SettingsRecord,
  type SimulationState,
  type TableRecord,
  type UserRecord,
  type WithdrawalRecord,
} from './resources';
export type { AuditRecord, ChatRecord, NoteRecord, ReportRecord } from './staffResources';
export { TOURNAMENT_KEYS, type TournamentRecord } from './tournamentResource';
export type {
  DifferenceRecord,
  PayoutBatchRecord,
  QPayInvoiceRecord,
  QPayPaymentRecord,
  ReconciliationRecord,
  StatementLineRecord,
  StatementRecord,
} from './paymentResources';
export type { IdentityRecord } from './identityResource';
export type { AlertRecord, CaseRecord } from './integrityResources';

export interface AdminDataProvider extends DataProvider, PaymentCalls {
  approveWithdrawal(withdrawalId: number): Promise<{ data: WithdrawalRecord }>;
  rejectWithdrawal(withdrawalId: number, reason: string): Promise<{ data: WithdrawalRecord }>;
  changeRole(userId: number, role: Role): Promise<{ data: UserRecord }>;
  startSimulation(tableId: number): Promise<{ data: SimulationState }>;
  stopSimulation(tableId: number): Promise<{ data: SimulationState }>;
  kick(tableId: number, userId: number): Promise<{ data: ResponseOf<'kick'> }>;
  userLedger(userId: number, page?: number, perPage?: number): Promise<{ data: LedgerRecord[]; total: number }>;
  stats(days?: number): Promise<{ data: Stats }>;
  /** The support hold for review (blocks withdrawals) and its release. */
  holdUser(userId: number, reason: string): Promise<{ data: UserRecord }>;
  releaseUser(userId: number): Promise<{ data: UserRecord }>;
  /** Cancels a tournament before its start: every entrant refunded. */
  cancelTournament(tournamentId: number, reason: string): Promise<{ data: TournamentRecord }>;
  /** Registers up to `count` house bots (simulation); the tournament after. */
  addTournamentBots(tournamentId: number, count: number): Promise<{ data: TournamentRecord }>;
  /** A player's safer-play state (limits, exclusions, age, identity), and an exclusion recorded at their request. */
  userSafer(userId: number): Promise<{ data: AdminSaferPlay }>;
  excludeUser(userId: number, body: StaffExclusionBody): Promise<{ data: AdminSaferPlay }>;
  /** Approves or rejects (with a reason) a pending identity check. */
  reviewIdentity(id: number, decision: 'APPROVED' | 'REJECTED', reason?: string): Promise<{ data: IdentityRecord }>;
  /** Any route of the contract, typed (the integrity pages' actions: docs/integrity.md). */
  call: Http['call'];
}

type Fields = Record<string, unknown>;

/**
 * What an update sends, from the form's data and the record it started from. simple-rest sends
 * only `data`, so the difference is taken here: a user's role only when it changed; a table's
 * changed fields (all when the previous record is unknown), both blinds and both buy-ins together
 * so the server re-checks their order.
 */
export function updateData(resource: string, params: UpdateParams): Fields {
  const data: Fields = params.data;
  const prev: Fields = params.previousData ?? {};
  if (resource === 'user') return data.role === undefined || data.role === prev.role ? {} : { role: data.role };
  if (resource === 'tournament') return changedFields(data, prev, TOURNAMENT_KEYS);
  if (resource !== 'table') return data;
  const body: Fields = {};
  for (const k of TABLE_KEYS) {
    const v = data[k];
    if (v === undefined || v === null || v === '') continue;
    if (params.previousData && prev[k] === v) continue;
    body[k] = v;
  }
  if ('smallBlind' in body || 'bigBlind' in body) Object.assign(body, { smallBlind: data.smallBlind, bigBlind: data.bigBlind });
  if ('minBuyIn' in body || 'maxBuyIn' in body) Object.assign(body, { minBuyIn: data.minBuyIn, maxBuyIn: data.maxBuyIn });
  return body;
}

/** The fields of `keys` whose value differs from the previous record (compared as JSON: levels, payouts). */
function changedFields(data: Fields, prev: Fields, keys: readonly string[]): Fields {
  const body: Fields = {};
  for (const k of keys) {
    const v = data[k];
    if (v === undefined || v === '') continue;
    if (JSON.stringify(v) === JSON.stringify(prev[k])) continue;
    body[k] = v;
  }
  return body;
}

export function createDataProvider(options: HttpOptions & { http?: Http } = {}): AdminDataProvider {
  const http = options.http ?? createHttp(options);
  // The prefix simple-rest puts before `/<resource>`; the rest client strips it again.
  const apiUrl = `${options.baseUrl ?? ''}${ADMIN}`;
  const base = simpleRestProvider(apiUrl, createRestClient(apiUrl, resourceAdapters(http)));

  return {
    ...base,
    ...paymentCalls(http),
    update: <R extends RaRecord>(resource: string, params: UpdateParams<R>) => base.update<R>(resource, { ...params, data: updateData(resource, params) }),

    async approveWithdrawal(withdrawalId) {
      return { data: await explained('approveWithdrawal', () => http.call('approveWithdrawal', { query: { withdrawalId } })) };
    },
    async rejectWithdrawal(withdrawalId, reason) {
      const w = await explained('rejectWithdrawal', () => http.call('rejectWithdrawal', { query: { withdrawalId }, body: { reason } }));
      return { data: w };
    },
    async changeRole(userId, role) {
      const u = await explained('changeRole', () => http.call('changeRole', { query: { userId }, body: { role } }));
      return { data: toUser(u) };
    },
    async startSimulation(tableId) {
      return { data: await explained('live', () => http.call('startSimulation', { query: { tableId } })) };
    },
    async stopSimulation(tableId) {
      return { data: await explained('live', () => http.call('stopSimulation', { query: { tableId } })) };
    },
    async kick(tableId, userId) {
      return { data: await explained('kick', () => http.call('kick', { query: { tableId, userId } })) };
    },
    async userLedger(userId, page = 1, perPage = 25) {
      const res = await http.call('adminUserLedger', { query: { userId, page, perPage } });
      return { data: res.items, total: res.total };
    },
    async stats(days = 30) {
      return { data: await http.call('stats', { query: { days } }) };
    },
    async holdUser(userId, reason) {
      return { data: toUser(await http.call('holdUser', { query: { userId }, body: { reason } })) };
    },
    async releaseUser(userId) {
      return { data: toUser(await http.call('releaseUser', { query: { userId } })) };
    },
    async cancelTournament(tournamentId, reason) {
      return { data: await explained('tournament', () => http.call('cancelTournament', { params: { tournamentId }, body: { reason } })) };
    },
    call: http.call,
    async addTournamentBots(tournamentId, count) {
      return { data: await explained('tournament', () => http.call('addTournamentBots', { params: { tournamentId }, body: { count } })) };
    },
    async userSafer(userId) {
      return { data: await http.call('adminSaferPlay', { query: { userId } }) };
    },
    async excludeUser(userId, body) {
      return { data: await http.call('adminExclude', { query: { userId }, body }) };
    },
    async reviewIdentity(id, decision, reason) {
      return { data: await http.call('reviewIdentityCheck', { query: { id }, body: { decision, ...(reason ? { reason } : {}) } }) };
    },
  };
}

export type { AdminUser, LedgerEntry, Settings, Stats, Block, Deposit, Hand, Table, Withdrawal };
