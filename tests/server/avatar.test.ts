// Player avatars (docs/table.md, Avatars): set and cleared through PATCH /me without a password,
// answered by /me (through its cache), refused outside the shared set with a 400, and carried in
// the seat that other players receive, as it was at the sit (a change shows from the next sit).
import { describe, expect, it } from 'vitest';
import { AVATAR_IDS } from '../../src/shared/avatars';
import type { SeatView, ServerMessage, TableView } from '../../src/shared/protocol';
import { applyTablePatch } from '../../src/shared/protocol';
import { ManualClock } from '../../src/server/core/clock';
import { errCode, setupApp, type TestUser } from './helpers/app';
import { createTable } from './helpers/tables';
import { listenForSockets } from './helpers/ws';

const ctx = setupApp({ live: { clock: new ManualClock(Date.now()), betweenHands: 60_000 } });
const U = '/api/v1/user';
const sockets = listenForSockets(ctx);

const patchMe = (as: TestUser, payload: unknown) => ctx.call({ method: 'PATCH', url: `${U}/me`, as, payload: payload as Record<string, unknown> });
const me = async (as: TestUser) => {
  const res = await ctx.call({ method: 'GET', url: `${U}/me`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { avatar?: string | null };
};

describe('choosing an avatar', () => {
  it('starts as none, is set and cleared without a password or a mail, and /me answers the change at once', async () => {
    const p = await ctx.player();
    const mails = ctx.mails.length;
    // Read first, so /me's cache holds the old copy: the change must drop it.
    expect((await me(p)).avatar).toBeNull();

    const set = await patchMe(p, { avatar: 'horse' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().avatar).toBe('horse');
    expect((await me(p)).avatar).toBe('horse');

    // Every id of the set is accepted.
    for (const id of AVATAR_IDS) expect((await patchMe(p, { avatar: id })).json().avatar).toBe(id);
    expect((await me(p)).avatar).toBe(AVATAR_IDS.at(-1));

    // Other changes leave it as it is.
    const other = await patchMe(p, { bank: 'KHAN' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().avatar).toBe(AVATAR_IDS.at(-1));

    const cleared = await patchMe(p, { avatar: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().avatar).toBeNull();
    expect((await me(p)).avatar).toBeNull();
    expect(ctx.mails.length).toBe(mails);
  });

  it('refuses an id outside the set or of the wrong type with 400 INVALID_INPUT on body.avatar, and keeps the old one', async () => {
    const p = await ctx.player();
    expect((await patchMe(p, { avatar: 'eagle' })).statusCode).toBe(200);
    for (const avatar of ['dragon', 'Horse', '', ' horse', 'x'.repeat(40), 5, true, {}, ['horse']]) {
      const res = await patchMe(p, { avatar });
      expect(res.statusCode, JSON.stringify(avatar)).toBe(400);
      expect(errCode(res)).toBe('INVALID_INPUT');
      const details = res.json().error.details as Array<{ path: string; message: string }>;
      expect(details.map((d) => d.path)).toContain('body.avatar');
    }
    expect((await patchMe(p, { avatar: 'dragon' })).json().error.message).toMatch(/Unknown avatar/);
    expect((await me(p)).avatar).toBe('eagle');
  });

  it('the administrators see it too', async () => {
    const p = await ctx.player();
    await patchMe(p, { avatar: 'camel' });
    const res = await ctx.call({ method: 'GET', url: `/api/v1/admin/user?userId=${p.userId}`, as: await ctx.admin() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().avatar).toBe('camel');
  });
});

/** A signed-in socket that keeps the table's view up to date. */
async function watcher(user: TestUser, tableId: number) {
  const s = await sockets.connect();
  let view: TableView | null = null;
  s.ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as ServerMessage;
    if (m.type !== 'GAME' || (m.action !== 'TABLE_STATE' && m.action !== 'TABLE_EVENT') || m.tableId !== tableId) return;
    view = m.action === 'TABLE_STATE' ? m.state : view && applyTablePatch(view, m.patch);
  });
  let n = 0;
  const request = async (msg: Record<string, unknown>) => {
    const requestId = `r${++n}`;
    s.send({ ...msg, requestId });
    const answer = await s.next((m) => (m.type === 'ACK' || m.type === 'ERROR') && m.requestId === requestId);
    expect(answer, JSON.stringify(msg)).toMatchObject({ type: 'ACK' });
  };
  await request({ type: 'AUTH', token: user.token });
  await request({ type: 'GAME', action: 'SUBSCRIBE', tableId });
  const seat = async (no: number, has: (seat: SeatView | null) => boolean) => {
    for (let i = 0; i < 200 && !(view && has(view.seats[no])); i++) await new Promise((r) => setTimeout(r, 20));
    return view!.seats[no];
  };
  return { s, request, seat };
}

describe('the avatar at the table', () => {
  it('is in the seat that other players receive, as it was at the sit; a change shows from the next sit; none shows null', async () => {
    const tableId = await createTable(ctx, 'Avatar table');
    const a = await ctx.player({ balance: 30_000 });
    const b = await ctx.player({ balance: 30_000 });
    expect((await patchMe(a, { avatar: 'eagle' })).statusCode).toBe(200);

    const sa = await watcher(a, tableId);
    await sa.request({ type: 'GAME', action: 'SIT', tableId, seat: 0, buyIn: 5000 });

    // Another player arriving gets the snapshot with it.
    const sb = await watcher(b, tableId);
    expect(await sb.seat(0, (s) => s?.userId === a.userId)).toMatchObject({ userId: a.userId, username: a.username, avatar: 'eagle' });

    // b, without an avatar, sits: a receives b's seat (a patch) with none.
    await sb.request({ type: 'GAME', action: 'SIT', tableId, seat: 3, buyIn: 5000 });
    const bSeat = await sa.seat(3, (s) => s?.userId === b.userId);
    expect(bSeat!.avatar).toBeNull();

    // A change while seated leaves the seat as it is...
    expect((await patchMe(a, { avatar: 'wolf' })).statusCode).toBe(200);
    // (a fresh snapshot is built from the seat: still the picture of the sit)
    const sd = await watcher(await ctx.player(), tableId);
    expect((await sd.seat(0, (s) => s?.userId === a.userId))!.avatar).toBe('eagle');
    expect((await sb.seat(0, (s) => s?.userId === a.userId))!.avatar).toBe('eagle');

    // ...and shows from the next sit.
    await sa.request({ type: 'GAME', action: 'LEAVE', tableId });
    await sb.seat(0, (s) => s === null);
    await sa.request({ type: 'GAME', action: 'SIT', tableId, seat: 1, buyIn: 5000 });
    expect((await sb.seat(1, (s) => s?.userId === a.userId))!.avatar).toBe('wolf');
    // A newcomer's snapshot says the same.
    const sc = await watcher(await ctx.player(), tableId);
    expect((await sc.seat(1, (s) => s?.userId === a.userId))!.avatar).toBe('wolf');

    await sa.request({ type: 'GAME', action: 'LEAVE', tableId });
    await sb.request({ type: 'GAME', action: 'LEAVE', tableId });
  });
});
