// msw 2 handlers of the administrator API (and the caller's `GET /user/me`), on the route table
// and schemas of src/shared/api like mocks/handlers.ts. The back office's component tests
// (tests/admin) and `npm run dev:mock` both run on them; every request is logged in
// `state.requests` for the tests to read.
import { delay, http, type HttpHandler } from 'msw';
import type { Deposit, Table } from '../src/shared/api';
import { adminUser, table, type AdminMockState } from './admin-state';
import { errorResponse as err, page, path, readBody, reply } from './respond';
import { createPaymentHandlers } from './payment-handlers';
import { createStaffHandlers } from './staff-handlers';
import { createIntegrityHandlers } from './integrity-handlers';
import { createAdminTournamentHandlers } from './tournament-handlers';
import { createIdentityHandlers, createUserSaferHandlers } from './identity-handlers';

const NOW = '2026-01-04T00:00:00.000Z';

export function createAdminHandlers(state: AdminMockState): HttpHandler[] {
  const log = async (request: Request) => {
    const url = new URL(request.url);
    let body: unknown;
    if (request.method !== 'GET' && request.method !== 'DELETE') {
      const text = await request.clone().text();
      body = text ? JSON.parse(text) : undefined;
    }
    state.requests.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    return url;
  };
  const num = (url: URL, key: string) => Number(url.searchParams.get(key));
  const userAt = (url: URL) => state.users.find((x) => x.userId === num(url, 'userId'));
  const tableAt = (url: URL) => state.tables.find((x) => x.tableId === num(url, 'tableId'));
  const withdrawalAt = (url: URL) => state.withdrawals.find((x) => x.id === num(url, 'withdrawalId'));
  // A created table: the fixture's defaults, the next id, nobody seated yet.
  const newTable = (t: Partial<Table> & { name: string }): Table => table({ tableId: state.tables.length + 1, players: 0, ...t });

  return [
    // The caller: an administrator (or a player, by `state.role`) whatever the token.
    http.get(path('me'), async ({ request }) => {
      await log(request);
      return reply('me', { ...adminUser({ userId: 1, username: 'boss', role: state.role, isAdmin: state.role === 'ADMIN' }), emailConfirmed: true });
    }),

    // ---- users ----
    http.get(path('adminUsers'), async ({ request }) => {
      const url = await log(request);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return reply(
        'adminUsers',
        page(
          state.users.filter((u) => !q || u.username.startsWith(q) || u.depositCode.toLowerCase() === q),
          url,
        ),
      );
    }),
    http.get(path('adminUser'), async ({ request }) => {
      const u = userAt(await log(request));
      return u ? reply('adminUser', u) : err(404, 'NOT_FOUND', 'User not found');
    }),
    http.get(path('adminUserLedger'), async ({ request }) => {
      await log(request);
      return reply('adminUserLedger', { items: [], total: 0 });
    }),
    http.patch(path('changeRole'), async ({ request }) => {
      const u = userAt(await log(request));
      if (!u) return err(404, 'NOT_FOUND', 'User not found');
      const b = await readBody('changeRole', request);
      if (!b.ok) return b.res;
      const role = b.data.role;
      Object.assign(u, { role, isAdmin: role === 'ADMIN' });
      return reply('changeRole', u);
    }),
    http.delete(path('deleteUser'), async ({ request }) => {
      const u = userAt(await log(request));
      if (!u) return err(404, 'NOT_FOUND', 'User not found');
      if (u.balance > 0 || u.locked > 0) return err(409, 'CONFLICT', 'User holds money');
      state.users = state.users.filter((x) => x !== u);
      return reply('deleteUser', { ok: true });
    }),

    // ---- money ----
    http.get(path('adminWithdrawals'), async ({ request }) => {
      const url = await log(request);
      const status = url.searchParams.get('status');
      return reply(
        'adminWithdrawals',
        page(
          state.withdrawals.filter((w) => !status || w.status === status),
          url,
        ),
      );
    }),
    http.put(path('approveWithdrawal'), async ({ request }) => {
      const url = await log(request);
      if (state.mutationDelay) await delay(state.mutationDelay);
      const w = withdrawalAt(url);
      if (!w) return err(404, 'NOT_FOUND', 'Withdrawal not found');
      if (w.status !== 'NOT_APPROVED') return err(409, 'ALREADY_RESOLVED', 'Withdrawal already resolved');
      if (w.holdUntil && Date.parse(w.holdUntil) > Date.now())
        return err(409, 'PAYOUT_COOLING_OFF', `The player changed the payout details shortly before this request: it can be approved from ${w.holdUntil}`);
      // Two-person rule: the caller ('boss') gives the first approval of a large one, or the second.
      if ((w.approvalsNeeded ?? 1) === 2 && !w.firstApprovedBy) {
        Object.assign(w, { firstApprovedBy: 'boss', firstApproveDate: NOW });
        return reply('approveWithdrawal', w);
      }
      if (w.firstApprovedBy === 'boss') return err(409, 'SAME_APPROVER', 'The second approval must come from another staff member');
      Object.assign(w, { status: 'APPROVED', approvedBy: 'boss', approveDate: NOW });
      return reply('approveWithdrawal', w);
    }),
    http.put(path('rejectWithdrawal'), async ({ request }) => {
      const w = withdrawalAt(await log(request));
      if (!w) return err(404, 'NOT_FOUND', 'Withdrawal not found');
      if (w.status !== 'NOT_APPROVED') return err(409, 'ALREADY_RESOLVED', 'Withdrawal already resolved');
      const b = await readBody('rejectWithdrawal', request);
      if (!b.ok) return b.res;
      Object.assign(w, { status: 'REJECTED', approvedBy: 'boss', approveDate: NOW, rejectReason: b.data.reason });
      return reply('rejectWithdrawal', w);
    }),
    http.get(path('adminDeposits'), async ({ request }) => {
      const url = await log(request);
      return reply('adminDeposits', page(state.deposits, url));
    }),
    http.post(path('createDeposit'), async ({ request }) => {
      await log(request);
      const b = await readBody('createDeposit', request);
      if (!b.ok) return b.res;
      const { userId, username, depositCode, amount, note } = b.data as {
        userId?: number;
        username?: string;
        depositCode?: string;
        amount: number;
        note?: string;
      };
      const u = state.users.find((x) => x.userId === userId || x.username === username || x.depositCode === depositCode);
      if (!u) return err(404, 'NOT_FOUND', 'No player with these details');
      u.balance += amount;
      const id = state.deposits.length + 1;
      const d: Deposit = {
        id,
        code: `DP-${String(id).padStart(6, '0')}`,
        userId: u.userId,
        username: u.username,
        amount,
        approvedDate: NOW,
        note: note ?? null,
        createdBy: 'boss',
      };
      state.deposits.unshift(d);
      return reply('createDeposit', d);
    }),

    ...tableHandlers(state, log, newTable, tableAt),
    ...blockHandlers(state, log),
    ...createStaffHandlers(state, log),
    ...createIntegrityHandlers(log),
    ...createAdminTournamentHandlers(state, log),
    ...createPaymentHandlers(state, log),
    ...createIdentityHandlers(state, log),
    ...createUserSaferHandlers(log),
    http.get(path('settings'), async ({ request }) => {
      await log(request);
      return reply('settings', state.settings);
    }),
    http.put(path('putSettings'), async ({ request }) => {
      await log(request);
      const b = await readBody('putSettings', request);
      if (!b.ok) return b.res;
      state.settings = { ...state.settings, ...b.data };
      return reply('putSettings', state.settings);
    }),
  ];
}

