// Hand starts and settlements from many tables at once go to the database in groups: every hand
// still gets its own record, its players and its money, exactly once; a bad hand in a group fails
// alone.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { setupApp } from './helpers/app';

const ctx = setupApp();

async function tables(n: number) {
  const admin = await ctx.admin();
  const out: Array<{ tableId: number; a: number; b: number }> = [];
  for (let i = 0; i < n; i++) {
    const t = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/table',
      as: admin,
      payload: { name: `G${i}`, variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 1000, maxBuyIn: 10000, maxPlayers: 6, rakePercent: 5, rakeCap: 500 },
    });
    const tableId = t.json().tableId as number;
    const [a, b] = await Promise.all([ctx.player({ balance: 5000 }), ctx.player({ balance: 5000 })]);
    for (const p of [a, b]) await ctx.app.live.store.buyIn(tableId, p.userId, 5000, false, `g-buy-${tableId}-${p.userId}`);
    out.push({ tableId, a: a.userId, b: b.userId });
  }
  return out;
}

describe('group commit of hands', () => {
  it("starts and settles eight tables' hands at once in fewer statements, each exactly", async () => {
    const store = ctx.app.live.store;
    const ts = await tables(8);
    const atomic = vi.spyOn(ctx.services.ledger, 'transferAtomic');
    const jackpotBefore = await ctx.services.ledger.houseBalance(ctx.services.db, 'jackpot');
    const handIds = await Promise.all(
      ts.map((t) =>
        store.startHand(t.tableId, 1, 'ab'.repeat(32), [
          { userId: t.a, seat: 0, stack: 5000 },
          { userId: t.b, seat: 1, stack: 5000 },
        ]),
      ),
    );
    expect(new Set(handIds).size).toBe(8);
    const results = await Promise.all(
      ts.map((t, i) =>
        store.settleHand({
          tableId: t.tableId,
          handId: handIds[i],
          seed: 'cd'.repeat(32),
          phh: `hand ${i}`,
          summary: { i },
          rake: 10,
          jackpotContribution: 2,
          players: [
            { userId: t.a, seat: 0, isBot: false, startStack: 5000, endStack: 5000 - 100 * (i + 1) },
            { userId: t.b, seat: 1, isBot: false, startStack: 5000, endStack: 5000 + 100 * (i + 1) - 12 },
          ],
          badBeat: null,
        }),
      ),
    );
    expect(atomic.mock.calls.length).toBeLessThan(8); // grouped
    atomic.mockRestore();
    expect(results.every((r) => r.jackpot === jackpotBefore + 16)).toBe(true);
    const hands = (
      await ctx.services.db.execute(
        sql`SELECT id, status, phh FROM hands WHERE id IN (${sql.join(
          handIds.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY id`,
      )
    ).rows as Array<{ id: number; status: string; phh: string }>;
    expect(hands.map((h) => h.status)).toEqual(Array(8).fill('settled'));
    expect(hands.map((h) => h.phh).sort()).toEqual(ts.map((_, i) => `hand ${i}`).sort());
    const players = (
      await ctx.services.db.execute(
        sql`SELECT count(*)::int AS n FROM hand_players WHERE hand_id IN (${sql.join(
          handIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    ).rows[0] as { n: number };
    expect(Number(players.n)).toBe(16);
    for (const [i, t] of ts.entries()) {
      expect((await ctx.services.ledger.balances(ctx.services.db, t.a)).tables).toBe(5000 - 100 * (i + 1));
      expect((await ctx.services.ledger.balances(ctx.services.db, t.b)).tables).toBe(5000 + 100 * (i + 1) - 12);
    }
    // Everyone goes home so the conservation check balances.
    for (const [i, t] of ts.entries()) {
      await store.cashOut(t.tableId, t.a, 5000 - 100 * (i + 1), false, `g-out-${t.tableId}-a`);
      await store.cashOut(t.tableId, t.b, 5000 + 100 * (i + 1) - 12, false, `g-out-${t.tableId}-b`);
    }
  });

  it('a hand that cannot settle fails alone; the others in its group settle', async () => {
    const store = ctx.app.live.store;
    const ts = await tables(3);
    const handIds = await Promise.all(
      ts.map((t) =>
        store.startHand(t.tableId, 1, 'ab'.repeat(32), [
          { userId: t.a, seat: 0, stack: 5000 },
          { userId: t.b, seat: 1, stack: 5000 },
        ]),
      ),
    );
    const settle = (i: number, loss: number) =>
      store.settleHand({
        tableId: ts[i].tableId,
        handId: handIds[i],
        seed: 'cd'.repeat(32),
        phh: 'x',
        summary: {},
        rake: 0,
        jackpotContribution: 0,
        players: [
          { userId: ts[i].a, seat: 0, isBot: false, startStack: 5000, endStack: 5000 - loss },
          { userId: ts[i].b, seat: 1, isBot: false, startStack: 5000, endStack: 5000 + loss },
        ],
        badBeat: null,
      });
    // The middle hand claims a loss larger than the chips on the table: the ledger refuses it.
    const results = await Promise.allSettled([settle(0, 300), settle(1, 9000), settle(2, 700)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const status = (
      await ctx.services.db.execute(
        sql`SELECT status FROM hands WHERE id IN (${sql.join(
          handIds.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY id`,
      )
    ).rows.map((r) => (r as { status: string }).status);
    expect(status).toEqual(['settled', 'running', 'settled']);
    expect((await ctx.services.ledger.balances(ctx.services.db, ts[1].a)).tables).toBe(5000);
    await store.voidHand(handIds[1], 'test', ts[1].tableId);
    for (const [i, loss] of [
      [0, 300],
      [1, 0],
      [2, 700],
    ] as const) {
      await store.cashOut(ts[i].tableId, ts[i].a, 5000 - loss, false, `g2-out-${ts[i].tableId}-a`);
      await store.cashOut(ts[i].tableId, ts[i].b, 5000 + loss, false, `g2-out-${ts[i].tableId}-b`);
    }
  });
});
