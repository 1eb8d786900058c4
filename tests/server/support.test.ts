// Support notes, chat moderation and the reports per day and month.
import { describe, expect, it } from 'vitest';
import { reportRange } from '../../src/server/room/reports';
import { setupApp } from './helpers/app';

const ctx = setupApp();
const A = '/api/v1/admin';

describe('support notes', () => {
  it('staff write and read notes on a user, newest first, each audited', async () => {
    const support = await ctx.staff();
    const admin = await ctx.staff('ADMIN');
    const p = await ctx.player();
    const note = (as: typeof support, text: string) => ctx.call({ method: 'POST', url: `${A}/user/note`, as, payload: { userId: p.userId, text } });
    expect((await note(support, 'Called: asks about the limits')).statusCode).toBe(201);
    expect((await note(admin, 'Limits explained')).json()).toMatchObject({ userId: p.userId, author: admin.username, text: 'Limits explained' });
    const list = (await ctx.call({ method: 'GET', url: `${A}/user/note?userId=${p.userId}`, as: support })).json();
    expect(list.total).toBe(2);
    expect(list.items.map((n: { author: string }) => n.author)).toEqual([admin.username, support.username]);
    expect((await note(support, '   ')).statusCode).toBe(400);
    expect((await ctx.call({ method: 'POST', url: `${A}/user/note`, as: support, payload: { userId: 2000000000, text: 'x' } })).statusCode).toBe(404);
    const trail = (await ctx.call({ method: 'GET', url: `${A}/user/audit?userId=${p.userId}`, as: support })).json();
    expect(trail.items.map((e: { action: string }) => e.action)).toEqual(['user.note', 'user.note']);
  });
});

describe('chat moderation', () => {
  it('a hidden message leaves the chat history and stays in the staff list', async () => {
    const support = await ctx.staff();
    const p = await ctx.player();
    const m = await ctx.services.chat.post(p.userId, 'buy chips cheap at example.com');
    await ctx.services.chat.post(p.userId, 'gl all');
    const hide = await ctx.call({ method: 'DELETE', url: `${A}/chat?id=${m.id}`, as: support });
    expect(hide.json()).toMatchObject({ id: m.id, hiddenBy: support.username, hiddenAt: expect.any(String) });
    expect((await ctx.call({ method: 'DELETE', url: `${A}/chat?id=${m.id}`, as: support })).statusCode).toBe(409);
    const shown = (await ctx.call({ method: 'GET', url: '/api/chat/messages', as: p })).json();
    expect(shown.items.map((x: { text: string }) => x.text)).not.toContain('buy chips cheap at example.com');
    expect(shown.items.map((x: { text: string }) => x.text)).toContain('gl all');
    const staffList = (await ctx.call({ method: 'GET', url: `${A}/chat?userId=${p.userId}&hidden=true`, as: support })).json();
    expect(staffList.items.map((x: { id: number }) => x.id)).toEqual([m.id]);
    expect((await ctx.call({ method: 'DELETE', url: `${A}/chat?id=2000000000`, as: support })).statusCode).toBe(404);
  });
});

describe('reports', () => {
  it('sums deposits and withdrawals per day and month, newest first, with empty periods', async () => {
    const admin = await ctx.staff('ADMIN');
    const p = await ctx.player({ balance: 80_000 });
    const w = await ctx.services.wallet.createWithdrawal(p.userId, 30_000);
    await ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${w.id}`, as: admin });
    const today = new Date().toISOString().slice(0, 10);
    const days = (await ctx.call({ method: 'GET', url: `${A}/report?period=day`, as: admin })).json();
    expect(days.total).toBe(30);
    expect(days.items).toHaveLength(25);
    expect(days.items[0]).toMatchObject({ id: today, period: 'day' });
    expect(days.items[0].deposits).toBeGreaterThanOrEqual(80_000);
    expect(days.items[0].withdrawals).toBeGreaterThanOrEqual(30_000);
    expect(days.items[0].registrations).toBeGreaterThanOrEqual(1);
    expect(days.items[1]).toMatchObject({ deposits: 0, withdrawals: 0, rake: 0, jackpot: 0, activePlayers: 0 });
    const months = (await ctx.call({ method: 'GET', url: `${A}/report?period=month&order=ASC&perPage=100`, as: admin })).json();
    expect(months.total).toBe(12);
    expect(months.items.at(-1)).toMatchObject({ id: today.slice(0, 7), period: 'month' });
    expect(months.items.at(-1).deposits).toBe(days.items[0].deposits);
    const bad = await ctx.call({ method: 'GET', url: `${A}/report?from=2025-02-01&to=2025-01-01`, as: admin });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `${A}/report?from=1990-01-01`, as: admin })).statusCode).toBe(400);
  });

  it('computes the range of a report', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(reportRange({ period: 'day' }, now)).toEqual({ from: '2026-10-26', to: '2026-11-24', count: 30 });
    expect(reportRange({ period: 'month' }, now)).toEqual({ from: '2025-12-01', to: '2026-11-01', count: 12 });
    expect(reportRange({ period: 'month', from: '2026-01-15', to: '2026-03-02' }, now)).toEqual({ from: '2026-01-01', to: '2026-03-01', count: 3 });
  });
});
