// The admin data provider: react-admin resources mapped onto the administrator API.
//
//   user      GET /admin/user/search, GET /admin/user?userId=, PATCH /admin/user/role, DELETE /admin/user
//   withdraw  GET /admin/withdrawal, PUT /admin/withdrawal/approve|reject?withdrawalId=
//   deposit   GET /admin/deposit, POST /admin/deposit
//   table     GET/POST/PATCH/DELETE /admin/table, GET /admin/table/:tableId
//   data      content blocks, id = name: GET /admin/block/list, /admin/block/:name (GET/PUT/DELETE), POST /admin/block
//   settings  singleton (id "settings"): GET/PUT /admin/settings
//   session   finished hands of a table (filter tableId): GET /admin/table/session
//   ledger    a user's transfers (target userId): GET /admin/user/ledger
// Live tables (custom methods): startSimulation PUT / stopSimulation DELETE /admin/table/simulate,
// kick DELETE /admin/table/kick — all from the route table like the rest.
import { HttpError } from 'react-admin';
import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { z } from 'zod';
import { routes, type BodyOf, type ResponseOf, type RouteName } from '../../shared/api/routes';
import type { AdminUser, LedgerEntry, Settings, Stats } from '../../shared/api/admin';
import type { Block, Deposit, Hand, Table, Withdrawal } from '../../shared/api/user';
import type { Role } from '../../shared/api/enums';
import { createHttp, type Http, type HttpOptions, type QueryValue, type ServerErrorBody } from './http';

export { createHttp, withQuery, readToken, TOKEN_KEY } from './http';
export type { ServerErrorBody } from './http';

// ---- records as react-admin sees them (every record has an `id`) ----
export type UserRecord = AdminUser & { id: number };
export type WithdrawalRecord = Withdrawal & { id: number };
export type DepositRecord = Deposit & { id: number };
export type TableRecord = Table & { id: number };
export type BlockRecord = Block & { id: string };
export type SettingsRecord = Settings & { id: typeof SETTINGS_ID };
export type SessionRecord = Hand & { id: number };
export type LedgerRecord = LedgerEntry & { id: number };
/** What start/stop simulation answer: the table's simulation flag and how many bots sit now. */
export type SimulationState = ResponseOf<'startSimulation'>;

export const SETTINGS_ID = 'settings' as const;

export const RESOURCES = ['user', 'withdraw', 'deposit', 'table', 'data', 'settings', 'session', 'ledger'] as const;
export type ResourceName = (typeof RESOURCES)[number];

export const toUser = (u: AdminUser): UserRecord => ({ ...u, id: u.userId });
export const toTable = (t: Table): TableRecord => ({ ...t, id: t.tableId });
export const toBlock = (b: Block): BlockRecord => ({ ...b, id: b.name });
export const toSession = (h: Hand): SessionRecord => ({ ...h, id: h.handId });

/** Per resource: the list route, the native id field (for sorting by `id`) and the filters it accepts. */
const LIST_ROUTE = {
  user: 'adminUsers',
  withdraw: 'adminWithdrawals',
  deposit: 'adminDeposits',
  table: 'adminTables',
  data: 'blocks',
  session: 'tableSessions',
  ledger: 'adminUserLedger',
} as const satisfies Partial<Record<ResourceName, RouteName>>;

const ID_FIELD: Record<ResourceName, string> = {
  user: 'userId',
  withdraw: 'id',
  deposit: 'id',
  table: 'tableId',
  data: 'name',
  settings: 'id',
  session: 'handId',
  ledger: 'id',
};

const PAGING_KEYS = new Set(['page', 'perPage', 'sort', 'order']);

/** Filter keys a list route accepts, read from its query schema. */
function filterKeys(name: RouteName): Set<string> {
  const q = (routes[name] as { query?: z.ZodType }).query;
  const shape = q instanceof z.ZodObject ? (q.shape as Record<string, unknown>) : {};
  return new Set(Object.keys(shape).filter((k) => !PAGING_KEYS.has(k)));
}

/** Table fields an administrator may send (create and update). */
const TABLE_KEYS = [
  'name',
  'variant',
  'smallBlind',
  'bigBlind',
  'minBuyIn',
  'maxBuyIn',
  'maxPlayers',
  'rakePercent',
  'rakeCap',
  'actionTime',
  'jackpotPercent',
  'status',
] as const;

function pickDefined<T extends object>(data: T, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = (data as Record<string, unknown>)[k];
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  return out;
}

function unsupported(op: string, resource: string): never {
  throw new HttpError(`${op} is not supported for ${resource}`, 400, { code: 'UNSUPPORTED', message: `${op} ${resource}` });
}

function isResource(r: string): r is ResourceName {
  return (RESOURCES as readonly string[]).includes(r);
}

/** The known refusals, shown in the admin's words (translation keys) instead of a bare status. */
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
  | 'other';

