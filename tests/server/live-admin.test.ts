// Administration of live tables over HTTP, and the provably fair check of a played hand.
import { describe, expect, it } from 'vitest';
import { auditDeal, cardToString, seedCommitment, verifyOpening } from '../../src/poker';
import { ManualClock } from '../../src/server/core/clock';
import { errCode, setupApp } from './helpers/app';
import { quiet as quietTable } from './helpers/quiet';

const clock = new ManualClock();
const ctx = setupApp({ live: { clock, fastBots: true, betweenHands: 500, botIterations: 20 } });

const quiet = (tableId: number, ms = 0) => quietTable(ctx.app, clock, tableId, ms);

async function table(over: Record<string, unknown> = {}) {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/admin/table',
    as: await ctx.admin(),
    payload: { name: 'Live', variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2000, maxBuyIn: 10000, maxPlayers: 6, ...over },
  });
  expect(res.statusCode).toBe(201);
  return res.json().tableId as number;
}

describe('live table administration', () => {
  it('starts and stops simulation (admin only), bots show in the lobby count', async () => {
    const tableId = await table();
    const player = await ctx.player();
    expect((await ctx.call({ method: 'PUT', url: `/api/v1/admin/table/simulate?tableId=${tableId}`, as: player })).statusCode).toBe(403);
    expect((await ctx.call({ method: 'PUT', url: `/api/v1/admin/table/simulate?tableId=${tableId}` })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'PUT', url: '/api/v1/admin/table/simulate?tableId=abc', as: await ctx.admin() })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'PUT', url: '/api/v1/admin/table/simulate?tableId=999999', as: await ctx.admin() })).statusCode).toBe(404);
    const on = await ctx.call({ method: 'PUT', url: `/api/v1/admin/table/simulate?tableId=${tableId}`, as: await ctx.admin() });
    expect(on.json()).toEqual({ tableId, simulation: true, bots: 4 });
    const lobby = await ctx.call({ method: 'GET', url: '/api/v1/user/table?perPage=100' });
    expect(lobby.json().items.find((t: { tableId: number }) => t.tableId === tableId).players).toBe(4);
    // Seated bots block deletion until they are gone.
    const del = await ctx.call({ method: 'DELETE', url: `/api/v1/admin/table?tableId=${tableId}`, as: await ctx.admin() });
    expect(del.statusCode).toBe(409);
    await quiet(tableId, 1000);
    const off = await ctx.call({ method: 'DELETE', url: `/api/v1/admin/table/simulate?tableId=${tableId}`, as: await ctx.admin() });
    expect(off.json().simulation).toBe(false);
    // The bots leave when the hand in play ends: give it up to 30 s of table time.
    for (let i = 0; i < 30 && ctx.app.live.registry.get(tableId)!.playerCount() > 0; i++) await quiet(tableId, 1000);
    expect(ctx.app.live.registry.get(tableId)!.playerCount()).toBe(0);
    expect((await ctx.call({ method: 'DELETE', url: `/api/v1/admin/table?tableId=${tableId}`, as: await ctx.admin() })).statusCode).toBe(200);
    expect(ctx.app.live.registry.get(tableId)).toBeUndefined();
  });

  it('kicks a player: chips go home; kicking someone not seated is a 404', async () => {
    const tableId = await table();
    const actor = ctx.app.live.registry.get(tableId)!;
    const p = await ctx.player({ balance: 10_000 });
    expect(await actor.handle({ kind: 'sit', user: { userId: p.userId, username: p.username }, seat: 0, buyIn: 5000 })).toEqual({ ok: true });
    const outsider = await ctx.player();
    const miss = await ctx.call({ method: 'DELETE', url: `/api/v1/admin/table/kick?tableId=${tableId}&userId=${outsider.userId}`, as: await ctx.admin() });
    expect(miss.statusCode).toBe(404);
    expect(errCode(miss)).toBe('NOT_SEATED');
    expect((await ctx.call({ method: 'DELETE', url: `/api/v1/admin/table/kick?tableId=${tableId}&userId=${p.userId}`, as: p })).statusCode).toBe(403);
    const kicked = await ctx.call({ method: 'DELETE', url: `/api/v1/admin/table/kick?tableId=${tableId}&userId=${p.userId}`, as: await ctx.admin() });
    expect(kicked.json()).toEqual({ ok: true });
    expect(actor.seatOf(p.userId)).toBeNull();
    expect(await ctx.services.ledger.balances(ctx.services.db, p.userId)).toMatchObject({ available: 10_000, locked: 0 });
  });

  it('a played hand is provably fair: the auditor rebuilds the committed deck, a player gets proofs of what they saw and nothing else', async () => {
    const tableId = await table();
    const actor = ctx.app.live.registry.get(tableId)!;
    const a = await ctx.player({ balance: 10_000 });
    const b = await ctx.player({ balance: 10_000 });
    await actor.handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 0, buyIn: 5000 });
    await actor.handle({ kind: 'sit', user: { userId: b.userId, username: b.username }, seat: 1, buyIn: 5000 });
    await quiet(tableId, 1000);
    const published = actor.viewFor(null).hand!.seedHash;
    const root = actor.viewFor(null).hand!.cardsRoot;
    // Heads-up: the button (small blind) folds at once.
    const toAct = actor.viewFor(null).hand!.toAct!;
    const mover = actor.viewFor(null).seats[toAct]!.userId;
    expect(await actor.handle({ kind: 'act', userId: mover, action: { kind: 'fold' } })).toEqual({ ok: true });
    await quiet(tableId);
    const sessions = await ctx.call({ method: 'GET', url: `/api/v1/admin/table/session?tableId=${tableId}`, as: await ctx.admin() });
    const hand = sessions.json().items[0];
    expect(hand.seedHash).toBe(published);
    expect(hand.cardsRoot).toBe(root);
    // The administrator (auditor) has the server seed: it matches the commitment, and with the
    // players' entropy it rebuilds the deck whose root was published before the deal.
    expect(seedCommitment(hand.seed)).toBe(published);
    const audited = auditDeal({ serverSeed: hand.seed, seedHash: hand.seedHash, entropy: hand.entropy, cardsRoot: hand.cardsRoot });
    expect(audited).not.toBeNull();
    // Dealing goes one card at a time round the table, starting left of the button.
    const deck = audited!.map(cardToString);
    const players = hand.summary.players as Array<{ cards: string[] }>;
    expect(players.map((p) => p.cards)).toEqual([
      [deck[0], deck[2]],
      [deck[1], deck[3]],
    ]);
    // Each player's own history hides the other's unshown cards.
    const mine = (await ctx.call({ method: 'GET', url: `/api/v1/user/hand/${hand.handId}`, as: a })).json();
    const aIndex = players.findIndex((_, i) => hand.summary.players[i].userId === a.userId);
    expect(mine.phh).toContain(`"d dh p${aIndex + 1} ${players[aIndex].cards.join('')}"`);
    expect(mine.phh).toContain(`"d dh p${2 - aIndex} ????"`);
    // No seed for the player (it would rebuild the folded hand); openings of their own cards only.
    expect(mine.seed).toBeNull();
    expect(mine.cardsRoot).toBe(root);
    expect(mine.openings.map((o: { card: string }) => o.card).sort()).toEqual([...players[aIndex].cards].sort());
    expect(mine.openings.every((o: unknown) => verifyOpening(root, o))).toBe(true);
    expect(JSON.stringify(mine)).not.toContain(hand.seed);
    for (const c of players[1 - aIndex].cards) expect(JSON.stringify(mine)).not.toContain(`"${c}"`);
    const other = await ctx.call({ method: 'GET', url: `/api/v1/user/hand/${hand.handId}`, as: await ctx.player() });
    expect(other.statusCode).toBe(404);
    await actor.handle({ kind: 'leave', userId: a.userId });
    await actor.handle({ kind: 'leave', userId: b.userId });
    await quiet(tableId);
  });
});
