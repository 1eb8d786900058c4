// Administrators: users, tables, sessions, blocks, settings, stats.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/server/db/client';
import { TEST_PASSWORD, errCode, setupApp } from './helpers/app';

const ctx = setupApp();
const U = '/api/v1/user';
const A = '/api/v1/admin';

describe('users', () => {
  it('searches by username prefix, e-mail or deposit code, with paging, sorting and filters', async () => {
    const admin = await ctx.admin();
    const a = await ctx.player({ prefix: 'zorig', balance: 5_000 });
    await ctx.player({ prefix: 'zorig' });
    const list = (await ctx.call({ method: 'GET', url: `${A}/user/search?q=zorig&sort=username&order=ASC&perPage=1`, as: admin })).json();
    expect(list.total).toBe(2);
    expect(list.items).toHaveLength(1);
    const me = (await ctx.call({ method: 'GET', url: `${U}/me`, as: a })).json();
    const byCode = (await ctx.call({ method: 'GET', url: `${A}/user/search?q=${me.depositCode}`, as: admin })).json();
    expect(byCode.items.map((u: { userId: number }) => u.userId)).toEqual([a.userId]);
    const byBalance = (await ctx.call({ method: 'GET', url: `${A}/user/search?q=zorig&sort=balance&order=DESC`, as: admin })).json();
    expect(byBalance.items[0]).toMatchObject({ userId: a.userId, balance: 5_000 });
    const admins = (await ctx.call({ method: 'GET', url: `${A}/user/search?role=ADMIN`, as: admin })).json();
    expect(admins.items.every((u: { role: string }) => u.role === 'ADMIN')).toBe(true);
    expect((await ctx.call({ method: 'GET', url: `${A}/user/search?sort=password_hash`, as: admin })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `${A}/user/search?q=%25`, as: admin })).json().total).toBe(0);
  });

  it('shows one user with balance, locked, deposit code and bank details', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 40_000 });
    await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 15_000 } });
    const u = (await ctx.call({ method: 'GET', url: `${A}/user?userId=${p.userId}`, as: admin })).json();
    expect(u).toMatchObject({ userId: p.userId, balance: 25_000, locked: 15_000, role: 'PLAYER', status: 'active', bank: 'KHAN', accountNumber: '1234567890' });
    expect(u.depositCode).toMatch(/^D/);
    expect((await ctx.call({ method: 'GET', url: `${A}/user?userId=99999999`, as: admin })).statusCode).toBe(404);
  });

  it('changes a role (validated), which kills the old tokens; the last admin cannot be demoted', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player();
    expect((await ctx.call({ method: 'PATCH', url: `${A}/user/role?userId=${p.userId}`, as: admin, payload: { role: 'GOD' } })).statusCode).toBe(400);
    const res = await ctx.call({ method: 'PATCH', url: `${A}/user/role?userId=${p.userId}`, as: admin, payload: { role: 'ADMIN' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'ADMIN', isAdmin: true });
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).statusCode).toBe(401);
    const login = (await ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: p.username, password: TEST_PASSWORD } })).json();
    expect(login.user.isAdmin).toBe(true);
    expect((await ctx.call({ method: 'GET', url: `${A}/settings`, headers: { authorization: `Bearer ${login.accessToken}` } })).statusCode).toBe(200);
    // Self-demotion is refused; demoting the other admin works.
    expect((await ctx.call({ method: 'PATCH', url: `${A}/user/role?userId=${admin.userId}`, as: admin, payload: { role: 'PLAYER' } })).statusCode).toBe(409);
    expect((await ctx.call({ method: 'PATCH', url: `${A}/user/role?userId=${p.userId}`, as: admin, payload: { role: 'PLAYER' } })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'PATCH', url: `${A}/user/role?userId=99999999`, as: admin, payload: { role: 'PLAYER' } })).statusCode).toBe(404);
  });

  it('delete is refused while money is locked or a withdrawal pends, else disables and anonymises', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 30_000 });
    const w = (await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 10_000 } })).json();
    const refused = await ctx.call({ method: 'DELETE', url: `${A}/user?userId=${p.userId}`, as: admin });
    expect(refused.statusCode).toBe(409);
    expect(errCode(refused)).toBe('USER_HAS_FUNDS_LOCKED');
    await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${w.id}`, as: admin });
    // Seated at a table: refused too.
    const tableId = (await ctx.call({ method: 'GET', url: `${U}/table`, as: p })).json().items[0].tableId;
    await ctx.services.db.execute(sql`INSERT INTO table_seats (table_id, seat, user_id) VALUES (${tableId}, 0, ${p.userId})`);
    expect((await ctx.call({ method: 'DELETE', url: `${A}/user?userId=${p.userId}`, as: admin })).statusCode).toBe(409);
    await ctx.services.db.execute(sql`DELETE FROM table_seats WHERE user_id = ${p.userId}`);
    // What the room keeps for the person alone: notes by them and on them, a push browser.
    const q = await ctx.player();
    for (const [as, on] of [
      [p, q],
      [q, p],
    ] as const)
      expect((await ctx.call({ method: 'PUT', url: `${U}/notes/${on.userId}`, as, payload: { tag: 'red', note: 'x' } })).statusCode).toBe(200);
    await ctx.services.db.execute(
      sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, kinds, language)
        VALUES (${p.userId}, ${`https://push.example/${p.userId}`}, 'k', 'a', '[]'::jsonb, 'en')`,
    );

    const ok = await ctx.call({ method: 'DELETE', url: `${A}/user?userId=${p.userId}`, as: admin });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: `${U}/notes`, as: q })).json().items).toEqual([]);
    const left = await rows(
      ctx.services.db,
      sql`SELECT 1 FROM player_notes WHERE ${p.userId} IN (owner_id, target_id) UNION ALL SELECT 1 FROM push_subscriptions WHERE user_id = ${p.userId}`,
    );
    expect(left).toHaveLength(0);
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: p.username, password: TEST_PASSWORD } })).statusCode).toBe(401);
    const u = (await ctx.call({ method: 'GET', url: `${A}/user?userId=${p.userId}`, as: admin })).json();
    expect(u).toMatchObject({ status: 'disabled', username: `deleted_${p.userId}`, balance: 20_000 });
    expect(u.email).not.toContain(p.username.toLowerCase());
    // The ledger is kept.
    expect((await ctx.call({ method: 'GET', url: `${A}/user/ledger?userId=${p.userId}`, as: admin })).json().total).toBe(3);
    expect((await ctx.call({ method: 'DELETE', url: `${A}/user?userId=${p.userId}`, as: admin })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'DELETE', url: `${A}/user?userId=${admin.userId}`, as: admin })).statusCode).toBe(409);
    expect((await ctx.call({ method: 'DELETE', url: `${A}/user?userId=abc`, as: admin })).statusCode).toBe(400);
  });
});

