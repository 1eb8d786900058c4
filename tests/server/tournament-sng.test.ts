// A sit & go played through the real server (docs/tournaments.md, Server): house bots fill it (the
// administrator's route, audited), it
// starts when full, its director deals every hand at a tournament table, and it plays to a
// winner; places 1..6, prizes exact in the wallets, the pool emptied, every hand in PHH.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parsePhh } from '../../src/poker';
import { rows } from '../../src/server/db/client';
import * as money from '../../src/server/tournaments/money';
import { setupApp } from './helpers/app';
import { FAST_LEVELS, sixMaxSng, waitFor } from './helpers/tournament';

const ctx = setupApp({ live: { fastBots: true, betweenHands: 0, botIterations: 10, tournamentTickMs: 100 } });

describe('sit & go with house bots', () => {
  it('fills with bots, starts when full and plays to a winner; prizes exact, pool empty, hands in PHH', async () => {
    const admin = await ctx.admin();
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      as: admin,
      payload: sixMaxSng('Bot SNG', FAST_LEVELS),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    // The administrator's route: six house bots register (and pay) and the sit & go starts full.
    const bots = await ctx.call({ method: 'POST', url: `/api/v1/admin/tournament/${id}/bots`, as: admin, payload: { count: 8 } });
    expect(bots.statusCode, bots.body).toBe(200);
    expect(bots.json().entrants).toBe(6);
    const audited = await rows<{ action: string; actor_id: number }>(
      ctx.services.db,
      sql`SELECT action, actor_id FROM audit_log WHERE object_type = 'tournament' AND object_id = ${String(id)} AND action = 'tournament.bots'`,
    );
    expect(audited).toHaveLength(6);
    expect(audited.every((a) => a.actor_id === admin.userId)).toBe(true);
    const bad = await ctx.call({ method: 'POST', url: `/api/v1/admin/tournament/${id}/bots`, as: admin, payload: { count: 0 } });
    expect(bad.statusCode).toBe(400);
    // Full and started: more bots are refused in words, not silently ignored.
    const late = await ctx.call({ method: 'POST', url: `/api/v1/admin/tournament/${id}/bots`, as: admin, payload: { count: 1 } });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'REGISTRATION_CLOSED']);
    // The lobby lists no tournament table among the cash tables.
    const tournamentTables = async () =>
      (await rows<{ id: number }>(ctx.services.db, sql`SELECT id FROM poker_tables WHERE tournament_id = ${id}`)).map((r) => r.id);
    await waitFor(async () => (await tournamentTables()).length > 0, 10_000);
    const lobby = (await ctx.call({ method: 'GET', url: '/api/v1/user/table?perPage=100' })).json();
    expect(lobby.items.map((t: { tableId: number }) => t.tableId)).not.toContain((await tournamentTables())[0]);

    await waitFor(async () => (await ctx.call({ method: 'GET', url: `/api/v1/user/tournament/${id}` })).json().status === 'finished', 50_000);
    const detail = (await ctx.call({ method: 'GET', url: `/api/v1/user/tournament/${id}` })).json();
    const places = detail.entries.map((e: { place: number }) => e.place).sort((a: number, b: number) => a - b);
    expect(places).toEqual([1, 2, 3, 4, 5, 6]);
    const byPlace = new Map(detail.entries.map((e: { place: number; prize: number }) => [e.place, e.prize]));
    expect([byPlace.get(1), byPlace.get(2), byPlace.get(3)]).toEqual([39_000, 21_000, 0]);
    expect(await money.poolBalance(ctx.services.ledger, ctx.services.db, id)).toBe(0);
    // Every prize reached a wallet through the ledger, exactly.
    const prizes = await rows<{ user_id: number; amount: number }>(
      ctx.services.db,
      sql`SELECT a.user_id, t.amount FROM transfers t JOIN accounts a ON a.id = t.credit_account_id
          WHERE t.kind = 'TOURNAMENT_PRIZE' AND t.reference = ${`T${id}`} ORDER BY t.amount DESC`,
    );
    expect(prizes.map((p) => p.amount)).toEqual([39_000, 21_000]);
    const winner = detail.entries.find((e: { place: number }) => e.place === 1);
    expect(prizes[0].user_id).toBe(winner.userId);
    expect(detail.entries.every((e: { isBot: boolean }) => e.isBot)).toBe(true);

    const hands = await rows<{ id: number; phh: string; status: string }>(
      ctx.services.db,
      sql`SELECT id, phh, status FROM hands WHERE table_id IN (SELECT id FROM poker_tables WHERE tournament_id = ${id}) ORDER BY id`,
    );
    expect(hands.length).toBeGreaterThan(3);
    expect(hands.every((h) => h.status === 'settled')).toBe(true);
    for (const h of hands) expect(parsePhh(h.phh).ok, `hand ${h.id}`).toBe(true);
    // The tables closed with the tournament.
    expect(ctx.app.live.registry.get((await tournamentTables())[0])).toBeUndefined();
  });
});
