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
});