const table = (over: Record<string, unknown> = {}) => ({
  name: 'Test table',
  variant: 'NT',
  smallBlind: 100,
  bigBlind: 200,
  minBuyIn: 4_000,
  maxBuyIn: 20_000,
  maxPlayers: 6,
  ...over,
});

describe('tables', () => {
  it('creates, reads, updates and deletes a table; defaults come from the settings', async () => {
    const admin = await ctx.admin();
    const res = await ctx.call({ method: 'POST', url: `${A}/table`, as: admin, payload: table() });
    expect(res.statusCode).toBe(201);
    const t = res.json();
    expect(t).toMatchObject({
      name: 'Test table',
      variant: 'NT',
      players: 0,
      status: 'open',
      rakePercent: 5,
      rakeCap: 400,
      actionTime: 20,
      jackpotPercent: 1,
    });
    expect((await ctx.call({ method: 'GET', url: `${U}/table/${t.tableId}` })).json().name).toBe('Test table');
    const upd = await ctx.call({
      method: 'PATCH',
      url: `${A}/table?tableId=${t.tableId}`,
      as: admin,
      payload: { name: 'Renamed', maxPlayers: 9, actionTime: 30 },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ name: 'Renamed', maxPlayers: 9, actionTime: 30, bigBlind: 200 });
    const viaBody = await ctx.call({ method: 'PATCH', url: `${A}/table`, as: admin, payload: { tableId: t.tableId, status: 'closed' } });
    expect(viaBody.json().status).toBe('closed');
    expect((await ctx.call({ method: 'GET', url: `${A}/table/${t.tableId}`, as: admin })).json().status).toBe('closed');
    expect((await ctx.call({ method: 'DELETE', url: `${A}/table?tableId=${t.tableId}`, as: admin })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: `${U}/table/${t.tableId}` })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'DELETE', url: `${A}/table?tableId=${t.tableId}`, as: admin })).statusCode).toBe(404);
  });

  it.each([
    ['small blind not below big blind', { smallBlind: 200 }],
    ['min buy-in above max', { minBuyIn: 30_000 }],
    ['min buy-in below big blind', { minBuyIn: 100 }],
    ['one seat', { maxPlayers: 1 }],
    ['ten seats', { maxPlayers: 10 }],
    ['fractional blind', { smallBlind: 50.5 }],
    ['negative blind', { smallBlind: -50 }],
    ['rake above 10%', { rakePercent: 11 }],
    ['negative rake cap', { rakeCap: -1 }],
    ['action time 3 s', { actionTime: 3 }],
    ['action time 121 s', { actionTime: 121 }],
    ['unknown variant', { variant: 'stud' }],
    ['empty name', { name: '  ' }],
  ])('refuses %s with 400', async (_n, over) => {
    const admin = await ctx.admin();
    expect((await ctx.call({ method: 'POST', url: `${A}/table`, as: admin, payload: table(over) })).statusCode).toBe(400);
  });

  it('checks an update against the stored table and refuses deleting a table with seated players', async () => {
    const admin = await ctx.admin();
    const t = (await ctx.call({ method: 'POST', url: `${A}/table`, as: admin, payload: table() })).json();
    const bad = await ctx.call({ method: 'PATCH', url: `${A}/table?tableId=${t.tableId}`, as: admin, payload: { smallBlind: 300 } });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.call({ method: 'PATCH', url: `${A}/table`, as: admin, payload: { name: 'x' } })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'PATCH', url: `${A}/table?tableId=99999999`, as: admin, payload: { name: 'x' } })).statusCode).toBe(404);
    const p = await ctx.player();
    await ctx.services.db.execute(sql`INSERT INTO table_seats (table_id, seat, user_id) VALUES (${t.tableId}, 3, ${p.userId})`);
    expect((await ctx.call({ method: 'GET', url: `${U}/table/${t.tableId}` })).json().players).toBe(1);
    const del = await ctx.call({ method: 'DELETE', url: `${A}/table?tableId=${t.tableId}`, as: admin });
    expect(del.statusCode).toBe(409);
    expect(errCode(del)).toBe('TABLE_OCCUPIED');
    await ctx.services.db.execute(sql`DELETE FROM table_seats WHERE table_id = ${t.tableId}`);
    expect((await ctx.call({ method: 'DELETE', url: `${A}/table?tableId=${t.tableId}`, as: admin })).statusCode).toBe(200);
  });

  it('lists tables for the lobby and for administrators with filters and sorting', async () => {
    const admin = await ctx.admin();
    const lobby = (await ctx.call({ method: 'GET', url: `${U}/table?variant=PO&sort=bigBlind&order=ASC` })).json();
    expect(lobby.items.length).toBeGreaterThanOrEqual(3);
    expect(lobby.items.every((t: { variant: string }) => t.variant === 'PO')).toBe(true);
    const blinds = lobby.items.map((t: { bigBlind: number }) => t.bigBlind);
    expect(blinds).toEqual([...blinds].sort((x: number, y: number) => x - y));
    const adminList = (await ctx.call({ method: 'GET', url: `${A}/table?perPage=2`, as: admin })).json();
    expect(adminList.items).toHaveLength(2);
    expect(adminList.total).toBeGreaterThanOrEqual(7);
    expect((await ctx.call({ method: 'GET', url: `${U}/table?variant=holdem` })).statusCode).toBe(400);
  });

  it('lists the hands of a table (seed hidden while running)', async () => {
    const admin = await ctx.admin();
    const t = (await ctx.call({ method: 'POST', url: `${A}/table`, as: admin, payload: table() })).json();
    expect((await ctx.call({ method: 'GET', url: `${A}/table/session?tableId=${t.tableId}`, as: admin })).json()).toEqual({ items: [], total: 0 });
    await ctx.services.db.execute(
      sql`INSERT INTO hands (table_id, hand_number, seed_hash, seed, status, ended_at) VALUES (${t.tableId}, 1, 'h1', 's1', 'settled', now()), (${t.tableId}, 2, 'h2', 's2', 'running', NULL)`,
    );
    const s = (await ctx.call({ method: 'GET', url: `${A}/table/session?tableId=${t.tableId}&sort=handNumber&order=ASC`, as: admin })).json();
    expect(s.total).toBe(2);
    expect(s.items.map((h: { handNumber: number; seed: string | null }) => [h.handNumber, h.seed])).toEqual([
      [1, 's1'],
      [2, null],
    ]);
    expect((await ctx.call({ method: 'GET', url: `${A}/table/session?tableId=99999999`, as: admin })).statusCode).toBe(404);
  });
});

