// Money flows: deposits, withdrawals, approval and rejection exactly once, races, retries, outcome.
import { describe, expect, it } from 'vitest';
import { errCode, setupApp } from './helpers/app';

const ctx = setupApp();
const U = '/api/v1/user';
const A = '/api/v1/admin';

const balances = (userId: number) => ctx.services.ledger.balances(ctx.services.db, userId);

describe('deposits', () => {
  it('an administrator credits a player at once, with a code; the player sees it', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player();
    const res = await ctx.call({
      method: 'POST',
      url: `${A}/deposit`,
      as: admin,
      payload: { userId: p.userId, amount: 150_000, note: 'Khan Bank transfer 12:05' },
    });
    expect(res.statusCode).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({ userId: p.userId, username: p.username, amount: 150_000, note: 'Khan Bank transfer 12:05', createdBy: admin.username });
    expect(d.code).toMatch(/^DEP-/);
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).json()).toMatchObject({ balance: 150_000, locked: 0 });
    const own = (await ctx.call({ method: 'GET', url: `${U}/deposit`, as: p })).json();
    expect(own.total).toBe(1);
    expect(own.items[0]).toMatchObject({ id: d.id, code: d.code, amount: 150_000 });
    // Another player does not see it.
    const other = await ctx.player();
    expect((await ctx.call({ method: 'GET', url: `${U}/deposit`, as: other })).json()).toEqual({ items: [], total: 0 });
    // Nor by asking with the administrators' filters: a player's list is always their own.
    const asked = await ctx.call({ method: 'GET', url: `${U}/deposit?userId=${p.userId}&username=${p.username}`, as: other });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ items: [], total: 0 });
  });

  it('finds the player by username or by personal deposit code', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player();
    const me = (await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).json();
    expect(
      (await ctx.call({ method: 'POST', url: `${A}/deposit`, as: admin, payload: { username: p.username.toUpperCase(), amount: 1_000 } })).statusCode,
    ).toBe(201);
    expect(
      (await ctx.call({ method: 'POST', url: `${A}/deposit`, as: admin, payload: { depositCode: me.depositCode.toLowerCase(), amount: 2_000 } })).statusCode,
    ).toBe(201);
    expect((await balances(p.userId)).available).toBe(3_000);
  });

  it.each([
    ['negative', { amount: -5 }],
    ['zero', { amount: 0 }],
    ['fractional', { amount: 10.5 }],
    ['string', { amount: '1000' }],
    ['huge', { amount: 1e16 }],
    ['unsafe', { amount: 2 ** 60 }],
    ['no user', { userId: undefined }],
    ['two identifiers', { username: 'someone' }],
    ['non-numeric user id', { userId: 'abc' }],
  ])('refuses a %s deposit with 400 and moves nothing', async (_n, over) => {
    const admin = await ctx.admin();
    const p = await ctx.player();
    const res = await ctx.call({ method: 'POST', url: `${A}/deposit`, as: admin, payload: { userId: p.userId, amount: 1_000, ...over } });
    expect(res.statusCode).toBe(400);
    expect((await balances(p.userId)).available).toBe(0);
  });

  it('404 for an unknown user; 401 anonymous; 403 for a player', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player();
    expect((await ctx.call({ method: 'POST', url: `${A}/deposit`, as: admin, payload: { userId: 99_999_999, amount: 1_000 } })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'POST', url: `${A}/deposit`, as: admin, payload: { depositCode: 'DXXXXXXX', amount: 1_000 } })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'POST', url: `${A}/deposit`, payload: { userId: p.userId, amount: 1_000 } })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'POST', url: `${A}/deposit`, as: p, payload: { userId: p.userId, amount: 1_000 } })).statusCode).toBe(403);
    expect((await balances(p.userId)).available).toBe(0);
  });

  it('a retried deposit with the same idempotency key credits once, even when the retries race', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player();
    const payload = { userId: p.userId, amount: 7_000, idempotencyKey: `dep-retry-${p.userId}` };
    const results = await Promise.all(Array.from({ length: 8 }, () => ctx.call({ method: 'POST', url: `${A}/deposit`, as: admin, payload })));
    expect(results.map((r) => r.statusCode).every((c) => c === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect((await balances(p.userId)).available).toBe(7_000);
    const reused = await ctx.call({ method: 'POST', url: `${A}/deposit`, as: admin, payload: { ...payload, amount: 8_000 } });
    expect(reused.statusCode).toBe(409);
    expect(errCode(reused)).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('lists deposits for administrators with filters and paging', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player();
    for (const amount of [1_000, 2_000, 3_000]) await ctx.fund(p.userId, amount);
    const page = (await ctx.call({ method: 'GET', url: `${A}/deposit?userId=${p.userId}&perPage=2&page=1&sort=amount&order=ASC`, as: admin })).json();
    expect(page.total).toBe(3);
    expect(page.items.map((d: { amount: number }) => d.amount)).toEqual([1_000, 2_000]);
    const byName = (await ctx.call({ method: 'GET', url: `${A}/deposit?username=${p.username}&from=2000-01-01&to=2999-01-01`, as: admin })).json();
    expect(byName.total).toBe(3);
    expect((await ctx.call({ method: 'GET', url: `${A}/deposit?sort=password`, as: admin })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `${A}/deposit?perPage=1000`, as: admin })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `${A}/deposit?page=-1`, as: admin })).statusCode).toBe(400);
  });
});

