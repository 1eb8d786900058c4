// The provider is ra-data-simple-rest with an httpClient that speaks the server's routes: what
// simple-rest's own conventions (range, getMany by ids, deleteMany) become on the wire; and the
// PHH cards the table page shows, read with the engine's parser.
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createDataProvider } from '../../src/admin/dataProvider';
import { readListRequest } from '../../src/admin/dataProvider/restClient';
import { dealtCards } from '../../src/admin/tables/phh';
import { ADMIN_SAMPLE_PHH, adminUser, table } from '../../mocks/admin-state';

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

function fakeFetch(answer: (c: Call) => unknown) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local');
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return new Response(JSON.stringify(answer(call)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, dp: createDataProvider({ fetch: fetch as typeof globalThis.fetch }) };
}

beforeEach(() => localStorage.setItem('accessToken', 'tok-1'));

describe('simple-rest on the server routes', () => {
  it('reads range=[20,29] back as page 3 of 10 and the total from {items, total}', async () => {
    const { calls, dp } = fakeFetch(() => ({ items: [table()], total: 57 }));
    const res = await dp.getList('table', { pagination: { page: 3, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(calls[0].query).toEqual({ page: '3', perPage: '10', sort: 'tableId', order: 'ASC' });
    expect(res).toMatchObject({ total: 57, data: [{ id: 3, name: 'Khuree' }] });
    expect(readListRequest(new URLSearchParams({ range: '[20,29]', filter: '{"q":"x"}' }))).toMatchObject({
      page: 3,
      perPage: 10,
      sort: undefined,
      filter: { q: 'x' },
    });
  });

  it('answers getMany with one detail call per id (the server has no bulk read)', async () => {
    const { calls, dp } = fakeFetch((c) => adminUser({ userId: Number(c.query.userId) }));
    const res = await dp.getMany('user', { ids: [7, 8] });
    expect(calls.map((c) => `${c.method} ${c.path}?userId=${c.query.userId}`)).toEqual(['GET /api/v1/admin/user?userId=7', 'GET /api/v1/admin/user?userId=8']);
    expect(res.data.map((u) => u.id)).toEqual([7, 8]);
  });

  it('deletes one record per id, on the query the server reads', async () => {
    const { calls, dp } = fakeFetch(() => ({ ok: true }));
    await dp.delete('table', { id: 3, previousData: { id: 3 } });
    const many = await dp.deleteMany('data', { ids: ['info', 'rules'] });
    expect(calls.map((c) => `${c.method} ${c.path}${c.query.tableId ? `?tableId=${c.query.tableId}` : ''}`)).toEqual([
      'DELETE /api/v1/admin/table?tableId=3',
      'DELETE /api/v1/admin/block/info',
      'DELETE /api/v1/admin/block/rules',
    ]);
    expect(many.data).toEqual(['info', 'rules']);
  });

  it('changes a role only when the form changed it', async () => {
    const { calls, dp } = fakeFetch((c) => adminUser({ role: c.method === 'PATCH' ? 'ADMIN' : 'PLAYER' }));
    const prev = { ...adminUser(), id: 7 };
    await dp.update('user', { id: 7, data: { ...prev }, previousData: prev });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    const res = await dp.update('user', { id: 7, data: { ...prev, role: 'ADMIN' }, previousData: prev });
    expect(calls[1]).toMatchObject({ method: 'PATCH', path: '/api/v1/admin/user/role', query: { userId: '7' }, body: { role: 'ADMIN' } });
    expect(res.data).toMatchObject({ id: 7, role: 'ADMIN' });
  });

  it('refuses what a resource cannot do without calling the server', async () => {
    const { calls, dp } = fakeFetch(() => ({}));
    await expect(dp.create('withdraw', { data: { amount: 1 } })).rejects.toBeInstanceOf(HttpError);
    await expect(dp.getOne('nothing', { id: 1 })).rejects.toMatchObject({ status: 400 });
    expect(calls).toHaveLength(0);
  });
});

describe('dealt cards from the PHH', () => {
  it('reads every hole card, the board and the players', () => {
    const d = dealtCards(ADMIN_SAMPLE_PHH);
    expect(d.players).toEqual(['Bat', 'Dorj', 'Saraa']);
    expect(d.hole).toEqual([
      { player: 0, cards: ['As', 'Ks'] },
      { player: 1, cards: ['7c', '2d'] },
      { player: 2, cards: ['Qh', 'Qd'] },
    ]);
    expect(d.board).toEqual(['Ah', '7h', '2s', '9c', '3d']);
  });

  it('keeps unknown cards as "??" and reads nothing from text that is not PHH', () => {
    const phh = ADMIN_SAMPLE_PHH.replace('"d dh p2 7c2d"', '"d dh p2 ???? # mucked"');
    expect(dealtCards(phh).hole[1]).toEqual({ player: 1, cards: ['??', '??'] });
    expect(dealtCards('actions = ["d dh p1 AsKs"')).toEqual({ hole: [], board: [], players: [] });
    expect(dealtCards(null)).toEqual({ hole: [], board: [], players: [] });
  });
});
