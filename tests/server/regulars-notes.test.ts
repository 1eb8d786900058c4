// Notes and colour tags on opponents (issue 33): the author's alone, on a real other player, a
// tag from the fixed list, a note of bounded length; DELETE removes both.
import { describe, expect, it } from 'vitest';
import { errCode, setupApp } from './helpers/app';

const ctx = setupApp();
const NOTES = '/api/v1/user/notes';

describe('notes on opponents', () => {
  it('sets, lists, replaces and deletes a note visible to its author only', async () => {
    const [me, them, other] = [await ctx.player(), await ctx.player(), await ctx.player()];
    const put = await ctx.call({ method: 'PUT', url: `${NOTES}/${them.userId}`, as: me, payload: { tag: 'red', note: '  Calls every river  ' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ userId: them.userId, username: them.username, tag: 'red', note: 'Calls every river' });
    const again = await ctx.call({ method: 'PUT', url: `${NOTES}/${them.userId}`, as: me, payload: { tag: null, note: 'Folds to 3-bets' } });
    expect(again.json()).toMatchObject({ tag: null, note: 'Folds to 3-bets' });
    await ctx.call({ method: 'PUT', url: `${NOTES}/${me.userId}`, as: other, payload: { tag: 'green', note: '' } });

    const mine = (await ctx.call({ method: 'GET', url: NOTES, as: me })).json();
    expect(mine.items).toEqual([expect.objectContaining({ userId: them.userId, tag: null, note: 'Folds to 3-bets' })]);
    // Nobody else reads it: the other player sees only their own note, the subject sees nothing.
    expect((await ctx.call({ method: 'GET', url: NOTES, as: other })).json().items.map((n: { userId: number }) => n.userId)).toEqual([me.userId]);
    expect((await ctx.call({ method: 'GET', url: NOTES, as: them })).json().items).toEqual([]);

    // Deleting someone else's note is impossible: the path names the subject, the author is the caller.
    expect((await ctx.call({ method: 'DELETE', url: `${NOTES}/${me.userId}`, as: them })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: NOTES, as: other })).json().items).toHaveLength(1);
    expect((await ctx.call({ method: 'DELETE', url: `${NOTES}/${them.userId}`, as: me })).json()).toEqual({ ok: true });
    expect((await ctx.call({ method: 'GET', url: NOTES, as: me })).json().items).toEqual([]);
    expect((await ctx.call({ method: 'DELETE', url: `${NOTES}/${them.userId}`, as: me })).statusCode).toBe(200);
  });

  it('refuses a note on oneself, on nobody, with an unknown colour, too long, or empty', async () => {
    const [me, them] = [await ctx.player(), await ctx.player()];
    const put = (userId: number | string, payload: unknown) => ctx.call({ method: 'PUT', url: `${NOTES}/${userId}`, as: me, payload: payload as object });
    const self = await put(me.userId, { tag: 'red', note: '' });
    expect([self.statusCode, errCode(self)]).toEqual([400, 'INVALID_INPUT']);
    const nobody = await put(99_999_999, { tag: 'red', note: '' });
    expect([nobody.statusCode, errCode(nobody)]).toEqual([404, 'NOT_FOUND']);
    for (const body of [
      { tag: 'pink', note: 'x' },
      { tag: null, note: 'x'.repeat(1001) },
      { tag: null, note: '   ' },
      { note: 'x' },
      { tag: null, note: 'x', userId: 1 },
    ])
      expect((await put(them.userId, body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    expect((await put('abc', { tag: 'red', note: '' })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: NOTES })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: NOTES, as: me })).json().items).toEqual([]);
  });
});

describe('web push without VAPID keys', () => {
  it('says push is off and stores nothing', async () => {
    const p = await ctx.player();
    const key = await ctx.call({ method: 'GET', url: '/api/v1/user/push/key', as: p });
    expect([key.statusCode, errCode(key)]).toEqual([404, 'PUSH_DISABLED']);
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
    const put = await ctx.call({
      method: 'PUT',
      url: '/api/v1/user/push/subscription',
      as: p,
      payload: { endpoint: 'https://push.example/1', keys, kinds: ['cashier'], language: 'en' },
    });
    expect([put.statusCode, errCode(put)]).toEqual([404, 'PUSH_DISABLED']);
    expect(await ctx.services.push.notify([p.userId], { kind: 'cashier', url: '/', ttl: 1, urgency: 'normal', word: () => ({ title: 't', body: 'b' }) })).toBe(
      0,
    );
  });
});