describe('withdrawals', () => {
  it('moves the amount to locked, records the registered bank account, and lists it', async () => {
    const p = await ctx.player({ balance: 100_000 });
    const res = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 40_000 } });
    expect(res.statusCode).toBe(201);
    const w = res.json();
    expect(w).toMatchObject({
      userId: p.userId,
      amount: 40_000,
      status: 'NOT_APPROVED',
      approvedBy: null,
      approveDate: null,
      bank: 'KHAN',
      accountNumber: '1234567890',
    });
    expect(w.code).toMatch(/^WDR-/);
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).json()).toMatchObject({ balance: 60_000, locked: 40_000 });
    const list = (await ctx.call({ method: 'GET', url: `${U}/withdrawal`, as: p })).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: w.id }] });
    const other = await ctx.player();
    expect((await ctx.call({ method: 'GET', url: `${U}/withdrawal`, as: other })).json().total).toBe(0);
    expect((await ctx.call({ method: 'GET', url: `${U}/withdrawal?userId=${p.userId}&username=${p.username}`, as: other })).json().total).toBe(0);
  });

  it('enforces the minimum, the maximum and the available balance', async () => {
    const p = await ctx.player({ balance: 20_000 });
    const low = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 9_999 } });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.message).toContain('Too low');
    const high = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 5_000_001 } });
    expect(high.statusCode).toBe(400);
    expect(high.json().error.message).toContain('Too much');
    const short = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 20_001 } });
    expect(short.statusCode).toBe(409);
    expect(errCode(short)).toBe('INSUFFICIENT_BALANCE');
    for (const amount of [-10_000, 0, 10_000.5, '10000', null, 1e20]) {
      expect((await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount } })).statusCode).toBe(400);
    }
    expect((await ctx.call({ method: 'POST', url: `${U}/withdrawal`, payload: { amount: 10_000 } })).statusCode).toBe(401);
    expect(await balances(p.userId)).toMatchObject({ available: 20_000, locked: 0 });
    // Bounds follow the settings.
    const admin = await ctx.admin();
    const s = (await ctx.call({ method: 'GET', url: `${A}/settings`, as: admin })).json();
    await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: { ...s, withdrawalMin: 1_000 } });
    expect((await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 1_000 } })).statusCode).toBe(201);
    await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: s });
  });

  it('50 racing withdrawals on one balance never overdraw it', async () => {
    const p = await ctx.player({ balance: 105_000 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 10_000 } })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201).length).toBe(10);
    expect(codes.filter((c) => c === 409).length).toBe(40);
    expect(results.filter((r) => r.statusCode === 409).every((r) => errCode(r) === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(await balances(p.userId)).toMatchObject({ available: 5_000, withdrawalHold: 100_000, locked: 100_000 });
  });

  it('a retried withdrawal with the same idempotency key is created once', async () => {
    const p = await ctx.player({ balance: 50_000 });
    const payload = { amount: 20_000, idempotencyKey: `wd-retry-${p.userId}` };
    const results = await Promise.all(Array.from({ length: 6 }, () => ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload })));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await balances(p.userId)).toMatchObject({ available: 30_000, locked: 20_000 });
    // The key also works as a header.
    const h1 = await ctx.call({
      method: 'POST',
      url: `${U}/withdrawal`,
      as: p,
      payload: { amount: 10_000 },
      headers: { 'idempotency-key': `hdr-key-${p.userId}` },
    });
    const h2 = await ctx.call({
      method: 'POST',
      url: `${U}/withdrawal`,
      as: p,
      payload: { amount: 10_000 },
      headers: { 'idempotency-key': `hdr-key-${p.userId}` },
    });
    expect(h1.json().id).toBe(h2.json().id);
    expect((await balances(p.userId)).available).toBe(20_000);
  });
});