type Log = (request: Request) => Promise<URL>;

function tableHandlers(state: AdminMockState, log: Log, newTable: (t: Partial<Table> & { name: string }) => Table, tableAt: (url: URL) => Table | undefined) {
  const known = (tableId: number) => state.tables.some((t) => t.tableId === tableId);
  return [
    http.get(path('adminTables'), async ({ request }) => reply('adminTables', page(state.tables, await log(request)))),
    http.get(path('tableSessions'), async ({ request }) => {
      const url = await log(request);
      const tableId = Number(url.searchParams.get('tableId'));
      return reply(
        'tableSessions',
        page(
          state.sessions.filter((h) => h.tableId === tableId),
          url,
        ),
      );
    }),
    // The live tables: simulation and kick, answered as the contract says.
    http.put(path('startSimulation'), async ({ request }) => {
      const tableId = Number((await log(request)).searchParams.get('tableId'));
      if (!known(tableId)) return errorNotFound();
      state.simulation.set(tableId, true);
      return reply('startSimulation', { tableId, simulation: true, bots: state.bots });
    }),
    http.delete(path('stopSimulation'), async ({ request }) => {
      const tableId = Number((await log(request)).searchParams.get('tableId'));
      if (!known(tableId)) return errorNotFound();
      state.simulation.set(tableId, false);
      return reply('stopSimulation', { tableId, simulation: false, bots: state.bots });
    }),
    http.delete(path('kick'), async ({ request }) => {
      const userId = Number((await log(request)).searchParams.get('userId'));
      if (!state.seated.includes(userId)) return err(404, 'NOT_SEATED', 'This player is not seated at the table');
      state.seated = state.seated.filter((id) => id !== userId);
      return reply('kick', { ok: true });
    }),
    // After `GET /admin/table/session`, which `/admin/table/:tableId` would match too.
    http.get(path('adminTable'), async ({ request, params }) => {
      await log(request);
      const t = state.tables.find((x) => x.tableId === Number(params.tableId));
      return t ? reply('adminTable', t) : errorNotFound();
    }),
    http.post(path('createTable'), async ({ request }) => {
      await log(request);
      const b = await readBody('createTable', request);
      if (!b.ok) return b.res;
      const t = newTable(b.data as Partial<Table> & { name: string });
      state.tables.push(t);
      return reply('createTable', t);
    }),
    http.patch(path('updateTable'), async ({ request }) => {
      const t = tableAt(await log(request));
      if (!t) return errorNotFound();
      const b = await readBody('updateTable', request);
      if (!b.ok) return b.res;
      Object.assign(t, b.data);
      return reply('updateTable', t);
    }),
    http.delete(path('deleteTable'), async ({ request }) => {
      const t = tableAt(await log(request));
      if (!t) return errorNotFound();
      if (t.players > 0) return err(409, 'CONFLICT', 'Players are seated at this table');
      state.tables = state.tables.filter((x) => x !== t);
      return reply('deleteTable', { ok: true });
    }),
  ];
}

