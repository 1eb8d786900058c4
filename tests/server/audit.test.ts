// The audit trail: one row per staff action, written in the action's own transaction (no row when
// the action fails, no action when the row cannot be written), append-only in the database.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { first, rows } from '../../src/server/db/client';
import type { Actor } from '../../src/server/core/audit';
import { errCode, setupApp, type TestUser } from './helpers/app';

const ctx = setupApp();
const A = '/api/v1/admin';
const U = '/api/v1/user';

type Row = { action: string; actor_name: string; actor_role: string; ip: string | null; object_type: string; object_id: string; user_id: number | null };
const trail = (where = sql`true`) => rows<Row & { before: unknown; after: unknown }>(ctx.services.db, sql`SELECT * FROM audit_log WHERE ${where} ORDER BY id`);
const count = async () => (await first<{ n: number }>(ctx.services.db, sql`SELECT count(*)::bigint AS n FROM audit_log`))!.n;
const actorOf = (u: TestUser, role: Actor['role'] = 'ADMIN'): Actor => ({ userId: u.userId, username: u.username, role, ip: '10.0.0.1' });

describe('the audit trail', () => {
  it('records who, when, from where, what, the object, before and after', async () => {
    const support = await ctx.staff();
    const p = await ctx.player();
    const res = await ctx.call({ method: 'POST', url: `${A}/deposit`, as: support, payload: { userId: p.userId, amount: 25_000, note: 'Khan transfer' } });
    expect(res.statusCode).toBe(201);
    const [row] = await trail(sql`user_id = ${p.userId}`);
    expect(row).toMatchObject({
      action: 'deposit.create',
      actor_name: support.username,
      actor_role: 'SUPPORT',
      object_type: 'deposit',
      object_id: res.json().code,
      after: { amount: 25_000, note: 'Khan transfer' },
    });
    expect(row.ip).toBe('127.0.0.1');

    const admin = await ctx.staff('ADMIN');
    await ctx.call({ method: 'PATCH', url: `${A}/user/role?userId=${p.userId}`, as: admin, payload: { role: 'SUPPORT' } });
    const t = (
      await ctx.services.tables.create({ name: 'Audit T', variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2000, maxBuyIn: 9000, maxPlayers: 6 })
    ).tableId;
    await ctx.call({ method: 'PATCH', url: `${A}/table?tableId=${t}`, as: admin, payload: { name: 'Audit T2' } });
    const rowsNow = await trail(sql`actor_id = ${admin.userId}`);
    expect(rowsNow.map((r) => r.action)).toEqual(['user.role', 'table.update']);
    expect(rowsNow[0]).toMatchObject({ before: { role: 'PLAYER' }, after: { role: 'SUPPORT' }, user_id: p.userId });
    expect(rowsNow[1]).toMatchObject({ object_id: String(t), before: { name: 'Audit T' }, after: { name: 'Audit T2' } });
  });

  it('writes no row when the action fails', async () => {
    const admin = await ctx.staff('ADMIN');
    const p = await ctx.player({ balance: 50_000 });
    const w = await ctx.services.wallet.createWithdrawal(p.userId, 20_000);
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${w.id}`, as: admin })).statusCode).toBe(200);
    const before = await count();
    // Already resolved; a user with a pending withdrawal; a table update breaking the rules; an unknown block.
    expect((await ctx.call({ method: 'PUT', url: `${A}/withdrawal/reject?withdrawalId=${w.id}`, as: admin, payload: { reason: 'x' } })).statusCode).toBe(409);
    await ctx.services.wallet.createWithdrawal(p.userId, 10_000);
    expect((await ctx.call({ method: 'DELETE', url: `${A}/user?userId=${p.userId}`, as: admin })).statusCode).toBe(409);
    const t = (
      await ctx.services.tables.create({ name: 'No row', variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2000, maxBuyIn: 9000, maxPlayers: 6 })
    ).tableId;
    expect((await ctx.call({ method: 'PATCH', url: `${A}/table?tableId=${t}`, as: admin, payload: { smallBlind: 500 } })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'PUT', url: `${A}/block/nope-none`, as: admin, payload: { content: { en: 'a', mn: 'b' } } })).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('the action rolls back when its row cannot be written (same transaction)', async () => {
    const admin = await ctx.staff('ADMIN');
    const p = await ctx.player({ balance: 40_000 });
    // A real staff member, but a row the database refuses (no actor name): the action's last statement fails.
    const ghost: Actor = { userId: admin.userId, username: null as unknown as string, role: 'ADMIN', ip: null };
    await expect(ctx.services.wallet.createDeposit(admin.userId, { userId: p.userId, amount: 7_000 }, ghost)).rejects.toThrow();
    expect((await ctx.services.ledger.balances(ctx.services.db, p.userId)).available).toBe(40_000);
    expect(await first(ctx.services.db, sql`SELECT 1 FROM deposits WHERE user_id = ${p.userId} AND amount = 7000`)).toBeUndefined();

    const w = await ctx.services.wallet.createWithdrawal(p.userId, 15_000);
    await expect(ctx.services.payouts.resolve(ghost, w.id, 'APPROVED')).rejects.toThrow();
    expect((await ctx.services.wallet.withdrawal(w.id))?.status).toBe('NOT_APPROVED');
    expect(await ctx.services.ledger.balances(ctx.services.db, p.userId)).toMatchObject({ available: 25_000, locked: 15_000 });
    await expect(ctx.services.userAdmin.changeRole(admin.userId, p.userId, 'SUPPORT', ghost)).rejects.toThrow();
    expect((await ctx.services.userAdmin.adminUser(p.userId))?.role).toBe('PLAYER');
    await expect(ctx.services.staff.hold(ghost, p.userId, 'x')).rejects.toThrow();
    expect((await ctx.services.userAdmin.adminUser(p.userId))?.hold).toBeNull();

    // With a real actor the same calls commit, each with its row.
    await ctx.services.payouts.resolve(actorOf(admin), w.id, 'APPROVED');
    const mine = await trail(sql`user_id = ${p.userId}`);
    expect(mine.map((r) => r.action)).toEqual(['withdrawal.approve']);
  });

  it('the database refuses to change or remove audit rows', async () => {
    const admin = await ctx.staff('ADMIN');
    const p = await ctx.player();
    await ctx.call({ method: 'POST', url: `${A}/user/note`, as: admin, payload: { userId: p.userId, text: 'Asked for ID' } });
    const [row] = await trail(sql`user_id = ${p.userId}`);
    expect(row.action).toBe('user.note');
    const db = ctx.services.db;
    const refused = { cause: { message: expect.stringMatching(/append-only/) } };
    await expect(db.execute(sql`UPDATE audit_log SET actor_name = 'someone else' WHERE user_id = ${p.userId}`)).rejects.toMatchObject(refused);
    await expect(db.execute(sql`DELETE FROM audit_log WHERE user_id = ${p.userId}`)).rejects.toMatchObject(refused);
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toMatchObject(refused);
    expect((await trail(sql`user_id = ${p.userId}`))[0]).toMatchObject({ actor_name: admin.username });
  });

  it('lists the trail with filters, and a player page its own trail', async () => {
    const admin = await ctx.staff('ADMIN');
    const support = await ctx.staff();
    const p = await ctx.player();
    const other = await ctx.player();
    await ctx.call({ method: 'POST', url: `${A}/deposit`, as: support, payload: { userId: p.userId, amount: 3_000 } });
    await ctx.call({ method: 'PUT', url: `${A}/user/hold?userId=${p.userId}`, as: support, payload: { reason: 'Chargeback' } });
    await ctx.call({ method: 'POST', url: `${A}/deposit`, as: admin, payload: { userId: other.userId, amount: 4_000 } });

    const byActor = (await ctx.call({ method: 'GET', url: `${A}/audit?actor=${support.username.toUpperCase()}`, as: admin })).json();
    expect(byActor.items.map((e: { action: string }) => e.action)).toEqual(['user.hold', 'deposit.create']);
    expect(byActor.items[0]).toMatchObject({ actor: support.username, actorRole: 'SUPPORT', userId: p.userId, username: p.username, objectType: 'user' });
    const deposits = (await ctx.call({ method: 'GET', url: `${A}/audit?action=deposit.create&userId=${other.userId}`, as: admin })).json();
    expect(deposits.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ctx.call({ method: 'GET', url: `${A}/audit?actorId=${support.userId}&from=${today}&to=${today}`, as: admin })).json().total).toBe(2);
    expect((await ctx.call({ method: 'GET', url: `${A}/audit?actorId=${support.userId}&to=2000-01-01`, as: admin })).json().total).toBe(0);

    // The player's page (support may read it; the whole trail is for administrators).
    const page = await ctx.call({ method: 'GET', url: `${A}/user/audit?userId=${p.userId}`, as: support });
    expect(page.json().items.map((e: { action: string }) => e.action)).toEqual(['user.hold', 'deposit.create']);
    expect((await ctx.call({ method: 'GET', url: `${A}/audit`, as: support })).statusCode).toBe(403);
    expect((await ctx.call({ method: 'GET', url: `${A}/user/audit?userId=2000000000`, as: support })).statusCode).toBe(404);
    expect(errCode(await ctx.call({ method: 'GET', url: `${A}/audit?action=nope`, as: admin }))).toBe('INVALID_INPUT');
  });

  it('records settings, blocks, table creation and deletion with before and after', async () => {
    const admin = await ctx.staff('ADMIN');
    const current = (await ctx.call({ method: 'GET', url: `${A}/settings`, as: admin })).json();
    await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: { ...current, withdrawalMin: current.withdrawalMin + 1 } });
    await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: current });
    const name = `aud-${Date.now().toString(36)}`;
    await ctx.call({ method: 'POST', url: `${A}/block`, as: admin, payload: { name, content: { en: 'One', mn: 'Нэг' } } });
    await ctx.call({ method: 'PUT', url: `${A}/block/${name}`, as: admin, payload: { content: { en: 'Two', mn: 'Хоёр' } } });
    await ctx.call({ method: 'DELETE', url: `${A}/block/${name}`, as: admin });
    const t = await ctx.call({
      method: 'POST',
      url: `${A}/table`,
      as: admin,
      payload: { name: 'Audit new', variant: 'PO', smallBlind: 100, bigBlind: 200, minBuyIn: 4000, maxBuyIn: 8000, maxPlayers: 6 },
    });
    await ctx.call({ method: 'DELETE', url: `${A}/table?tableId=${t.json().tableId}`, as: admin });
    const all = await trail(sql`actor_id = ${admin.userId}`);
    expect(all.map((r) => r.action)).toEqual([
      'settings.update',
      'settings.update',
      'block.create',
      'block.update',
      'block.delete',
      'table.create',
      'table.delete',
    ]);
    expect(all[0]).toMatchObject({ before: { withdrawalMin: current.withdrawalMin }, after: { withdrawalMin: current.withdrawalMin + 1 } });
    expect(all[3]).toMatchObject({ object_id: name, before: { en: 'One' }, after: { en: 'Two' } });
    expect(all[6]).toMatchObject({ before: { name: 'Audit new' }, after: { deleted: true } });
    // Players' own actions are not staff actions.
    const p = await ctx.player({ balance: 30_000 });
    await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 10_000 } });
    expect(await trail(sql`actor_id = ${p.userId}`)).toEqual([]);
  });
});
