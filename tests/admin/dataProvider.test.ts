// The admin data provider: the requests it builds (method, path, query, body, bearer token) and
// how it reads the `{items, total}` answers and the `{error:{code,message}}` refusals.
import { describe, expect, it, beforeEach } from 'vitest';
import { HttpError } from 'react-admin';
import { createDataProvider, SETTINGS_ID } from '../../src/admin/dataProvider';
import { adminSettings, adminUser, table as tableFixture, withdrawal as withdrawalFixture } from '../../mocks/admin-state';

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  auth: string | null;
}

function fakeFetch(answer: (c: Call) => { status?: number; body?: unknown }) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const headers = new Headers(init?.headers);
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      auth: headers.get('Authorization'),
    };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

// The mock back end's fixtures (mocks/admin-state.ts): user 7, withdrawal 12, table 3.
const user = adminUser();
const withdrawal = withdrawalFixture({ id: 12, code: 'W-12' });
const table = tableFixture();

beforeEach(() => localStorage.setItem('accessToken', 'tok-123'));

describe('getList', () => {
  it('sends paging, sort, order and the filters the route accepts; reads items and total', async () => {
    const f = fakeFetch(() => ({ body: { items: [withdrawal], total: 41 } }));
    const dp = createDataProvider({ fetch: f.fetch });
    const res = await dp.getList('withdraw', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'requestDate', order: 'ASC' },
      filter: { status: 'NOT_APPROVED', minAmount: 10_000, username: 'bat', from: '2026-01-01', bogus: 'x', empty: '' },
    });
    expect(f.calls).toHaveLength(1);
    const c = f.calls[0];
    expect(c.method).toBe('GET');
    expect(c.path).toBe('/api/v1/admin/withdrawal');
    expect(c.query).toEqual({
      page: '2',
      perPage: '20',
      sort: 'requestDate',
      order: 'ASC',
      status: 'NOT_APPROVED',
      minAmount: '10000',
      username: 'bat',
      from: '2026-01-01',
    });
    expect(c.auth).toBe('Bearer tok-123');
    expect(res.total).toBe(41);
    expect(res.data[0]).toMatchObject({ id: 12, code: 'W-12', accountNumber: '5012345678' });
  });

  it('gives users, tables and blocks react-admin ids (userId, tableId, name) and maps sort "id" back', async () => {
    const f = fakeFetch((c) => {
      if (c.path.endsWith('/user/search')) return { body: { items: [user], total: 1 } };
      if (c.path.endsWith('/table')) return { body: { items: [table], total: 1 } };
      return { body: { items: [{ name: 'house-bank', content: { en: '# Bank', mn: '# Банк' } }], total: 1 } };
    });
    const dp = createDataProvider({ fetch: f.fetch });
    const users = await dp.getList('user', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' }, filter: { q: 'D7K2' } });
    expect(f.calls[0].path).toBe('/api/v1/admin/user/search');
    expect(f.calls[0].query).toMatchObject({ q: 'D7K2', sort: 'userId', order: 'DESC' });
    expect(users.data[0].id).toBe(7);
    const tables = await dp.getList('table', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { variant: 'PO' } });
    expect(f.calls[1].path).toBe('/api/v1/admin/table');
    expect(f.calls[1].query).toMatchObject({ variant: 'PO', sort: 'name' });
    expect(tables.data[0].id).toBe(3);
    const blocks = await dp.getList('data', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(f.calls[2].path).toBe('/api/v1/admin/block/list');
    expect(blocks.data[0].id).toBe('house-bank');
  });

  it("lists a table's sessions and a user's ledger through getManyReference", async () => {
    const f = fakeFetch(() => ({ body: { items: [], total: 0 } }));
    const dp = createDataProvider({ fetch: f.fetch });
    await dp.getManyReference('ledger', {
      target: 'userId',
      id: 7,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(f.calls[0].path).toBe('/api/v1/admin/user/ledger');
    expect(f.calls[0].query).toMatchObject({ userId: '7', page: '1', perPage: '25' });
    await dp.getList('session', { pagination: { page: 1, perPage: 10 }, sort: { field: 'handNumber', order: 'DESC' }, filter: { tableId: 3 } });
    expect(f.calls[1].path).toBe('/api/v1/admin/table/session');
    expect(f.calls[1].query).toMatchObject({ tableId: '3' });
    // Without the table there is nothing to ask.
    const none = await dp.getList('session', { pagination: { page: 1, perPage: 10 }, sort: { field: 'handNumber', order: 'DESC' }, filter: {} });
    expect(none).toEqual({ data: [], total: 0 });
    expect(f.calls).toHaveLength(2);
  });
});

describe('single records', () => {
  it('getOne per resource hits the detail route', async () => {
    const f = fakeFetch((c) => {
      if (c.path === '/api/v1/admin/user') return { body: user };
      if (c.path === '/api/v1/admin/table/3') return { body: table };
      if (c.path === '/api/v1/admin/settings') return { body: adminSettings() };
      return { body: { name: 'rules', content: { en: 'a', mn: 'б' } } };
    });
    const dp = createDataProvider({ fetch: f.fetch });
    expect((await dp.getOne('user', { id: 7 })).data).toMatchObject({ id: 7, username: 'bataa' });
    expect(f.calls[0].query).toEqual({ userId: '7' });
    expect((await dp.getOne('table', { id: 3 })).data.id).toBe(3);
    expect((await dp.getOne('data', { id: 'rules' })).data.id).toBe('rules');
    expect(f.calls[2].path).toBe('/api/v1/admin/block/rules');
    expect((await dp.getOne('settings', { id: SETTINGS_ID })).data).toMatchObject({ id: 'settings', withdrawalMin: 10_000 });
    const many = await dp.getMany('user', { ids: [7] });
    expect(many.data.map((u) => u.id)).toEqual([7]);
  });

  it('creates a deposit with exactly one way of finding the player', async () => {
    const f = fakeFetch(() => ({
      status: 201,
      body: {
        id: 5,
        code: 'DP-5',
        userId: 7,
        username: 'bataa',
        amount: 100_000,
        approvedDate: '2026-01-04T00:00:00Z',
        note: 'Khan transfer',
        createdBy: 'admin',
      },
    }));
    const dp = createDataProvider({ fetch: f.fetch });
    const res = await dp.create('deposit', { data: { depositCode: ' D7K2Q9 ', amount: 100_000, note: 'Khan transfer', idempotencyKey: 'dep-abcdef12' } });
    expect(f.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/admin/deposit',
      body: { depositCode: 'D7K2Q9', amount: 100_000, note: 'Khan transfer', idempotencyKey: 'dep-abcdef12' },
    });
    expect(res.data).toMatchObject({ id: 5, username: 'bataa' });
  });

  it('refuses a deposit body the contract refuses, without calling the server', async () => {
    const f = fakeFetch(() => ({ body: {} }));
    const dp = createDataProvider({ fetch: f.fetch });
    await expect(dp.create('deposit', { data: { username: 'bataa', depositCode: 'D7K2Q9', amount: 1000 } })).rejects.toMatchObject({ status: 400 });
    await expect(dp.create('deposit', { data: { username: 'bataa', amount: 10.5 } })).rejects.toMatchObject({
      status: 400,
      body: { errors: { amount: expect.any(String) } },
    });
    expect(f.calls).toHaveLength(0);
  });

  it('updates a table with only the changed fields (blinds travel together)', async () => {
    const f = fakeFetch(() => ({ body: { ...table, bigBlind: 2000 } }));
    const dp = createDataProvider({ fetch: f.fetch });
    await dp.update('table', { id: 3, data: { ...table, id: 3, bigBlind: 2000 }, previousData: { ...table, id: 3 } });
    expect(f.calls[0]).toMatchObject({ method: 'PATCH', path: '/api/v1/admin/table', query: { tableId: '3' } });
    expect(f.calls[0].body).toEqual({ smallBlind: 500, bigBlind: 2000 });
  });

  it('creates a table with the contract fields only', async () => {
    const f = fakeFetch(() => ({ status: 201, body: table }));
    const dp = createDataProvider({ fetch: f.fetch });
    const fields = { name: 'Ulaanbaatar 1', variant: 'NT', smallBlind: 500, bigBlind: 1000, minBuyIn: 20_000, maxBuyIn: 100_000, maxPlayers: 9 };
    // An empty optional field and a field the contract does not know are left out.
    await dp.create('table', { data: { ...fields, rakePercent: '', extra: 1 } });
    expect(f.calls[0].method).toBe('POST');
    expect(f.calls[0].body).toEqual(fields);
  });

  it('puts a block by name and settings without the react-admin id', async () => {
    const f = fakeFetch((c) => (c.path.includes('/block/') ? { body: { name: 'rules', content: { en: 'x', mn: 'ы' } } } : { body: c.body }));
    const dp = createDataProvider({ fetch: f.fetch });
    await dp.update('data', { id: 'rules', data: { id: 'rules', name: 'rules', content: { en: 'x', mn: 'ы' } }, previousData: { id: 'rules' } });
    expect(f.calls[0]).toMatchObject({ method: 'PUT', path: '/api/v1/admin/block/rules', body: { content: { en: 'x', mn: 'ы' } } });
    const settings = adminSettings({ maintenance: { enabled: true, message: 'Back at 10:00' } });
    const res = await dp.update('settings', { id: SETTINGS_ID, data: { ...settings, id: SETTINGS_ID }, previousData: { id: SETTINGS_ID } });
    expect(f.calls[1]).toMatchObject({ method: 'PUT', path: '/api/v1/admin/settings', body: settings });
    expect(res.data.id).toBe(SETTINGS_ID);
  });
});

