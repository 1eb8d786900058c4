// The WebSocket endpoint over a real socket: authentication, validation, limits, chat,
// balance and jackpot pushes, and two players playing a hand against each other.
import { describe, expect, it } from 'vitest';
import type { ServerMessage, TableView } from '../../src/shared/protocol';
import { applyTablePatch } from '../../src/shared/protocol';
import { verifyOpening } from '../../src/poker/fair';
import { ManualClock } from '../../src/server/core/clock';
import { setupApp, type TestUser } from './helpers/app';
import { createTable } from './helpers/tables';
import { connect, listenForSockets, signIn, type TestSocket } from './helpers/ws';

const clock = new ManualClock(Date.now());
const ctx = setupApp({ allowedOrigins: ['https://poker.example.mn'], live: { clock, betweenHands: 1000, socketLimits: { game: [40, 20], chat: [5, 1] } } });
const sockets = listenForSockets(ctx);

async function client(user?: TestUser, headers: Record<string, string> = {}) {
  const s = await sockets.connect(headers);
  if (user) await signIn(s, user);
  return s;
}

const isError = (code: string, requestId?: string) => (m: ServerMessage) =>
  m.type === 'ERROR' && m.code === code && (requestId === undefined || m.requestId === requestId);

describe('socket endpoint', () => {
  it('authenticates with a token and refuses a bad one', async () => {
    const s = await client();
    s.send({ type: 'AUTH', token: 'not-a-token', requestId: 'a1' });
    await s.next(isError('UNAUTHORIZED', 'a1'));
    s.send({ type: 'CHAT_MESSAGE', data: { text: 'hello' }, requestId: 'c1' });
    await s.next(isError('UNAUTHORIZED', 'c1'));
    const p = await ctx.player();
    s.send({ type: 'AUTH', token: p.token, requestId: 'a2' });
    await s.next((m) => m.type === 'ACK' && m.requestId === 'a2');
  });

  it('answers bad frames with ERROR and keeps the socket open', async () => {
    const s = await client(await ctx.player());
    s.sendRaw('{not json');
    await s.next(isError('BAD_JSON'));
    s.send({ type: 'GAME', action: 'BET', tableId: 1, requestId: 'b1', amount: -5 });
    await s.next(isError('BAD_MESSAGE', 'b1'));
    s.send({ type: 'NOPE' });
    await s.next(isError('BAD_MESSAGE'));
    s.sendRaw(Buffer.from([1, 2, 3]));
    await s.next(isError('BAD_MESSAGE'));
    s.send({ type: 'GAME', action: 'SUBSCRIBE', tableId: 999_999, requestId: 'x' });
    await s.next(isError('NOT_FOUND', 'x'));
    expect(s.ws.readyState).toBe(s.ws.OPEN);
  });

  it('closes the socket on a frame over 16 KB', async () => {
    const s = await client();
    s.sendRaw(JSON.stringify({ type: 'CHAT_MESSAGE', data: { text: 'x'.repeat(17 * 1024) } }));
    const { code } = await s.closed;
    expect(code).toBe(1009);
  });

  it('refuses an Origin outside the allow-list and accepts a listed one', async () => {
    await expect(connect(sockets.url, { origin: 'https://evil.example.com' })).rejects.toThrow('HTTP 403');
    const s = await client(undefined, { origin: 'https://poker.example.mn' });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
  });

  it('chat: stored, sent to everyone, length-checked and rate-limited', async () => {
    const a = await ctx.player();
    const sa = await client(a);
    const sb = await client(await ctx.player());
    sa.send({ type: 'CHAT_MESSAGE', data: { text: 'x'.repeat(301) }, requestId: 'long' });
    await sa.next(isError('BAD_MESSAGE', 'long'));
    sa.send({ type: 'CHAT_MESSAGE', data: { text: '  Сайн байна уу!  ' }, requestId: 'hi' });
    const got = await sb.next<Extract<ServerMessage, { type: 'CHAT_MESSAGE' }>>((m) => m.type === 'CHAT_MESSAGE' && m.data.userId === a.userId);
    expect(got.data).toMatchObject({ username: a.username, text: 'Сайн байна уу!', tableId: null });
    const history = await ctx.call({ method: 'GET', url: '/api/chat/messages?limit=50', as: a });
    expect(history.json().items.some((m: { id: number }) => m.id === got.data.id)).toBe(true);
    for (let i = 0; i < 10; i++) sa.send({ type: 'CHAT_MESSAGE', data: { text: `spam ${i}` }, requestId: `s${i}` });
    await sa.next(isError('RATE_LIMITED'));
  });

  it('pushes BALANCE_UPDATE to every tab of the player on a deposit', async () => {
    const p = await ctx.player();
    const tab1 = await client(p);
    const tab2 = await client(p);
    const other = await client(await ctx.player());
    await ctx.fund(p.userId, 12_345);
    for (const tab of [tab1, tab2]) {
      const m = await tab.next<Extract<ServerMessage, { type: 'BALANCE_UPDATE' }>>((x) => x.type === 'BALANCE_UPDATE');
      expect(m.data).toEqual({ userId: p.userId, balance: 12_345, locked: 0 });
    }
    expect(other.frames.some((m) => m.type === 'BALANCE_UPDATE')).toBe(false);
    // The dashboard counts people with an open, signed-in socket.
    const stats = await ctx.call({ method: 'GET', url: '/api/v1/admin/stats', as: await ctx.admin() });
    expect(stats.json().playersOnline).toBeGreaterThanOrEqual(2);
  });

  it('two players sit, play a hand to the showdown over the socket, see only their own cards, and leave with the right balances', async () => {
    const admin = await ctx.admin();
    const tableId = await createTable(ctx, 'Socket table');
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    const sa = await client(a);
    const sb = await client(b);
    const watcher = await client();
    const views = new Map<TestSocket, TableView>();
    const track = (s: TestSocket) => {
      s.ws.on('message', (d) => {
        const m = JSON.parse(String(d)) as ServerMessage;
        if (m.type !== 'GAME') return;
        if (m.action === 'TABLE_STATE') views.set(s, m.state);
        if (m.action === 'TABLE_EVENT') views.set(s, applyTablePatch(views.get(s)!, m.patch));
      });
    };
    for (const s of [sa, sb, watcher]) {
      track(s);
      s.send({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: 'sub' });
      await s.next((m) => m.type === 'ACK' && m.requestId === 'sub');
    }
    sa.send({ type: 'GAME', action: 'SIT', tableId, requestId: 'sit', seat: 0, buyIn: 10_000 });
    await sa.next((m) => m.type === 'ACK' && m.requestId === 'sit');
    sb.send({ type: 'GAME', action: 'SIT', tableId, requestId: 'sit', seat: 3, buyIn: 10_000 });
    await sb.next((m) => m.type === 'ACK' && m.requestId === 'sit');
    await sa.next((m) => m.type === 'BALANCE_UPDATE' && m.data.locked === 10_000);
    // The lobby hears the seat count without polling.
    await watcher.next((m) => m.type === 'GAME' && m.action === 'LOBBY_UPDATE' && m.tableId === tableId && m.players === 2);
    // A seated player adds entropy to the next shuffle, answering the published commitment;
    // nobody else can.
    const committed = views.get(sa)!.nextSeedHash;
    expect(committed).toMatch(/^[0-9a-f]{64}$/);
    const entropy = '5a'.repeat(32);
    sa.send({ type: 'GAME', action: 'ENTROPY', tableId, requestId: 'ent', entropy });
    await sa.next((m) => m.type === 'ACK' && m.requestId === 'ent');
    sa.send({ type: 'GAME', action: 'ENTROPY', tableId, requestId: 'ent-bad', entropy: 'xyz' });
    await sa.next(isError('BAD_MESSAGE', 'ent-bad'));
    watcher.send({ type: 'GAME', action: 'ENTROPY', tableId, requestId: 'ent-w', entropy });
    await watcher.next(isError('UNAUTHORIZED', 'ent-w'));
    const stranger = await client(await ctx.player());
    stranger.send({ type: 'GAME', action: 'ENTROPY', tableId, requestId: 'ent-s', entropy });
    await stranger.next(isError('NOT_SEATED', 'ent-s'));

    const wait = () => new Promise((r) => setTimeout(r, 30));
    for (let i = 0; i < 40 && !views.get(sa)?.hand; i++) {
      clock.advance(500);
      await wait();
    }
    expect(views.get(sa)!.hand).toBeTruthy();
    // The hand uses the committed server seed and lists the entropy mixed in; a new commitment
    // is out for the next hand.
    expect(views.get(sa)!.hand!.seedHash).toBe(committed);
    expect(views.get(sa)!.hand!.entropy).toEqual([{ seat: 0, entropy }]);
    expect(views.get(sa)!.hand!.cardsRoot).toMatch(/^[0-9a-f]{64}$/);
    expect(views.get(sa)!.nextSeedHash).not.toBe(committed);
    expect(views.get(sa)!.seats[0]!.cards).toHaveLength(2);
    expect(views.get(sa)!.seats[3]!.cards).toBeNull();
    expect(views.get(sb)!.seats[3]!.cards).toHaveLength(2);
    expect(views.get(sb)!.seats[0]!.cards).toBeNull();
    expect(views.get(watcher)!.seats.every((s) => !s || s.cards === null)).toBe(true);

    // Check or call down; the acting player's own view carries the legal actions.
    let n = 0;
    for (let i = 0; i < 200; i++) {
      const hand = views.get(watcher)!.hand;
      if (!hand || hand.toAct === null) {
        if (views.get(watcher)?.lastHand) break;
        await wait();
        continue;
      }
      const s = hand.toAct === 0 ? sa : sb;
      const legal = views.get(s)!.hand?.legal;
      if (!legal) {
        await wait();
        continue;
      }
      const rid = `act${n++}`;
      s.send({ type: 'GAME', action: legal.canCheck ? 'CHECK' : 'CALL', tableId, requestId: rid });
      await s.next((m) => (m.type === 'ACK' || m.type === 'ERROR') && m.requestId === rid);
      await wait();
    }
    const ended = await watcher.next<Extract<ServerMessage, { type: 'GAME' }>>(
      (m) => m.type === 'GAME' && m.action === 'TABLE_EVENT' && m.event.kind === 'HAND_ENDED',
    );
    const last = views.get(watcher)!.lastHand!;
    // The seed would rebuild the burnt cards (and any mucked hand): it is not published.
    expect(last.seed).toBeNull();
    expect(ended.action === 'TABLE_EVENT' && ended.event.kind === 'HAND_ENDED' && ended.event.seed).toBeNull();
    // Openings prove the board against the root published before the deal; each player also
    // gets the openings of their own cards, and only them.
    expect(last.openings.map((o) => o.card)).toEqual(expect.arrayContaining(views.get(watcher)!.hand!.board));
    expect(last.openings.every((o) => verifyOpening(last.cardsRoot, o))).toBe(true);
    expect(last.mine).toEqual([]);
    const mineA = views.get(sa)!.lastHand!.mine;
    expect(mineA.map((o) => o.card).sort()).toEqual([...views.get(sa)!.seats[0]!.cards!].sort());
    expect(mineA.every((o) => verifyOpening(last.cardsRoot, o))).toBe(true);
    expect(
      views
        .get(sb)!
        .lastHand!.mine.map((o) => o.card)
        .sort(),
    ).toEqual([...views.get(sb)!.seats[3]!.cards!].sort());
    // The showdown reveals what was dealt; the watcher now sees the winner's cards.
    expect(views.get(watcher)!.seats.some((s) => s?.cards?.length === 2)).toBe(true);
    // A raked pot fed the jackpot: every socket hears of it.
    await watcher.next((m) => m.type === 'GAME' && m.action === 'JACKPOT_UPDATE');

    for (const [s, rid] of [
      [sa, 'la'],
      [sb, 'lb'],
    ] as const) {
      s.send({ type: 'GAME', action: 'LEAVE', tableId, requestId: rid });
      await s.next((m) => m.type === 'ACK' && m.requestId === rid);
    }
    const balances = await Promise.all([a, b].map((u) => ctx.services.ledger.balances(ctx.services.db, u.userId)));
    expect(balances.every((x) => x.locked === 0)).toBe(true);
    const rake = (await ctx.call({ method: 'GET', url: `/api/v1/admin/table/session?tableId=${tableId}`, as: admin })).json().items[0].summary;
    expect(balances[0].available + balances[1].available + rake.rake + rake.jackpotContribution).toBe(40_000);
    // Each player's history shows the hand, with the other's cards hidden unless shown.
    const mine = (await ctx.call({ method: 'GET', url: `/api/v1/user/hand?tableId=${tableId}`, as: a })).json();
    expect(mine.total).toBe(1);
    expect(mine.items[0].phh).toContain('d dh p');
  });
});

describe('wallet limits', () => {
  it('tells players the withdrawal bounds from the settings', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/user/wallet/limits' });
    const settings = await ctx.services.settings.get();
    expect(res.json()).toEqual({ withdrawalMin: settings.withdrawalMin, withdrawalMax: settings.withdrawalMax });
  });
});
