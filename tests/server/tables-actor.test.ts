// The table actor against the real database: what its moves do to the ledger and the hand rows.
// Its rules (seating, blinds, turns, timeouts, bots, views, held results) run once, without a
// database, in tests/server/unit/actor-*.test.ts on the in-memory store.
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/core/clock';
import { TableActor } from '../../src/server/tables/actor';
import type { HandSettlement, SettlementResult, TableStore } from '../../src/server/tables/store';
import { deckFromSeed } from '../../src/poker/fair';
import { seatStacks, ticks } from './helpers/actor';
import { setupApp } from './helpers/app';
import { createTable } from './helpers/tables';

const clock = new ManualClock();
const ctx = setupApp({ live: { clock, fastBots: true, betweenHands: 2000, botIterations: 20 } });

/** Lets queued commands, timers and database calls run until the table is quiet. */
async function settle(actor: TableActor, ms = 0) {
  for (let i = 0; i < 20; i++) {
    clock.advance(i === 0 ? ms : 0);
    await actor.idle();
    await new Promise((r) => setImmediate(r));
  }
}

async function newTable() {
  const tableId = await createTable(ctx, `T${Math.random().toString(36).slice(2, 7)}`, { actionTime: 20, rakeCap: 300 });
  await ctx.app.live.registry.sync(tableId);
  return ctx.app.live.registry.get(tableId)!;
}

const total = async (userId: number) => {
  const b = await ctx.services.ledger.balances(ctx.services.db, userId);
  return b.available + b.locked;
};