describe('custom methods', () => {
  it('approve and reject a withdrawal by id (reject with the reason)', async () => {
    const f = fakeFetch((c) => ({ body: { ...withdrawal, status: c.path.endsWith('approve') ? 'APPROVED' : 'REJECTED' } }));
    const dp = createDataProvider({ fetch: f.fetch });
    expect((await dp.approveWithdrawal(12)).data.status).toBe('APPROVED');
    expect(f.calls[0]).toMatchObject({ method: 'PUT', path: '/api/v1/admin/withdrawal/approve', query: { withdrawalId: '12' }, body: undefined });
    expect((await dp.rejectWithdrawal(12, 'Account closed')).data.status).toBe('REJECTED');
    expect(f.calls[1]).toMatchObject({
      method: 'PUT',
      path: '/api/v1/admin/withdrawal/reject',
      query: { withdrawalId: '12' },
      body: { reason: 'Account closed' },
    });
  });

  it('refuses an empty rejection reason before calling', async () => {
    const f = fakeFetch(() => ({ body: withdrawal }));
    const dp = createDataProvider({ fetch: f.fetch });
    await expect(dp.rejectWithdrawal(12, '   ')).rejects.toBeInstanceOf(HttpError);
    expect(f.calls).toHaveLength(0);
  });

  it('changes a role, kicks, starts and stops simulation, reads stats', async () => {
    const f = fakeFetch((c) => {
      if (c.path.endsWith('/user/role')) return { body: { ...user, role: 'ADMIN', isAdmin: true } };
      if (c.path.endsWith('/stats'))
        return {
          body: {
            playersOnline: 4,
            users: 10,
            tables: 3,
            openTables: 2,
            seatedPlayers: 5,
            pendingWithdrawals: { count: 2, sum: 70_000 },
            depositsSum: 1,
            withdrawalsPaidSum: 0,
            playerBalances: 0,
            playerLocked: 0,
            rakeBalance: 0,
            jackpotBalance: 0,
            botsBalance: 0,
            daily: [],
          },
        };
      if (c.path.endsWith('/table/simulate')) return { body: { tableId: 3, simulation: c.method === 'PUT', bots: 4 } };
      return { body: { ok: true } };
    });
    const dp = createDataProvider({ fetch: f.fetch });
    expect((await dp.changeRole(7, 'ADMIN')).data).toMatchObject({ id: 7, role: 'ADMIN' });
    expect(f.calls[0]).toMatchObject({ method: 'PATCH', path: '/api/v1/admin/user/role', query: { userId: '7' }, body: { role: 'ADMIN' } });
    expect((await dp.kick(3, 7)).data).toEqual({ ok: true });
    expect(f.calls[1]).toMatchObject({ method: 'DELETE', path: '/api/v1/admin/table/kick', query: { tableId: '3', userId: '7' } });
    // The simulation state the server answers (the flag and the bots seated) reaches the UI.
    expect((await dp.startSimulation(3)).data).toEqual({ tableId: 3, simulation: true, bots: 4 });
    expect((await dp.stopSimulation(3)).data).toEqual({ tableId: 3, simulation: false, bots: 4 });
    expect(f.calls[2]).toMatchObject({ method: 'PUT', path: '/api/v1/admin/table/simulate', query: { tableId: '3' } });
    expect(f.calls[3]).toMatchObject({ method: 'DELETE', path: '/api/v1/admin/table/simulate', query: { tableId: '3' } });
    expect((await dp.stats(7)).data.pendingWithdrawals).toEqual({ count: 2, sum: 70_000 });
    expect(f.calls[4]).toMatchObject({ path: '/api/v1/admin/stats', query: { days: '7' } });
  });
});