describe('content blocks', () => {
  it('CRUD with en and mn markdown; players read them', async () => {
    const admin = await ctx.admin();
    const name = `faq-${Date.now()}`;
    const created = await ctx.call({ method: 'POST', url: `${A}/block`, as: admin, payload: { name, content: { en: '# FAQ', mn: '# Түгээмэл асуулт' } } });
    expect(created.statusCode).toBe(201);
    expect((await ctx.call({ method: 'POST', url: `${A}/block`, as: admin, payload: { name, content: { en: 'x', mn: 'y' } } })).statusCode).toBe(409);
    expect((await ctx.call({ method: 'GET', url: `${U}/block/${name}` })).json().content.mn).toBe('# Түгээмэл асуулт');
    const put = await ctx.call({ method: 'PUT', url: `${A}/block/${name}`, as: admin, payload: { name, content: { en: '# FAQ 2', mn: '# Асуулт 2' } } });
    expect(put.json().content.en).toBe('# FAQ 2');
    expect(
      (await ctx.call({ method: 'PUT', url: `${A}/block/${name}`, as: admin, payload: { name: 'other', content: { en: 'a', mn: 'b' } } })).statusCode,
    ).toBe(400);
    expect((await ctx.call({ method: 'PUT', url: `${A}/block/nope-${name}`, as: admin, payload: { content: { en: 'a', mn: 'b' } } })).statusCode).toBe(404);
    const list = (await ctx.call({ method: 'GET', url: `${A}/block/list`, as: admin })).json();
    expect(list.items.map((b: { name: string }) => b.name)).toEqual(expect.arrayContaining(['info', 'bank-details', name]));
    expect((await ctx.call({ method: 'DELETE', url: `${A}/block/${name}`, as: admin })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: `${U}/block/${name}` })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'POST', url: `${A}/block`, as: admin, payload: { name: 'Bad Name!', content: { en: 'a', mn: 'b' } } })).statusCode).toBe(
      400,
    );
    expect((await ctx.call({ method: 'POST', url: `${A}/block`, as: admin, payload: { name: 'only-en', content: { en: 'a' } } })).statusCode).toBe(400);
  });

  it('seeds info and bank-details in English and Mongolian', async () => {
    const info = (await ctx.call({ method: 'GET', url: `${U}/block/info` })).json();
    expect(info.content.en).toContain('Mongol Poker');
    expect(info.content.mn).toMatch(/[А-Яа-яӨөҮү]/);
    const bank = (await ctx.call({ method: 'GET', url: `${U}/block/bank-details` })).json();
    expect(bank.content.mn).toContain('Хаан банк');
  });
});

