// House bots through the actor: they take seats leaving two free for people, play on their own,
// make room when a person sits down, and go home when simulation stops.
import { describe, expect, it } from 'vitest';
import { eventKinds, expectConserved, openTable, watch } from './actor-harness';

describe('table actor bots', () => {
  it('simulation seats badged bots that play on their own, leaving two seats free, and stop on request', async () => {
    const h = await openTable({ maxPlayers: 6 });
    const { actor, store } = h;
    expect(await actor.handle({ kind: 'simulation', on: true })).toEqual({ ok: true });
    expect(actor.isSimulating()).toBe(true);
    await h.settle(1000);
    const bots = actor.viewFor(null).seats.filter((s) => s?.isBot);
    expect(bots).toHaveLength(4);
    expect(store.seats(actor.config.tableId).filter((s) => s.isBot)).toHaveLength(4);
    for (let i = 0; i < 30; i++) await h.settle(2000);
    expect(store.hands(actor.config.tableId).filter((x) => x.status === 'settled').length).toBeGreaterThan(3);
    expect(store.hands(actor.config.tableId).filter((x) => x.status === 'voided')).toEqual([]);
    expect(await actor.handle({ kind: 'simulation', on: false })).toEqual({ ok: true });
    for (let i = 0; i < 5; i++) await h.settle(2000);
    expect(actor.playerCount()).toBe(0);
    // Every bot chip went back to the house's bots account.
    expect(store.transfers({ tableId: actor.config.tableId }).some((t) => t.kind === 'BOT_RETURN')).toBe(true);
    for (const b of bots) expect(store.tableChips(actor.config.tableId, b!.userId)).toBe(0);
    expectConserved(store);
  });

  it('a person taking one of the last two free seats sends a bot home', async () => {
    const h = await openTable({ maxPlayers: 6 });
    const { actor } = h;
    const spectator = watch(actor, null);
    await actor.handle({ kind: 'simulation', on: true });
    await h.settle();
    expect(actor.playerCount()).toBe(4);
    const free = actor.viewFor(null).seats.findIndex((s) => s === null);
    const person = h.player(20_000);
    expect(await actor.handle({ kind: 'sit', user: person, seat: free, buyIn: 5000 })).toEqual({ ok: true });
    await h.settle();
    expect(actor.humanCount()).toBe(1);
    // The bot in the hand leaves once it is settled; none was dealt yet, so one leaves now.
    for (let i = 0; i < 10 && actor.playerCount() > 4; i++) await h.settle(2000);
    expect(actor.viewFor(null).seats.filter((s) => s === null)).toHaveLength(2);
    expect(eventKinds(spectator)).toContain('PLAYER_LEFT');
    expect(actor.seatOf(person.userId)).not.toBeNull();
    expectConserved(h.store);
  });

  it('a bot sent home for a person is gone before the next hand is dealt, however slow its cash-out', async () => {
    const h = await openTable({ maxPlayers: 6 });
    const { actor, store } = h;
    const tableId = actor.config.tableId;
    await actor.handle({ kind: 'simulation', on: true });
    await h.settle();
    for (let i = 0; i < 40 && actor.handRunning(); i++) await h.settle(500);
    expect(actor.handRunning(), 'between two hands').toBe(false);
    const before = store.hands(tableId).length;
    // The house's cash-out is slow (a loaded database): it ends only when the test lets it.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const cashOut = store.cashOut.bind(store);
    store.cashOut = async (...args) => {
      await gate;
      return cashOut(...args);
    };
    const free = actor.viewFor(null).seats.findIndex((s) => s === null);
    const person = h.player(20_000);
    const sat = actor.handle({ kind: 'sit', user: person, seat: free, buyIn: 5000 });
    // The next hand's time comes while the bot's cash-out is on its way.
    h.clock.advance(2000);
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    release();
    expect(await sat).toEqual({ ok: true });
    // The person never acts: their clock (20 s) runs out, and the bots play on without them.
    for (let i = 0; i < 60; i++) await h.settle(2000);
    const hands = store.hands(tableId).slice(before);
    expect(hands.filter((x) => x.status === 'voided')).toEqual([]);
    expect(hands.filter((x) => x.status === 'settled').length).toBeGreaterThan(3);
    expect(actor.viewFor(null).seats.filter((s) => s === null)).toHaveLength(2);
    expectConserved(store);
  });

  it('a person still sits when the bot making room for them cannot be cashed out', async () => {
    const h = await openTable({ maxPlayers: 6 });
    const { actor, store } = h;
    await actor.handle({ kind: 'simulation', on: true });
    await h.settle();
    for (let i = 0; i < 40 && actor.handRunning(); i++) await h.settle(500);
    const cashOut = store.cashOut.bind(store);
    let refused = 0;
    store.cashOut = async (...args) => {
      if (refused++ === 0) throw new Error('database away');
      return cashOut(...args);
    };
    const free = actor.viewFor(null).seats.findIndex((s) => s === null);
    const person = h.player(20_000);
    expect(await actor.handle({ kind: 'sit', user: person, seat: free, buyIn: 5000 })).toEqual({ ok: true });
    expect(actor.seatOf(person.userId)).not.toBeNull();
    expect(refused).toBe(1);
    expect(actor.playerCount()).toBe(5);
    expectConserved(store);
  });
});