export function explain(error: unknown, op: Operation): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = (error.body ?? {}) as Partial<ServerErrorBody>;
  const status = error.status;
  let key: string | undefined;
  if (status === 0) key = 'admin.errors.network';
  else if (status === 429) key = 'admin.errors.rate_limited';
  else if ((op === 'live' || op === 'kick') && status === 404 && (body.code === 'HTTP_404' || /route/i.test(body.message ?? '')))
    key = 'admin.errors.live_unavailable';
  else if (op === 'kick' && status === 404 && body.code === 'NOT_SEATED') key = 'admin.errors.not_seated';
  else if (op === 'deleteUser' && status === 409) key = 'admin.errors.user_holds_money';
  else if (op === 'deleteTable' && status === 409) key = 'admin.errors.table_has_players';
  else if ((op === 'approveWithdrawal' || op === 'rejectWithdrawal') && status === 409)
    key = body.code === 'INSUFFICIENT_BALANCE' ? 'admin.errors.insufficient_balance' : 'admin.errors.already_resolved';
  else if (op === 'createDeposit' && status === 404) key = 'admin.errors.deposit_user_not_found';
  else if (op === 'createBlock' && status === 409) key = 'admin.errors.block_exists';
  if (!key) return error;
  return new HttpError(key, status, { ...body, serverMessage: body.message });
}

async function explained<T>(op: Operation, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw explain(e, op);
  }
}

export interface AdminDataProvider extends DataProvider {
  approveWithdrawal(withdrawalId: number): Promise<{ data: WithdrawalRecord }>;
  rejectWithdrawal(withdrawalId: number, reason: string): Promise<{ data: WithdrawalRecord }>;
  changeRole(userId: number, role: Role): Promise<{ data: UserRecord }>;
  startSimulation(tableId: number): Promise<{ data: SimulationState }>;
  stopSimulation(tableId: number): Promise<{ data: SimulationState }>;
  kick(tableId: number, userId: number): Promise<{ data: ResponseOf<'kick'> }>;
  userLedger(userId: number, page?: number, perPage?: number): Promise<{ data: LedgerRecord[]; total: number }>;
  stats(days?: number): Promise<{ data: Stats }>;
}

