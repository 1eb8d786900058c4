// The table actor against the real database: sitting, playing, timers, leaving, money.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ServerMessage, TableView } from '../../src/shared/protocol';
import { applyTablePatch } from '../../src/shared/protocol';
import { ManualClock } from '../../src/server/tables/clock';
import { TableActor } from '../../src/server/tables/actor';
import type { HandSettlement, SettlementResult, TableStore } from '../../src/server/tables/store';
import { deckFromSeed } from '../../src/poker/fair';
import { setupApp, type TestUser } from './helpers/app';
import { parsePhh } from '../../src/poker';

/** Lets callbacks and database calls run without waiting for the actor's queue. */
const ticks = async (n = 30) => { for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r)); };

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

async function newTable(over: Record<string, unknown> = {}) {
  const admin = await ctx.admin();
  const res = await ctx.call({
    method: 'POST', url: '/api/v1/admin/table', as: admin,
    payload: { name: `T${Math.random().toString(36).slice(2, 7)}`, variant: 'texas', smallBlind: 50, bigBlind: 100, minBuyIn: 2000, maxBuyIn: 10000, maxPlayers: 6, actionTime: 20, rakePercent: 5, rakeCap: 300, jackpotPercent: 1, ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
  const tableId = res.json().tableId as number;
  await ctx.app.live.registry.sync(tableId);
  return ctx.app.live.registry.get(tableId)!;
}

/** A viewer that keeps every frame and a view rebuilt from them, as a client would. */
function watch(actor: TableActor, user: TestUser | null) {
  const frames: ServerMessage[] = [];
  const state: { view: TableView | null; version: number } = { view: null, version: -1 };
  const key = `v${Math.random()}`;
  void actor.subscribe({
    key, userId: user?.userId ?? null,
    send: (text) => {
      const m = JSON.parse(text) as ServerMessage;
      frames.push(m);
      if (m.type !== 'GAME') return;
      if (m.action === 'TABLE_STATE') { state.view = m.state; state.version = m.version; }
      if (m.action === 'TABLE_EVENT') {
        expect(m.version).toBe(state.version + 1);
        state.version = m.version;
        state.view = applyTablePatch(state.view!, m.patch);
      }
    },
  });
  return { frames, state, key };
}

const total = async (userId: number) => {
  const b = await ctx.services.ledger.balances(ctx.services.db, userId);
  return b.available + b.locked;
};

describe('table actor', () => {
  it('seats two players, deals, and refuses bad buy-ins and taken seats', async () => {
    const actor = await newTable();
    const a = await ctx.player({ balance: 50_000 });
    const b = await ctx.player({ balance: 50_000 });
    const poor = await ctx.player({ balance: 1_000 });
    expect(await actor.sit({ userId: a.userId, username: a.username }, 0, 1999)).toMatchObject({ ok: false, error: { code: 'BUY_IN_RANGE' } });
    expect(await actor.sit({ userId: a.userId, username: a.username }, 0, 5000)).toEqual({ ok: true });
    expect(await actor.sit({ userId: b.userId, username: b.username }, 0, 5000)).toMatchObject({ ok: false, error: { code: 'SEAT_TAKEN' } });
    expect(await actor.sit({ userId: a.userId, username: a.username }, 1, 5000)).toMatchObject({ ok: false, error: { code: 'ALREADY_SEATED' } });
    expect(await actor.sit({ userId: poor.userId, username: poor.username }, 2, 2000)).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_BALANCE' } });
    expect(await ctx.services.ledger.balances(ctx.services.db, a.userId)).toMatchObject({ available: 45_000, locked: 5000 });

    const va = watch(actor, a);
    const spectator = watch(actor, null);
    expect(await actor.sit({ userId: b.userId, username: b.username }, 3, 8000)).toEqual({ ok: true });
    await settle(actor, 1000);
    const hand = va.state.view!.hand!;
    expect(hand).toBeTruthy();
    expect(hand.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(va.state.view!.seats[0]!.cards).toHaveLength(2);
    expect(va.state.view!.seats[3]!.cards).toBeNull();
    expect(spectator.state.view!.seats[0]!.cards).toBeNull();
    expect(spectator.state.view!.seats[3]!.hasCards).toBe(true);
    // The snapshot a client would ask for after a gap equals what it rebuilt from the patches.
    expect(actor.viewFor(a.userId)).toEqual(va.state.view);
    expect(actor.viewFor(null)).toEqual(spectator.state.view);
  });

  it('a player who leaves or adds chips between the last action and the settlement cannot undo the hand', async () => {
    const actor = await newTable();
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    await actor.sit({ userId: a.userId, username: a.username }, 1, 9_000);
    await actor.sit({ userId: b.userId, username: b.username }, 4, 9_000);
    await settle(actor, 1000);
    // Heads-up the button posts the small blind and acts first: it folds, and its leave (and
    // the other's add chips) are queued before the settlement the fold triggers.
    const first = actor.viewFor(a.userId).hand!.toAct!;
    const folder = actor.viewFor(a.userId).seats[first]!.userId === a.userId ? a : b;
    const other = folder === a ? b : a;
    const fold = actor.act(folder.userId, { kind: 'FOLD' });
    const leave = actor.leave(folder.userId);
    const add = actor.addChips(other.userId, 500);
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
    expect(await actor.leave(other.userId)).toEqual({ ok: true });
    await settle(actor);
    expect(await total(other.userId)).toBe(20_000 + 50);
  });

  it('plays a hand to the end and settles it in the ledger; leaving brings the chips home', async () => {
    const actor = await newTable();
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    await actor.sit({ userId: a.userId, username: a.username }, 1, 10_000);
    await actor.sit({ userId: b.userId, username: b.username }, 4, 10_000);
    await settle(actor, 1000);
    // Whoever acts first just calls or checks down to the showdown.
    for (let step = 0; step < 20 && actor.handRunning(); step++) {
      const view = actor.viewFor(a.userId);
      const toAct = view.hand!.toAct!;
      const user = view.seats[toAct]!.userId === a.userId ? a : b;
      const legal = actor.viewFor(user.userId).hand!.legal!;
      expect(await actor.act(user.userId, legal.canCheck ? { kind: 'CHECK' } : { kind: 'CALL' })).toEqual({ ok: true });
      await settle(actor);
    }
    expect(actor.handRunning()).toBe(false);
    const hands = (await ctx.services.db.execute(sql`SELECT status, seed, seed_hash, phh, summary FROM hands WHERE table_id = ${actor.config.tableId}`)).rows as Array<Record<string, unknown>>;
    expect(hands[0].status).toBe('settled');
    expect(String(hands[0].phh)).toContain('variant = "NT"');
    // Who played where, for replays and downloads: names in PHH order, 1-based seats, the table.
    const phh = parsePhh(String(hands[0].phh));
    expect(phh.ok).toBe(true);
    const fields = phh.ok ? phh.hand.fields : {};
    expect([...(fields.players as string[])].sort()).toEqual([a.username, b.username].sort());
    expect([...(fields.seats as number[])].sort()).toEqual([2, 5]);
    expect(fields.seat_count).toBe(actor.config.maxPlayers);
    expect(fields.currency).toBe('MNT');
    const after = (await total(a.userId)) + (await total(b.userId));
    const rake = Number(((await ctx.services.db.execute(sql`SELECT coalesce(sum(amount),0) AS r FROM transfers WHERE kind IN ('RAKE','JACKPOT_CONTRIBUTION') AND table_id = ${actor.config.tableId}`)).rows[0] as { r: number }).r);
    expect(after + rake).toBe(40_000);
    expect(await actor.leave(a.userId)).toEqual({ ok: true });
    expect(await actor.leave(b.userId)).toEqual({ ok: true });
    await settle(actor);
    for (const u of [a, b]) expect((await ctx.services.ledger.balances(ctx.services.db, u.userId)).locked).toBe(0);
  });

  it('rejects illegal moves without changing anything', async () => {
    const actor = await newTable();
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    await actor.sit({ userId: a.userId, username: a.username }, 0, 10_000);
    await actor.sit({ userId: b.userId, username: b.username }, 1, 10_000);
    await settle(actor, 1000);
    const view = actor.viewFor(null);
    const actorSeat = view.hand!.toAct!;
    const mover = view.seats[actorSeat]!.userId === a.userId ? a : b;
    const other = mover === a ? b : a;
    const before = JSON.stringify(actor.viewFor(mover.userId));
    expect(await actor.act(other.userId, { kind: 'FOLD' })).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN' } });
    expect(await actor.act(mover.userId, { kind: 'CHECK' })).toMatchObject({ ok: false });
    expect(await actor.act(mover.userId, { kind: 'RAISE', amount: 150 })).toMatchObject({ ok: false });
    expect(await actor.act(mover.userId, { kind: 'RAISE', amount: 10_000_000 })).toMatchObject({ ok: false });
    expect(JSON.stringify(actor.viewFor(mover.userId))).toBe(before);
  });

  it('times out: check or fold, two in a row sit out, ten minutes out stands up with the chips home', async () => {
    const actor = await newTable({ actionTime: 10 });
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    await actor.sit({ userId: a.userId, username: a.username }, 0, 10_000);
    await actor.sit({ userId: b.userId, username: b.username }, 1, 10_000);
    await settle(actor, 1000);
    const first = actor.viewFor(null).hand!;
    expect(first.actionDeadline! - clock.now()).toBe(10_000);
    expect(first.timeBankDeadline! - first.actionDeadline!).toBe(30_000);
    // Nobody acts: each hand times out (action time, then the time bank) until someone has two in a row.
    for (let i = 0; i < 12 && !actor.viewFor(null).seats.some((s) => s?.state === 'SITTING_OUT'); i++) await settle(actor, 45_000);
    await settle(actor, 5000);
    const out = actor.viewFor(null).seats.find((s) => s?.state === 'SITTING_OUT')!;
    expect(out).toBeTruthy();
    expect(out.timeBank).toBe(0);
    expect(actor.handRunning()).toBe(false);
    const stillIn = actor.viewFor(null).seats.find((s) => s && s.seat !== out.seat)!;
    await settle(actor, 10 * 60_000 + 1);
    expect(actor.viewFor(null).seats[out.seat]).toBeNull();
    expect(actor.viewFor(null).seats[stillIn.seat]).not.toBeNull();
    expect((await ctx.services.ledger.balances(ctx.services.db, out.userId)).locked).toBe(0);
    await actor.leave(stillIn.userId);
    await settle(actor);
    // Blinds moved between them; the rake was nothing (no flop): the two still hold all 40,000.
    expect((await total(a.userId)) + (await total(b.userId))).toBe(40_000);
  });

  it('adds chips between hands up to the maximum, and during a hand for the next one', async () => {
    const actor = await newTable();
    const a = await ctx.player({ balance: 30_000 });
    await actor.sit({ userId: a.userId, username: a.username }, 2, 4000);
    expect(await actor.addChips(a.userId, 7000)).toMatchObject({ ok: false, error: { code: 'BUY_IN_RANGE' } });
    expect(await actor.addChips(a.userId, 6000)).toEqual({ ok: true });
    expect(actor.viewFor(a.userId).seats[2]!.stack).toBe(10_000);
    expect((await ctx.services.ledger.balances(ctx.services.db, a.userId))).toMatchObject({ available: 20_000, locked: 10_000 });
    const outcome = await ctx.call({ method: 'GET', url: '/api/v1/user/outcome', as: a });
    expect(outcome.json().items.map((i: { type: string }) => i.type)).toEqual(expect.arrayContaining(['BUY_IN', 'IN_PLAY_RECHARGE']));
    await actor.leave(a.userId);
  });

  it('simulation seats badged bots that play on their own, leaving two seats free, and stop on request', async () => {
    const actor = await newTable({ maxPlayers: 6 });
    expect(await actor.startSimulation()).toEqual({ ok: true });
    await settle(actor, 1000);
    const bots = actor.viewFor(null).seats.filter((s) => s?.isBot);
    expect(bots).toHaveLength(4);
    for (let i = 0; i < 30; i++) await settle(actor, 2000);
    const played = (await ctx.services.db.execute(sql`SELECT count(*)::int AS n FROM hands WHERE table_id = ${actor.config.tableId} AND status = 'settled'`)).rows[0] as { n: number };
    expect(played.n).toBeGreaterThan(3);
    expect(await actor.stopSimulation()).toEqual({ ok: true });
    for (let i = 0; i < 5; i++) await settle(actor, 2000);
    expect(actor.playerCount()).toBe(0);
  });

  it('announces the showdown and the awards only once the settlement is written; a failed settlement reveals nothing', async () => {
    // An actor of its own over the real store, whose settlements wait for the test to let them
    // go (or fail them): the moment between the last action and the commit, held open.
    const table = await newTable();
    const store = ctx.app.live.store;
    const pending: Array<{ h: HandSettlement; go: () => void; fail: () => void }> = [];
    const gated = new Proxy(store, {
      get: (target, key) => {
        if (key === 'settleHand') {
          return (h: HandSettlement) => new Promise<SettlementResult>((resolve, reject) => {
            pending.push({ h, go: () => void store.settleHand(h).then(resolve, reject), fail: () => reject(new Error('database went away')) });
          });
        }
        const v = (target as unknown as Record<string | symbol, unknown>)[key];
        return typeof v === 'function' ? v.bind(target) : v;
      },
    }) as TableStore;
    const actor = new TableActor(table.config, {
      clock, store: gated, newSeed: () => randomBytes(32).toString('hex'),
      seedHash: (seed) => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'), deckFromSeed,
      randomInt: (n) => (n <= 1 ? 0 : randomInt(n)), onJackpot: () => {}, onLobbyChange: () => {}, betweenHands: 2000, fastBots: true,
    });
    await actor.init();
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    const spectator = watch(actor, null);
    const va = watch(actor, a);
    await actor.sit({ userId: a.userId, username: a.username }, 0, 10_000);
    await actor.sit({ userId: b.userId, username: b.username }, 1, 10_000);
    const events = (w: { frames: ServerMessage[] }, from: number) => w.frames.slice(from).flatMap((m) => (m.type === 'GAME' && m.action === 'TABLE_EVENT' ? [m.event.kind] : []));
    const results = ['SHOWED', 'MUCKED', 'POT_AWARDED', 'JACKPOT_PAID', 'HAND_ENDED'];

    /** Deals a hand, both players all in before the flop; returns when its settlement is pending. */
    const allIn = async () => {
      clock.advance(2000);
      await ticks();
      await actor.idle();
      const first = actor.viewFor(null).hand!.toAct!;
      const [mover, caller] = actor.viewFor(null).seats[first]!.userId === a.userId ? [a, b] : [b, a];
      const legal = actor.viewFor(mover.userId).hand!.legal!;
      expect(await actor.act(mover.userId, { kind: 'RAISE', amount: legal.maxRaiseTo! })).toEqual({ ok: true });
      expect(await actor.act(caller.userId, { kind: 'CALL' })).toEqual({ ok: true });
      await ticks();
      expect(pending).toHaveLength(1);
      expect(actor.handRunning()).toBe(false);
      return actor.viewFor(null).hand!.handId;
    };
    /** Nothing of the result reached anyone: no showdown event, no shown card, no final stack. */
    const nothingRevealed = (from: number, handId: number, startStacks: number[]) => {
      for (const w of [spectator, va]) {
        expect(events(w, from).filter((k) => results.includes(k))).toEqual([]);
        expect(w.state.view!.seats.filter((x) => x && x.seat !== (w === va ? 0 : -1)).every((x) => x!.cards === null)).toBe(true);
        expect(w.state.view!.seats[0]!.stack + w.state.view!.seats[1]!.stack).toBe(0); // both all in, nothing awarded
      }
      const hidden = actor.viewFor(null);
      expect(hidden.hand!.handId).toBe(handId);
      expect(hidden.seats.every((x) => !x || x.cards === null)).toBe(true);
      expect(hidden.hand!.pots.reduce((t, p) => t + p.amount, 0)).toBe(startStacks.reduce((t, x) => t + x, 0));
    };

    // 1. The settlement fails: the hand is void, and nobody ever learns who would have won.
    let from = spectator.frames.length;
    const void1 = await allIn();
    nothingRevealed(from, void1, [10_000, 10_000]);
    pending.shift()!.fail();
    await settle(actor);
    expect(events(spectator, from)).toContain('HAND_VOIDED');
    expect(events(spectator, from).filter((k) => results.includes(k))).toEqual([]);
    expect(spectator.state.view!.seats.every((x) => !x || x.cards === null)).toBe(true);
    expect(spectator.state.view!.lastHand).toBeNull();
    expect(actor.viewFor(null).seats.map((x) => x?.stack ?? null).slice(0, 2)).toEqual([10_000, 10_000]);
    const voided = (await ctx.services.db.execute(sql`SELECT status FROM hands WHERE id = ${void1}`)).rows as Array<{ status: string }>;
    expect(voided[0].status).toBe('voided');

    // 2. The settlement is slow: the result waits for it, then comes in order with the hand's end.
    from = spectator.frames.length;
    const hand2 = await allIn();
    nothingRevealed(from, hand2, [10_000, 10_000]);
    const before = spectator.frames.length;
    pending.shift()!.go();
    await settle(actor);
    const after = events(spectator, before);
    expect(after.indexOf('SHOWED')).toBeGreaterThanOrEqual(0);
    expect(after.indexOf('POT_AWARDED')).toBeGreaterThan(after.lastIndexOf('SHOWED'));
    expect(after.indexOf('HAND_ENDED')).toBeGreaterThan(after.indexOf('POT_AWARDED'));
    expect(spectator.state.view!.lastHand!.handId).toBe(hand2);
    const cut = Number(((await ctx.services.db.execute(sql`SELECT coalesce(sum(amount), 0) AS r FROM transfers WHERE kind IN ('RAKE', 'JACKPOT_CONTRIBUTION') AND hand_id = ${hand2}`)).rows[0] as { r: number }).r);
    expect(spectator.state.view!.seats[0]!.stack + spectator.state.view!.seats[1]!.stack).toBe(20_000 - cut);
    expect(actor.viewFor(a.userId)).toEqual(va.state.view);

    for (const u of [a, b]) if (actor.seatOf(u.userId)) expect(await actor.leave(u.userId)).toEqual({ ok: true });
    await settle(actor);
    await actor.stop();
  });
});