describe('errors', () => {
  it('a 409 on deleting a user becomes a plain message (a translation key) with the status', async () => {
    const f = fakeFetch(() => ({ status: 409, body: { error: { code: 'CONFLICT', message: 'User holds 5000 in chips' } } }));
    const dp = createDataProvider({ fetch: f.fetch });
    const err = await dp.delete('user', { id: 7, previousData: { id: 7 } }).catch((e: unknown) => e);
    expect(f.calls[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/admin/user', query: { userId: '7' } });
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, message: 'admin.errors.user_holds_money', body: { serverMessage: 'User holds 5000 in chips' } });
  });

  it('a second approval gets the already-resolved message', async () => {
    const f = fakeFetch(() => ({ status: 409, body: { error: { code: 'ALREADY_RESOLVED', message: 'Withdrawal already resolved' } } }));
    const dp = createDataProvider({ fetch: f.fetch });
    await expect(dp.approveWithdrawal(12)).rejects.toMatchObject({ status: 409, message: 'admin.errors.already_resolved' });
  });

  it('other errors keep the server message and carry field errors for forms', async () => {
    const f = fakeFetch(() => ({
      status: 400,
      body: {
        error: { code: 'INVALID_INPUT', message: 'Invalid table', details: [{ path: 'smallBlind', message: 'Small blind must be below the big blind' }] },
      },
    }));
    const dp = createDataProvider({ fetch: f.fetch });
    const err = (await dp.update('table', { id: 3, data: { name: 'X' }, previousData: {} }).catch((e: unknown) => e)) as HttpError;
    expect(err.status).toBe(400);
    expect(err.message).toBe('Invalid table');
    expect(err.body.errors).toEqual({ smallBlind: 'Small blind must be below the big blind' });
  });

  it('a live-table route that does not exist yet (404) says so', async () => {
    const f = fakeFetch(() => ({ status: 404, body: { message: 'Route PUT:/api/v1/admin/table/simulate not found', error: 'Not Found', statusCode: 404 } }));
    const dp = createDataProvider({ fetch: f.fetch });
    await expect(dp.startSimulation(3)).rejects.toMatchObject({ status: 404, message: 'admin.errors.live_unavailable' });
  });

  it('kicking someone no longer seated (404 NOT_SEATED) says so', async () => {
    const f = fakeFetch(() => ({ status: 404, body: { error: { code: 'NOT_SEATED', message: 'Not seated' } } }));
    const dp = createDataProvider({ fetch: f.fetch });
    await expect(dp.kick(3, 7)).rejects.toMatchObject({ status: 404, message: 'admin.errors.not_seated' });
  });

  it('a 401 keeps its status (the auth provider signs out on it)', async () => {
    const f = fakeFetch(() => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Token expired' } } }));
    const dp = createDataProvider({ fetch: f.fetch });
    await expect(dp.getList('user', { pagination: { page: 1, perPage: 5 }, sort: { field: 'username', order: 'ASC' }, filter: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Token expired',
    });
  });
});