export function createDataProvider(options: HttpOptions & { http?: Http } = {}): AdminDataProvider {
  const http = options.http ?? createHttp(options);

  function listQuery(resource: ResourceName, route: RouteName, params: Partial<GetListParams>): Record<string, QueryValue> {
    const q: Record<string, QueryValue> = {};
    if (params.pagination) {
      q.page = params.pagination.page;
      q.perPage = params.pagination.perPage;
    }
    if (params.sort?.field) {
      q.sort = params.sort.field === 'id' ? ID_FIELD[resource] : params.sort.field;
      q.order = params.sort.order === 'DESC' ? 'DESC' : 'ASC';
    }
    const allowed = filterKeys(route);
    for (const [k, v] of Object.entries(params.filter ?? {})) {
      if (!allowed.has(k)) continue;
      if (v === undefined || v === null || v === '' || typeof v === 'object') continue;
      q[k] = v as QueryValue;
    }
    return q;
  }

  async function list(resource: ResourceName, params: Partial<GetListParams>): Promise<{ data: RaRecord[]; total: number }> {
    if (resource === 'settings') {
      const s = await http.call('settings');
      return { data: [{ ...s, id: SETTINGS_ID }], total: 1 };
    }
    const route = LIST_ROUTE[resource];
    const query = listQuery(resource, route, params);
    if (resource === 'session' && query.tableId === undefined) return { data: [], total: 0 };
    if (resource === 'ledger' && query.userId === undefined) return { data: [], total: 0 };
    const res = await http.call(route, { query });
    const items = res.items as unknown[];
    const map: Record<typeof resource, (x: never) => RaRecord> = {
      user: toUser,
      table: toTable,
      data: toBlock,
      session: toSession,
      withdraw: (x: Withdrawal) => x,
      deposit: (x: Deposit) => x,
      ledger: (x: LedgerEntry) => x,
    };
    return { data: items.map((x) => map[resource](x as never)), total: res.total };
  }

  async function one(resource: ResourceName, id: Identifier): Promise<RaRecord> {
    switch (resource) {
      case 'user':
        return toUser(await http.call('adminUser', { query: { userId: Number(id) } }));
      case 'table':
        return toTable(await http.call('adminTable', { params: { tableId: Number(id) } }));
      case 'data':
        return toBlock(await http.call('adminBlock', { params: { name: String(id) } }));
      case 'settings':
        return { ...(await http.call('settings')), id: SETTINGS_ID };
      default:
        return unsupported('getOne', resource);
    }
  }

  const provider: AdminDataProvider = {
    async getList(resource, params: GetListParams) {
      if (!isResource(resource)) unsupported('getList', resource);
      return list(resource, params) as never;
    },

    async getOne(resource, params: GetOneParams) {
      if (!isResource(resource)) unsupported('getOne', resource);
      return { data: (await one(resource, params.id)) as never };
    },

    async getMany(resource, params: GetManyParams) {
      if (!isResource(resource)) unsupported('getMany', resource);
      const data = await Promise.all(params.ids.map((id) => one(resource, id)));
      return { data: data as never };
    },

    async getManyReference(resource, params: GetManyReferenceParams) {
      if (!isResource(resource)) unsupported('getManyReference', resource);
      return list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never;
    },

    async create(resource, params: CreateParams) {
      const data = params.data as Record<string, unknown>;
      switch (resource) {
        case 'deposit': {
          const body = pickDefined(data, ['userId', 'username', 'depositCode', 'amount', 'note', 'idempotencyKey']);
          if (typeof body.username === 'string') body.username = body.username.trim();
          if (typeof body.depositCode === 'string') body.depositCode = body.depositCode.trim();
          const d = await explained('createDeposit', () => http.call('createDeposit', { body: body as BodyOf<'createDeposit'> }));
          return { data: d as never };
        }
        case 'table': {
          const body = pickDefined(data, TABLE_KEYS) as BodyOf<'createTable'>;
          return { data: toTable(await explained('createTable', () => http.call('createTable', { body }))) as never };
        }
        case 'data': {
          const body = { name: String(data.name ?? ''), content: blockContent(data.content) };
          return { data: toBlock(await explained('createBlock', () => http.call('createBlock', { body }))) as never };
        }
        default:
          return unsupported('create', resource);
      }
    },

    async update(resource, params: UpdateParams) {
      const data = params.data as Record<string, unknown>;
      const prev = (params.previousData ?? {}) as Record<string, unknown>;
      switch (resource) {
        case 'user': {
          const role = data.role as Role | undefined;
          if (role === undefined || role === prev.role) return { data: (await one('user', params.id)) as never };
          return (await provider.changeRole(Number(params.id), role)) as never;
        }
        case 'table': {
          // Only what changed (all fields when the previous record is unknown).
          const body: Record<string, unknown> = {};
          for (const k of TABLE_KEYS) {
            const v = data[k];
            if (v === undefined || v === null || v === '') continue;
            if (params.previousData && prev[k] === v) continue;
            body[k] = v;
          }
          // Both blinds (and both buy-ins) travel together so the server re-checks their order.
          if ('smallBlind' in body || 'bigBlind' in body) {
            body.smallBlind = data.smallBlind;
            body.bigBlind = data.bigBlind;
          }
          if ('minBuyIn' in body || 'maxBuyIn' in body) {
            body.minBuyIn = data.minBuyIn;
            body.maxBuyIn = data.maxBuyIn;
          }
          const t = await explained('updateTable', () =>
            http.call('updateTable', { query: { tableId: Number(params.id) }, body: body as BodyOf<'updateTable'> }),
          );
          return { data: toTable(t) as never };
        }
        case 'data': {
          const b = await http.call('putBlock', {
            params: { name: String(params.id) },
            body: { content: blockContent(data.content) },
          });
          return { data: toBlock(b) as never };
        }
        case 'settings': {
          const { id: _id, ...rest } = data;
          const s = await http.call('putSettings', { body: rest as BodyOf<'putSettings'> });
          return { data: { ...s, id: SETTINGS_ID } as never };
        }
        default:
          return unsupported('update', resource);
      }
    },

    async updateMany(resource, _params: UpdateManyParams) {
      return unsupported('updateMany', resource);
    },

    async delete(resource, params: DeleteParams) {
      const previous = (params.previousData ?? { id: params.id }) as never;
      switch (resource) {
        case 'user':
          await explained('deleteUser', () => http.call('deleteUser', { query: { userId: Number(params.id) } }));
          return { data: previous };
        case 'table':
          await explained('deleteTable', () => http.call('deleteTable', { query: { tableId: Number(params.id) } }));
          return { data: previous };
        case 'data':
          await http.call('deleteBlock', { params: { name: String(params.id) } });
          return { data: previous };
        default:
          return unsupported('delete', resource);
      }
    },

    async deleteMany(resource, params: DeleteManyParams) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        await provider.delete(resource, { id });
        done.push(id);
      }
      return { data: done as never };
    },

    // ---- custom methods ----
    async approveWithdrawal(withdrawalId) {
      const w = await explained('approveWithdrawal', () => http.call('approveWithdrawal', { query: { withdrawalId } }));
      return { data: w };
    },
    async rejectWithdrawal(withdrawalId, reason) {
      const w = await explained('rejectWithdrawal', () =>
        http.call('rejectWithdrawal', { query: { withdrawalId }, body: { reason } }),
      );
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
      const res: ResponseOf<'adminUserLedger'> = await http.call('adminUserLedger', { query: { userId, page, perPage } });
      return { data: res.items, total: res.total };
    },
    async stats(days = 30) {
      return { data: await http.call('stats', { query: { days } }) };
    },
  };
  return provider;
}

function blockContent(v: unknown): { en: string; mn: string } {
  const c = (v ?? {}) as { en?: unknown; mn?: unknown };
  return { en: typeof c.en === 'string' ? c.en : '', mn: typeof c.mn === 'string' ? c.mn : '' };
}

export type { AdminUser, LedgerEntry, Settings, Stats, Block, Deposit, Hand, Table, Withdrawal };