describe('approval and rejection', () => {
  it('approve pays the hold out once: approver and date stored; a second approval or a rejection is 409', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 50_000 });
    const w = (await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 30_000 } })).json();
    const ok = await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${w.id}`, as: admin });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: w.id, status: 'APPROVED', approvedBy: admin.username });
    expect(ok.json().approveDate).not.toBeNull();
    expect(await balances(p.userId)).toMatchObject({ available: 20_000, locked: 0 });
    const again = await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${w.id}`, as: admin });
    expect(again.statusCode).toBe(409);
    expect(errCode(again)).toBe('ALREADY_RESOLVED');
    const reject = await ctx.call({ method: 'PUT', url: `${A}/withdrawal/reject?withdrawalId=${w.id}`, as: admin, payload: { reason: 'late' } });
    expect(reject.statusCode).toBe(409);
    expect(await balances(p.userId)).toMatchObject({ available: 20_000, locked: 0 });
  });

  it('reject returns the hold to available with the reason; approve afterwards is 409', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 50_000 });
    const w = (await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 30_000 } })).json();
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/reject?withdrawalId=${w.id}`, as: admin, payload: {} })).statusCode).toBe(400);
    const r = await ctx.call({
      method: 'PUT',
      url: `${A}/withdrawal/reject?withdrawalId=${w.id}`,
      as: admin,
      payload: { reason: 'Account number does not match the name' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'REJECTED', rejectReason: 'Account number does not match the name', approvedBy: admin.username });
    expect(await balances(p.userId)).toMatchObject({ available: 50_000, locked: 0 });
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${w.id}`, as: admin })).statusCode).toBe(409);
  });

  it('racing approvals and rejections resolve a withdrawal exactly once', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 50_000 });
    const w = (await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 25_000 } })).json();
    const calls = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${w.id}`, as: admin })
        : ctx.call({ method: 'PUT', url: `${A}/withdrawal/reject?withdrawalId=${w.id}`, as: admin, payload: { reason: 'race' } }),
    );
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.statusCode === 200).length).toBe(1);
    expect(results.filter((r) => r.statusCode === 409).length).toBe(9);
    const b = await balances(p.userId);
    expect(b.locked).toBe(0);
    expect([25_000, 50_000]).toContain(b.available);
  });

  it('bad ids: 400 for non-numeric, 404 for unknown; players get 403, anonymous 401', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player();
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=abc`, as: admin })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=1.5`, as: admin })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve`, as: admin })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=99999999`, as: admin })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=99999999999999`, as: admin })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=1`, as: p })).statusCode).toBe(403);
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=1` })).statusCode).toBe(401);
  });

  it('administrators filter withdrawals by status, user, amount and date', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 100_000 });
    const ids: number[] = [];
    for (const amount of [10_000, 20_000, 30_000]) ids.push((await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount } })).json().id);
    await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${ids[0]}`, as: admin });
    const get = async (qs: string) => (await ctx.call({ method: 'GET', url: `${A}/withdrawal?userId=${p.userId}&${qs}`, as: admin })).json();
    expect((await get('status=NOT_APPROVED')).total).toBe(2);
    expect((await get('status=APPROVED')).items[0].id).toBe(ids[0]);
    expect((await get('minAmount=15000&maxAmount=25000')).items.map((w: { amount: number }) => w.amount)).toEqual([20_000]);
    expect((await get(`username=${p.username}&sort=amount&order=DESC`)).items.map((w: { amount: number }) => w.amount)).toEqual([30_000, 20_000, 10_000]);
    expect((await get('from=2999-01-01')).total).toBe(0);
    expect((await get(`to=${new Date().toISOString().slice(0, 10)}`)).total).toBe(3);
    expect((await ctx.call({ method: 'GET', url: `${A}/withdrawal?status=MAYBE`, as: admin })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `${A}/withdrawal?from=yesterday`, as: admin })).statusCode).toBe(400);
  });
});

describe('outcome (the player ledger view)', () => {
  it('lists the player movements newest first with signed amounts and codes', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 60_000 });
    const w = (await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 15_000 } })).json();
    await ctx.call({ method: 'PUT', url: `${A}/withdrawal/reject?withdrawalId=${w.id}`, as: admin, payload: { reason: 'test' } });
    const out = (await ctx.call({ method: 'GET', url: `${U}/outcome`, as: p })).json();
    expect(out.total).toBe(3);
    expect(out.items.map((o: { type: string; amount: number }) => [o.type, o.amount])).toEqual([
      ['WITHDRAWAL_REJECTED', 15_000],
      ['WITHDRAWAL_HOLD', -15_000],
      ['DEPOSIT', 60_000],
    ]);
    expect(out.items[0].code).toMatch(/^TX-\d{8}$/);
    expect(out.items[0].reference).toBe(w.code);
    const filtered = (await ctx.call({ method: 'GET', url: `${U}/outcome?type=DEPOSIT&perPage=1`, as: p })).json();
    expect(filtered).toMatchObject({ total: 1, items: [{ type: 'DEPOSIT' }] });
    expect((await ctx.call({ method: 'GET', url: `${U}/outcome?type=NOPE`, as: p })).statusCode).toBe(400);
    const other = await ctx.player();
    expect((await ctx.call({ method: 'GET', url: `${U}/outcome`, as: other })).json()).toEqual({ items: [], total: 0 });
    expect((await ctx.call({ method: 'GET', url: `${U}/outcome` })).statusCode).toBe(401);
  });

  it('administrators read a user ledger with both accounts of each transfer', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 30_000 });
    await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 10_000 } });
    const l = (await ctx.call({ method: 'GET', url: `${A}/user/ledger?userId=${p.userId}`, as: admin })).json();
    expect(l.total).toBe(2);
    expect(l.items[0]).toMatchObject({
      kind: 'WITHDRAWAL_HOLD',
      amount: 10_000,
      signedAmount: -10_000,
      debitAccount: `user:${p.userId}:available`,
      creditAccount: `user:${p.userId}:withdrawal_hold`,
      actor: p.username,
    });
    expect(l.items[1]).toMatchObject({ kind: 'DEPOSIT', debitAccount: 'house:bank', actor: admin.username });
    expect((await ctx.call({ method: 'GET', url: `${A}/user/ledger?userId=99999999`, as: admin })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'GET', url: `${A}/user/ledger?userId=${p.userId}`, as: p })).statusCode).toBe(403);
  });
});

describe('balance events', () => {
  it('are emitted after commit for every user whose balance changed', async () => {
    const p = await ctx.player();
    const seen: number[] = [];
    const off = ctx.services.ledger.onBalanceChanged((id) => seen.push(id));
    try {
      await ctx.fund(p.userId, 12_000);
      await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 99_000 } }); // refused: no event
      expect(seen.filter((id) => id === p.userId).length).toBe(1);
      await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 10_000 } });
      expect(seen.filter((id) => id === p.userId).length).toBe(2);
    } finally {
      off();
    }
  });
});
