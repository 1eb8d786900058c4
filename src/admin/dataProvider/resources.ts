// Each react-admin resource on the administrator API: which route answers a list, a record, a
// create, an update and a delete, and how a server object becomes a record with an `id`.
//
//   user      GET /admin/user/search, GET /admin/user?userId=, PATCH /admin/user/role, DELETE /admin/user
//   withdraw  GET /admin/withdrawal
//   deposit   GET /admin/deposit, POST /admin/deposit
//   table     GET/POST/PATCH/DELETE /admin/table, GET /admin/table/:tableId
//   data      content blocks, id = name: GET /admin/block/list, /admin/block/:name (GET/PUT/DELETE), POST /admin/block
//   settings  singleton (id "settings"): GET/PUT /admin/settings
//   session   finished hands of a table (filter tableId): GET /admin/table/session
//   ledger    a user's transfers (target userId): GET /admin/user/ledger
//   audit, userAudit, note, chat, report: staffResources.ts
//   tournament: tournamentResource.ts
//   pool: poolResource.ts (fast-fold pools)
//   qpayInvoice, qpayPayment, statement, statementLine, payoutBatch, reconciliation, difference: paymentResources.ts
//   identity: identityResource.ts (safer play)
import { type BodyOf, type ResponseOf } from '../../shared/api/routes';
import type { AdminUser, LedgerEntry, Settings } from '../../shared/api/admin';
import type { Block, Deposit, Hand, Table, Withdrawal } from '../../shared/api/user';
import type { Role } from '../../shared/api/enums';
import { explained } from './errors';
import type { Http } from './http';
import { EMPTY, mapped, pickDefined, same, serverQuery, type Body, type ResourceAdapter } from './adapter';
import { STAFF_RESOURCES, staffAdapters } from './staffResources';
import { tournamentAdapter } from './tournamentResource';
import { poolAdapter } from './poolResource';
import { PAYMENT_RESOURCES, paymentAdapters } from './paymentResources';
import { identityAdapter } from './identityResource';
import { INTEGRITY_RESOURCES, integrityAdapters } from './integrityResources';

// ---- records as react-admin sees them (every record has an `id`) ----
export type UserRecord = AdminUser & { id: number };
export type WithdrawalRecord = Withdrawal & { id: number };
export type DepositRecord = Deposit & { id: number };
export type TableRecord = Table & { id: number };
export type BlockRecord = Block & { id: string };
export type SettingsRecord = Settings & { id: typeof SETTINGS_ID };
export type SessionRecord = Hand & { id: number };
export type LedgerRecord = LedgerEntry & { id: number };

export const SETTINGS_ID = 'settings' as const;

export const RESOURCES = [
  'user',
  'withdraw',
  'deposit',
  'table',
  'data',
  'settings',
  'session',
  'ledger',
  'tournament',
  'pool',
  ...STAFF_RESOURCES,
  ...PAYMENT_RESOURCES,
  'identity',
  ...STAFF_RESOURCES,
  ...INTEGRITY_RESOURCES,
] as const;
export type ResourceName = (typeof RESOURCES)[number];

export function isResource(r: string): r is ResourceName {
  return (RESOURCES as readonly string[]).includes(r);
}

export const toUser = (u: AdminUser): UserRecord => ({ ...u, id: u.userId });
export const toTable = (t: Table): TableRecord => ({ ...t, id: t.tableId });
export const toBlock = (b: Block): BlockRecord => ({ ...b, id: b.name });
export const toSession = (h: Hand): SessionRecord => ({ ...h, id: h.handId });
const toSettings = (s: Settings): SettingsRecord => ({ ...s, id: SETTINGS_ID });

/** Table fields an administrator may send (create and update). */
export const TABLE_KEYS = [
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
  'ante',
  'straddle',
  'runItTwice',
  'bombPotEvery',
] as const;

function blockContent(v: unknown): { en: string; mn: string } {
  const c: { en?: unknown; mn?: unknown } = typeof v === 'object' && v !== null ? v : {};
  return { en: typeof c.en === 'string' ? c.en : '', mn: typeof c.mn === 'string' ? c.mn : '' };
}

// The request bodies are checked against the contract in http.call (a 400 with field errors).
function depositBody(data: Body): Body {
  const body = pickDefined(data, ['userId', 'username', 'depositCode', 'amount', 'note', 'idempotencyKey']);
  for (const k of ['username', 'depositCode']) if (typeof body[k] === 'string') body[k] = body[k].trim();
  return body;
}