describe('settings, maintenance and stats', () => {
  it('reads and changes settings with validation; maintenance closes registration and player logins', async () => {
    const admin = await ctx.admin();
    const s = (await ctx.call({ method: 'GET', url: `${A}/settings`, as: admin })).json();
    expect(s).toMatchObject({ withdrawalMin: 10_000, withdrawalMax: 5_000_000, maintenance: { enabled: false } });
    expect((await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: { ...s, withdrawalMin: 10, withdrawalMax: 5 } })).statusCode).toBe(400);
    expect(
      (await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: { ...s, houseBank: { ...s.houseBank, bank: 'NOPE' } } })).statusCode,
    ).toBe(400);
    const p = await ctx.player({ balance: 20_000 });
    const on = await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: { ...s, maintenance: { enabled: true, message: 'Back at 14:00' } } });
    expect(on.statusCode).toBe(200);
    try {
      expect((await ctx.call({ method: 'GET', url: `${U}/maintenance` })).json()).toEqual({ enabled: true, message: 'Back at 14:00' });
      expect((await ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: p.username, password: TEST_PASSWORD } })).statusCode).toBe(503);
      expect((await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 10_000 } })).statusCode).toBe(503);
      const reg = await ctx.call({
        method: 'POST',
        url: `${U}/register`,
        payload: {
          email: 'm@example.mn',
          username: 'maint_user',
          password: 'abcdefg1',
          confirmPassword: 'abcdefg1',
          bank: 'KHAN',
          accountNumber: '123456',
          adult: true,
        },
      });
      expect(reg.statusCode).toBe(503);
    } finally {
      await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: s });
    }
    expect((await ctx.call({ method: 'GET', url: `${U}/maintenance` })).json().enabled).toBe(false);
  });

  it('reports dashboard figures that follow the money', async () => {
    const admin = await ctx.admin();
    const before = (await ctx.call({ method: 'GET', url: `${A}/stats?days=7`, as: admin })).json();
    const p = await ctx.player({ balance: 70_000 });
    await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 20_000 } });
    const after = (await ctx.call({ method: 'GET', url: `${A}/stats?days=7`, as: admin })).json();
    expect(after.depositsSum - before.depositsSum).toBe(70_000);
    expect(after.pendingWithdrawals.count - before.pendingWithdrawals.count).toBe(1);
    expect(after.pendingWithdrawals.sum - before.pendingWithdrawals.sum).toBe(20_000);
    expect(after.playerLocked - before.playerLocked).toBe(20_000);
    expect(after.daily).toHaveLength(7);
    expect(after.daily.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(after.daily.at(-1).deposits - before.daily.at(-1).deposits).toBe(70_000);
    expect(after.tables).toBeGreaterThanOrEqual(7);
  });
});