const errorNotFound = () => err(404, 'NOT_FOUND', 'Table not found');

function blockHandlers(state: AdminMockState, log: Log) {
  const named = (name: unknown) => state.blocks.find((x) => x.name === name);
  return [
    http.get(path('blocks'), async ({ request }) => reply('blocks', page(state.blocks, await log(request)))),
    http.get(path('adminBlock'), async ({ request, params }) => {
      await log(request);
      const b = named(params.name);
      return b ? reply('adminBlock', b) : err(404, 'NOT_FOUND', 'Block not found');
    }),
    http.put(path('putBlock'), async ({ request, params }) => {
      await log(request);
      const b = named(params.name);
      if (!b) return err(404, 'NOT_FOUND', 'Block not found');
      const body = await readBody('putBlock', request);
      if (!body.ok) return body.res;
      b.content = (body.data as { content: typeof b.content }).content;
      return reply('putBlock', b);
    }),
    http.post(path('createBlock'), async ({ request }) => {
      await log(request);
      const body = await readBody('createBlock', request);
      if (!body.ok) return body.res;
      const { name, content } = body.data as { name: string; content: (typeof state.blocks)[number]['content'] };
      if (named(name)) return err(409, 'CONFLICT', 'Block exists');
      const b = { name, content, updatedAt: '2026-01-02T00:00:00.000Z' };
      state.blocks.push(b);
      return reply('createBlock', b);
    }),
    http.delete(path('deleteBlock'), async ({ request, params }) => {
      await log(request);
      if (!named(params.name)) return err(404, 'NOT_FOUND', 'Block not found');
      state.blocks = state.blocks.filter((x) => x.name !== params.name);
      return reply('deleteBlock', { ok: true });
    }),
  ];
}