function settingsBody(data: Body): Body {
  const { id: _id, ...rest } = data;
  return rest;
}

function userAdapter(http: Http): ResourceAdapter {
  const read = async (id: string, signal?: AbortSignal) => toUser(await http.call('adminUser', { query: { userId: Number(id) }, signal }));
  return {
    list: (req) => mapped(http.call('adminUsers', { query: serverQuery('adminUsers', 'userId', req), signal: req.signal }), toUser),
    one: read,
    // The role is the one field an administrator changes; without it the record is re-read.
    update: async (id, body) => {
      const role = body.role as Role | undefined;
      if (role === undefined) return read(id);
      return toUser(await explained('changeRole', () => http.call('changeRole', { query: { userId: Number(id) }, body: { role } })));
    },
    remove: async (id) => {
      await explained('deleteUser', () => http.call('deleteUser', { query: { userId: Number(id) } }));
    },
  };
}

function tableAdapter(http: Http): ResourceAdapter {
  return {
    list: (req) => mapped(http.call('adminTables', { query: serverQuery('adminTables', 'tableId', req), signal: req.signal }), toTable),
    one: async (id, signal) => toTable(await http.call('adminTable', { params: { tableId: Number(id) }, signal })),
    create: async (body) =>
      toTable(await explained('createTable', () => http.call('createTable', { body: pickDefined(body, TABLE_KEYS) as BodyOf<'createTable'> }))),
    update: async (id, body) => {
      const patch = pickDefined(body, TABLE_KEYS) as BodyOf<'updateTable'>;
      return toTable(await explained('updateTable', () => http.call('updateTable', { query: { tableId: Number(id) }, body: patch })));
    },
    remove: async (id) => {
      await explained('deleteTable', () => http.call('deleteTable', { query: { tableId: Number(id) } }));
    },
  };
}

function blockAdapter(http: Http): ResourceAdapter {
  return {
    list: (req) => mapped(http.call('blocks', { query: serverQuery('blocks', 'name', req), signal: req.signal }), toBlock),
    one: async (id, signal) => toBlock(await http.call('adminBlock', { params: { name: id }, signal })),
    create: async (body) => {
      const block = { name: String(body.name ?? ''), content: blockContent(body.content) };
      return toBlock(await explained('createBlock', () => http.call('createBlock', { body: block })));
    },
    update: async (id, body) => toBlock(await http.call('putBlock', { params: { name: id }, body: { content: blockContent(body.content) } })),
    remove: async (id) => {
      await http.call('deleteBlock', { params: { name: id } });
    },
  };
}

export function resourceAdapters(http: Http): Record<ResourceName, ResourceAdapter> {
  return {
    user: userAdapter(http),
    withdraw: {
      list: (req) => mapped(http.call('adminWithdrawals', { query: serverQuery('adminWithdrawals', 'id', req), signal: req.signal }), same),
    },
    deposit: {
      list: (req) => mapped(http.call('adminDeposits', { query: serverQuery('adminDeposits', 'id', req), signal: req.signal }), same),
      create: (body) => explained('createDeposit', () => http.call('createDeposit', { body: depositBody(body) as BodyOf<'createDeposit'> })),
    },
    table: tableAdapter(http),
    data: blockAdapter(http),
    settings: {
      list: async (req) => ({ items: [toSettings(await http.call('settings', { signal: req.signal }))], total: 1 }),
      one: async (_id, signal) => toSettings(await http.call('settings', { signal })),
      update: async (_id, body) => toSettings(await http.call('putSettings', { body: settingsBody(body) as BodyOf<'putSettings'> })),
    },
    // Without the table (or the user) there is nothing to ask.
    session: {
      list: (req) => {
        const query = serverQuery('tableSessions', 'handId', req);
        return query.tableId === undefined ? Promise.resolve(EMPTY) : mapped(http.call('tableSessions', { query, signal: req.signal }), toSession);
      },
    },
    ledger: {
      list: (req) => {
        const query = serverQuery('adminUserLedger', 'id', req);
        return query.userId === undefined ? Promise.resolve(EMPTY) : mapped(http.call('adminUserLedger', { query, signal: req.signal }), same);
      },
    },
    tournament: tournamentAdapter(http),
    pool: poolAdapter(http),
    identity: identityAdapter(http),
    ...staffAdapters(http),
    ...paymentAdapters(http),
    ...integrityAdapters(http),
  };
}

export type SimulationState = ResponseOf<'startSimulation'>;