describe('table actor', () => {
  it('buys in from the wallet to the table, and refuses a buy-in the wallet cannot cover', async () => {
    const actor = await newTable();
    const a = await ctx.player({ balance: 50_000 });
    const poor = await ctx.player({ balance: 1_000 });
    expect(await actor.handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 0, buyIn: 5000 })).toEqual({ ok: true });
    expect(await actor.handle({ kind: 'sit', user: { userId: poor.userId, username: poor.username }, seat: 2, buyIn: 2000 })).toMatchObject({
      ok: false,
      error: { code: 'INSUFFICIENT_BALANCE' },
    });
    expect(await ctx.services.ledger.balances(ctx.services.db, a.userId)).toMatchObject({ available: 45_000, locked: 5000 });
    expect(await ctx.services.ledger.balances(ctx.services.db, poor.userId)).toMatchObject({ available: 1000, locked: 0 });
    const seats = (await ctx.services.db.execute(sql`SELECT seat, user_id FROM table_seats WHERE table_id = ${actor.config.tableId}`)).rows as Array<{
      seat: number;
      user_id: number;
    }>;
    expect(seats.map((r) => [Number(r.seat), Number(r.user_id)])).toEqual([[0, a.userId]]);
    expect(await actor.handle({ kind: 'leave', userId: a.userId })).toEqual({ ok: true });
    expect(await ctx.services.ledger.balances(ctx.services.db, a.userId)).toMatchObject({ available: 50_000, locked: 0 });
  });

  it('a player who leaves or adds chips between the last action and the settlement cannot undo the hand', async () => {
    const actor = await newTable();
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    await actor.handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 1, buyIn: 9_000 });
    await actor.handle({ kind: 'sit', user: { userId: b.userId, username: b.username }, seat: 4, buyIn: 9_000 });
    await settle(actor, 1000);
    // Heads-up the button posts the small blind and acts first: it folds, and its leave (and
    // the other's add chips) are queued before the settlement the fold triggers.
    const first = actor.viewFor(a.userId).hand!.toAct!;
    const folder = actor.viewFor(a.userId).seats[first]!.userId === a.userId ? a : b;
    const other = folder === a ? b : a;
    const fold = actor.handle({ kind: 'act', userId: folder.userId, action: { kind: 'fold' } });
    const leave = actor.handle({ kind: 'leave', userId: folder.userId });
    const add = actor.handle({ kind: 'addChips', userId: other.userId, amount: 500 });
    expect(await fold).toEqual({ ok: true });
    expect(await leave).toEqual({ ok: true });
    expect(await add).toEqual({ ok: true });
    await settle(actor);
    const hands = (await ctx.services.db.execute(sql`SELECT status FROM hands WHERE table_id = ${actor.config.tableId}`)).rows as Array<{ status: string }>;
    expect(hands.map((h) => h.status)).toEqual(['settled']);
    // The folder lost the small blind and went home with the rest; the other keeps the blind won
    // and the chips added (no flop, no rake).
    expect(actor.seatedUserIds()).toEqual([other.userId]);
    expect(await total(folder.userId)).toBe(20_000 - 50);
    expect(actor.viewFor(other.userId).seats.find((x) => x?.userId === other.userId)!.stack).toBe(9_000 + 50 + 500);
    expect(await actor.handle({ kind: 'leave', userId: other.userId })).toEqual({ ok: true });
    await settle(actor);
    expect(await total(other.userId)).toBe(20_000 + 50);
  });

  it('plays a hand to the end and settles it in the ledger; leaving brings the chips home', async () => {
    const actor = await newTable();
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    await actor.handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 1, buyIn: 10_000 });
    await actor.handle({ kind: 'sit', user: { userId: b.userId, username: b.username }, seat: 4, buyIn: 10_000 });
    await settle(actor, 1000);
    // Whoever acts first just calls or checks down to the showdown.
    for (let step = 0; step < 20 && actor.handRunning(); step++) {
      const view = actor.viewFor(a.userId);
      const toAct = view.hand!.toAct!;
      const user = view.seats[toAct]!.userId === a.userId ? a : b;
      const legal = actor.viewFor(user.userId).hand!.legal!;
      expect(await actor.handle({ kind: 'act', userId: user.userId, action: legal.canCheck ? { kind: 'check' } : { kind: 'call' } })).toEqual({ ok: true });
      await settle(actor);
    }
    expect(actor.handRunning()).toBe(false);
    const hands = (await ctx.services.db.execute(sql`SELECT status, seed, seed_hash, phh, summary FROM hands WHERE table_id = ${actor.config.tableId}`))
      .rows as Array<Record<string, unknown>>;
    expect(hands[0].status).toBe('settled');
    // The PHH's fields (who played where) are checked in unit/actor-rules.test.ts; here, that it is stored.
    expect(String(hands[0].phh)).toContain('variant = "NT"');
    expect(String(hands[0].seed_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(String(hands[0].seed)).toMatch(/^[0-9a-f]{64}$/);
    const players = (
      await ctx.services.db.execute(sql`SELECT user_id FROM hand_players hp JOIN hands h ON h.id = hp.hand_id WHERE h.table_id = ${actor.config.tableId}`)
    ).rows as Array<{ user_id: number }>;
    expect(players.map((r) => Number(r.user_id)).sort((x, y) => x - y)).toEqual([a.userId, b.userId].sort((x, y) => x - y));
    const after = (await total(a.userId)) + (await total(b.userId));
    const rake = Number(
      (
        (
          await ctx.services.db.execute(
            sql`SELECT coalesce(sum(amount),0) AS r FROM transfers WHERE kind IN ('RAKE','JACKPOT_CONTRIBUTION') AND table_id = ${actor.config.tableId}`,
          )
        ).rows[0] as { r: number }
      ).r,
    );
    expect(after + rake).toBe(40_000);
    expect(await actor.handle({ kind: 'leave', userId: a.userId })).toEqual({ ok: true });
    expect(await actor.handle({ kind: 'leave', userId: b.userId })).toEqual({ ok: true });
    await settle(actor);
    for (const u of [a, b]) expect((await ctx.services.ledger.balances(ctx.services.db, u.userId)).locked).toBe(0);
  });

  it('adds chips between hands up to the maximum, and during a hand for the next one', async () => {
    const actor = await newTable();
    const a = await ctx.player({ balance: 30_000 });
    await actor.handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 2, buyIn: 4000 });
    expect(await actor.handle({ kind: 'addChips', userId: a.userId, amount: 7000 })).toMatchObject({ ok: false, error: { code: 'BUY_IN_RANGE' } });
    expect(await actor.handle({ kind: 'addChips', userId: a.userId, amount: 6000 })).toEqual({ ok: true });
    expect(actor.viewFor(a.userId).seats[2]!.stack).toBe(10_000);
    expect(await ctx.services.ledger.balances(ctx.services.db, a.userId)).toMatchObject({ available: 20_000, locked: 10_000 });
    const outcome = await ctx.call({ method: 'GET', url: '/api/v1/user/outcome', as: a });
    expect(outcome.json().items.map((i: { type: string }) => i.type)).toEqual(expect.arrayContaining(['BUY_IN', 'IN_PLAY_RECHARGE']));
    await actor.handle({ kind: 'leave', userId: a.userId });
  });

  it('a failed settlement voids the hand row and moves no chips; the next hand settles in the ledger', async () => {
    // An actor of its own over the real store, whose settlements wait for the test to let them
    // go (or fail them). What the viewers see meanwhile is checked in unit/actor-results.test.ts.
    const table = await newTable();
    const store = ctx.app.live.store;
    let seeds = 0;
    const pending: Array<{ h: HandSettlement; go: () => void; fail: () => void }> = [];
    const gated = new Proxy(store, {
      get: (target, key) => {
        if (key === 'settleHand') {
          return (h: HandSettlement) =>
            new Promise<SettlementResult>((resolve, reject) => {
              pending.push({ h, go: () => void store.settleHand(h).then(resolve, reject), fail: () => reject(new Error('database went away')) });
            });
        }
        const v = (target as unknown as Record<string | symbol, unknown>)[key];
        return typeof v === 'function' ? v.bind(target) : v;
      },
    }) as TableStore;
    const actor = new TableActor(table.config, {
      clock,
      store: gated,
      // Fixed seeds: the second hand must have one winner (a chop would split the loss).
      newSeed: () => createHash('sha256').update(`settle-test-${seeds++}`).digest('hex'),
      seedHash: (seed) => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
      deckFromSeed,
      randomInt: (n) => (n <= 1 ? 0 : randomInt(n)),
      onJackpot: () => {},
      onLobbyChange: () => {},
      sink: (viewer) => ctx.app.live.tables.sink(viewer),
      betweenHands: 2000,
      fastBots: true,
    });
    await actor.init();
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    await actor.handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 0, buyIn: 10_000 });
    await actor.handle({ kind: 'sit', user: { userId: b.userId, username: b.username }, seat: 1, buyIn: 10_000 });

    /** Deals a hand, both players all in before the flop; returns when its settlement is pending. */
    const allIn = async () => {
      clock.advance(2000);
      await ticks();
      await actor.idle();
      const first = actor.viewFor(null).hand!.toAct!;
      const [mover, caller] = actor.viewFor(null).seats[first]!.userId === a.userId ? [a, b] : [b, a];
      const legal = actor.viewFor(mover.userId).hand!.legal!;
      expect(await actor.handle({ kind: 'act', userId: mover.userId, action: { kind: 'raise', to: legal.maxRaiseTo! } })).toEqual({ ok: true });
      expect(await actor.handle({ kind: 'act', userId: caller.userId, action: { kind: 'call' } })).toEqual({ ok: true });
      await ticks();
      expect(pending).toHaveLength(1);
      return actor.viewFor(null).hand!.handId;
    };
    const handRow = async (id: number) =>
      (await ctx.services.db.execute(sql`SELECT status, void_reason FROM hands WHERE id = ${id}`)).rows[0] as { status: string; void_reason: string | null };
    const movedBy = async (id: number) =>
      (await ctx.services.db.execute(sql`SELECT kind, amount FROM transfers WHERE hand_id = ${id}`)).rows as Array<{ kind: string; amount: number }>;

    // 1. The settlement fails: the hand row is void, no chip moved, both keep their stacks.
    const void1 = await allIn();
    pending.shift()!.fail();
    await settle(actor);
    expect(await handRow(void1)).toEqual({ status: 'voided', void_reason: 'settlement failed' });
    expect(await movedBy(void1)).toEqual([]);
    expect(seatStacks(actor).slice(0, 2)).toEqual([10_000, 10_000]);
    for (const u of [a, b]) expect(await ctx.services.ledger.balances(ctx.services.db, u.userId)).toMatchObject({ available: 10_000, locked: 10_000 });

    // 2. The next one settles: the ledger moved the pot, the house's cut and nothing else.
    const hand2 = await allIn();
    pending.shift()!.go();
    await settle(actor);
    expect((await handRow(hand2)).status).toBe('settled');
    const moves = await movedBy(hand2);
    const cut = moves.filter((m) => m.kind === 'RAKE' || m.kind === 'JACKPOT_CONTRIBUTION').reduce((t, m) => t + Number(m.amount), 0);
    expect(cut).toBe(300 + 200);
    expect(moves.filter((m) => m.kind === 'GAMEPLAY_LOSS').map((m) => Number(m.amount))).toEqual([10_000]);
    expect(actor.viewFor(null).seats[0]!.stack + actor.viewFor(null).seats[1]!.stack).toBe(20_000 - cut);
    expect((await total(a.userId)) + (await total(b.userId))).toBe(40_000 - cut);

    for (const u of [a, b]) if (actor.seatOf(u.userId)) expect(await actor.handle({ kind: 'leave', userId: u.userId })).toEqual({ ok: true });
    await settle(actor);
    await actor.stop();
  });
});
