// The table actor's rules on the in-memory store: seating, blinds, turns, illegal moves, timeouts,
// sitting out, adding chips, leaving, and what each viewer is shown. Money tests against the
// ledger stay in tests/server/tables-actor.test.ts.
import { describe, expect, it } from 'vitest';
import { parsePhh } from '../../../src/poker';
import type { ServerMessage, TableEvent } from '../../../src/shared/protocol';
import { eventKinds, expectConserved, headsUpOrder, openTable, viewers, watch } from './actor-harness';

const wallet = (h: { store: { balances(id: number): { available: number; onTables: number } } }, userId: number) => {
  const b = h.store.balances(userId);
  return b.available + b.onTables;
};

const events = (frames: ServerMessage[], from = 0): TableEvent[] =>
  frames.slice(from).flatMap((m) => (m.type === 'GAME' && m.action === 'TABLE_EVENT' ? [m.event] : []));

/** The seats dealt into the last hand a viewer saw dealt. */
const dealtIn = (frames: ServerMessage[]): number[] => {
  const dealt = events(frames).filter((e) => e.kind === 'CARDS_DEALT');
  const last = dealt[dealt.length - 1];
  return last && last.kind === 'CARDS_DEALT' ? [...last.seats].sort((x, y) => x - y) : [];
};

describe('table actor rules', () => {
  it('seats two players, deals, and refuses bad buy-ins and taken seats', async () => {
    const h = await openTable();
    const { actor } = h;
    const a = h.player(50_000);
    const b = h.player(50_000);
    const poor = h.player(1_000);
    expect(await actor.handle({ kind: 'sit', user: a, seat: 0, buyIn: 1999 })).toMatchObject({ ok: false, error: { code: 'BUY_IN_RANGE' } });
    expect(await actor.handle({ kind: 'sit', user: a, seat: 9, buyIn: 5000 })).toMatchObject({ ok: false, error: { code: 'BAD_MESSAGE' } });
    expect(await actor.handle({ kind: 'sit', user: a, seat: 0, buyIn: 5000 })).toEqual({ ok: true });
    expect(await actor.handle({ kind: 'sit', user: b, seat: 0, buyIn: 5000 })).toMatchObject({ ok: false, error: { code: 'SEAT_TAKEN' } });
    expect(await actor.handle({ kind: 'sit', user: a, seat: 1, buyIn: 5000 })).toMatchObject({ ok: false, error: { code: 'ALREADY_SEATED' } });
    expect(await actor.handle({ kind: 'sit', user: poor, seat: 2, buyIn: 2000 })).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_BALANCE' } });
    expect(h.store.balances(a.userId)).toEqual({ available: 45_000, onTables: 5000 });
    expect(h.store.balances(poor.userId)).toEqual({ available: 1000, onTables: 0 });
    expect(h.store.seats(actor.config.tableId)).toEqual([{ seat: 0, userId: a.userId, isBot: false }]);

    const va = watch(actor, a);
    const spectator = watch(actor, null);
    expect(await actor.handle({ kind: 'sit', user: b, seat: 3, buyIn: 8000 })).toEqual({ ok: true });
    await h.settle(1000);
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
    expect(h.store.hands(actor.config.tableId).map((x) => x.status)).toEqual(['running']);
    expectConserved(h.store);
  });

  it('heads-up the button posts the small blind and acts first; three-handed the blinds sit left of it', async () => {
    const h = await openTable();
    const [a, b, c] = [h.player(20_000), h.player(20_000), h.player(20_000)];
    const spectator = watch(h.actor, null);
    await h.actor.handle({ kind: 'sit', user: a, seat: 1, buyIn: 5000 });
    await h.actor.handle({ kind: 'sit', user: b, seat: 4, buyIn: 5000 });
    await h.settle(1000);
    const posts = (from: number) => events(spectator.frames, from).filter((e) => e.kind === 'POSTED');
    const heads = h.actor.viewFor(null).hand!;
    expect(posts(0)).toHaveLength(2);
    expect(posts(0)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ seat: heads.button, post: 'SMALL_BLIND', amount: 50 }),
        expect.objectContaining({ seat: heads.button === 1 ? 4 : 1, post: 'BIG_BLIND', amount: 100 }),
      ]),
    );
    expect(heads.toAct).toBe(heads.button);

    // C waits for the big blind (or the next hand with no game to wait for); then all three play.
    await h.actor.handle({ kind: 'sit', user: c, seat: 5, buyIn: 5000 });
    let from = spectator.frames.length;
    for (let i = 0; i < 6 && !dealtIn(spectator.frames).includes(5); i++) {
      const [mover] = headsUpOrder(h.actor, a, b);
      expect(await h.actor.handle({ kind: 'act', userId: mover.userId, action: { kind: 'fold' } })).toEqual({ ok: true });
      await h.settle();
      from = spectator.frames.length;
      await h.settle(2000);
    }
    const three = h.actor.viewFor(null).hand!;
    expect(dealtIn(spectator.frames)).toEqual([1, 4, 5]);
    const order = [1, 4, 5].sort((x, y) => ((x - three.button + 6) % 6) - ((y - three.button + 6) % 6));
    // order: the seats after the button, the button last.
    const [sb, bb, btn] = [order[1], order[2], order[0]];
    expect(btn).toBe(three.button);
    expect(posts(from)).toHaveLength(2);
    expect(posts(from)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ seat: sb, post: 'SMALL_BLIND', amount: 50 }),
        expect.objectContaining({ seat: bb, post: 'BIG_BLIND', amount: 100 }),
      ]),
    );
    expect(three.toAct).toBe(btn);
  });

  it('rejects illegal moves without changing anything', async () => {
    const h = await openTable();
    const [a, b, stranger] = [h.player(20_000), h.player(20_000), h.player(20_000)];
    await h.actor.handle({ kind: 'sit', user: a, seat: 0, buyIn: 10_000 });
    await h.actor.handle({ kind: 'sit', user: b, seat: 1, buyIn: 10_000 });
    expect(await h.actor.handle({ kind: 'act', userId: a.userId, action: { kind: 'check' } })).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN' } });
    await h.settle(1000);
    const [mover, other] = headsUpOrder(h.actor, a, b);
    const before = JSON.stringify(h.actor.viewFor(mover.userId));
    expect(await h.actor.handle({ kind: 'act', userId: stranger.userId, action: { kind: 'fold' } })).toMatchObject({
      ok: false,
      error: { code: 'NOT_SEATED' },
    });
    expect(await h.actor.handle({ kind: 'act', userId: other.userId, action: { kind: 'fold' } })).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
    expect(await h.actor.handle({ kind: 'act', userId: mover.userId, action: { kind: 'check' } })).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_ACTION' },
    });
    expect(await h.actor.handle({ kind: 'act', userId: mover.userId, action: { kind: 'raise', to: 150 } })).toMatchObject({ ok: false });
    expect(await h.actor.handle({ kind: 'act', userId: mover.userId, action: { kind: 'raise', to: 10_000_000 } })).toMatchObject({ ok: false });
    expect(JSON.stringify(h.actor.viewFor(mover.userId))).toBe(before);
  });

  it('plays a hand to the showdown and settles it; the PHH names who played where', async () => {
    const h = await openTable();
    const { actor } = h;
    const [a, b] = [h.player(20_000), h.player(20_000)];
    await actor.handle({ kind: 'sit', user: a, seat: 1, buyIn: 10_000 });
    await actor.handle({ kind: 'sit', user: b, seat: 4, buyIn: 10_000 });
    await h.settle(1000);
    // Whoever acts first just calls or checks down to the showdown.
    for (let step = 0; step < 20 && actor.handRunning(); step++) {
      const [user] = headsUpOrder(actor, a, b);
      const legal = actor.viewFor(user.userId).hand!.legal!;
      expect(await actor.handle({ kind: 'act', userId: user.userId, action: legal.canCheck ? { kind: 'check' } : { kind: 'call' } })).toEqual({ ok: true });
      await h.settle();
    }
    expect(actor.handRunning()).toBe(false);
    const [hand] = h.store.hands(actor.config.tableId);
    expect(hand.status).toBe('settled');
    expect(hand.players.map((p) => p.seat).sort()).toEqual([1, 4]);
    expect(String(hand.phh)).toContain('variant = "NT"');
    const phh = parsePhh(String(hand.phh));
    expect(phh.ok).toBe(true);
    const fields = phh.ok ? phh.hand.fields : {};
    expect([...(fields.players as string[])].sort()).toEqual([a.username, b.username].sort());
    expect([...(fields.seats as number[])].sort()).toEqual([2, 5]);
    expect(fields.seat_count).toBe(actor.config.maxPlayers);
    expect(fields.table).toBe(actor.config.name);
    expect(fields.currency).toBe('MNT');
    // The seats hold what the table accounts hold; the pot went to the players and the house.
    const cut = h.store.houseBalance('rake') + h.store.houseBalance('jackpot');
    expect(cut).toBeGreaterThan(0);
    expect(actor.seatOf(a.userId)!.stack).toBe(h.store.tableChips(actor.config.tableId, a.userId));
    expect(actor.seatOf(b.userId)!.stack).toBe(h.store.tableChips(actor.config.tableId, b.userId));
    expect(wallet(h, a.userId) + wallet(h, b.userId) + cut).toBe(40_000);
    expect(await actor.handle({ kind: 'leave', userId: a.userId })).toEqual({ ok: true });
    expect(await actor.handle({ kind: 'leave', userId: b.userId })).toEqual({ ok: true });
    await h.settle();
    for (const u of [a, b]) expect(h.store.balances(u.userId).onTables).toBe(0);
    expect(h.store.seats(actor.config.tableId)).toEqual([]);
    expectConserved(h.store);
  });

  it('times out: check or fold, two in a row sit out, ten minutes out stands up with the chips home', async () => {
    const h = await openTable({ actionTime: 10 });
    const { actor, clock } = h;
    const [a, b] = [h.player(20_000), h.player(20_000)];
    await actor.handle({ kind: 'sit', user: a, seat: 0, buyIn: 10_000 });
    await actor.handle({ kind: 'sit', user: b, seat: 1, buyIn: 10_000 });
    const spectator = watch(actor, null);
    await h.settle(1000);
    const first = actor.viewFor(null).hand!;
    expect(first.actionDeadline! - clock.now()).toBe(10_000);
    expect(first.timeBankDeadline! - first.actionDeadline!).toBe(30_000);
    // The action time runs out: the time bank starts.
    await h.settle(10_000);
    expect(eventKinds(spectator)).toContain('TIME_BANK');
    expect(actor.viewFor(null).hand!.handId).toBe(first.handId);
    // Nobody acts: each hand times out (action time, then the time bank) until someone has two in a row.
    for (let i = 0; i < 12 && !actor.viewFor(null).seats.some((s) => s?.state === 'SITTING_OUT'); i++) await h.settle(45_000);
    await h.settle(5000);
    expect(events(spectator.frames).some((e) => e.kind === 'ACTED' && e.timedOut)).toBe(true);
    const out = actor.viewFor(null).seats.find((s) => s?.state === 'SITTING_OUT')!;
    expect(out).toBeTruthy();
    expect(out.timeBank).toBe(0);
    expect(actor.handRunning()).toBe(false);
    const stillIn = actor.viewFor(null).seats.find((s) => s && s.seat !== out.seat)!;
    await h.settle(10 * 60_000 + 1);
    expect(actor.viewFor(null).seats[out.seat]).toBeNull();
    expect(events(spectator.frames)).toContainEqual(expect.objectContaining({ kind: 'PLAYER_LEFT', seat: out.seat, reason: 'TIMED_OUT' }));
    expect(actor.viewFor(null).seats[stillIn.seat]).not.toBeNull();
    expect(h.store.balances(out.userId).onTables).toBe(0);
    await actor.handle({ kind: 'leave', userId: stillIn.userId });
    await h.settle();
    // Blinds moved between them; the rake was nothing (no flop): the two still hold all 40,000.
    expect(wallet(h, a.userId) + wallet(h, b.userId)).toBe(40_000);
    expectConserved(h.store);
  });

  it('sits out and back in: a missed big blind is owed, and posting it deals the player in at once', async () => {
    const h = await openTable();
    const { actor } = h;
    const spectator = watch(actor, null);
    const [, , c] = await h.seat([0, 2, 4], 5000);
    expect(await actor.handle({ kind: 'sitOut', userId: h.player(0).userId })).toMatchObject({ ok: false, error: { code: 'NOT_SEATED' } });
    await h.settle(1000);
    expect(dealtIn(spectator.frames)).toEqual([0, 2, 4]);
    // During a hand, sitting out takes effect after it.
    expect(await actor.handle({ kind: 'sitOut', userId: c.userId })).toEqual({ ok: true });
    expect(actor.seatOf(c.userId)!.status).toBe('ACTIVE');
    while (actor.handRunning()) {
      const view = actor.viewFor(null);
      await actor.handle({ kind: 'act', userId: view.seats[view.hand!.toAct!]!.userId, action: { kind: 'fold' } });
    }
    await h.settle();
    expect(actor.seatOf(c.userId)!.status).toBe('SITTING_OUT');
    await h.settle(2000);
    expect(dealtIn(spectator.frames)).toEqual([0, 2]);
    expect(actor.viewFor(null).seats[4]!.missedBlind).toBe(true);
    // Back in with a posted blind: dealt into the next hand, the post dead unless it is a blind anyway.
    expect(await actor.handle({ kind: 'sitIn', userId: c.userId, postBlind: true })).toEqual({ ok: true });
    while (actor.handRunning()) {
      const view = actor.viewFor(null);
      await actor.handle({ kind: 'act', userId: view.seats[view.hand!.toAct!]!.userId, action: { kind: 'fold' } });
    }
    await h.settle();
    const from = spectator.frames.length;
    await h.settle(2000);
    expect(dealtIn(spectator.frames)).toEqual([0, 2, 4]);
    const cPosts = events(spectator.frames, from).filter((e) => e.kind === 'POSTED' && e.seat === 4);
    expect(cPosts.length).toBeGreaterThan(0);
    expect(actor.viewFor(null).seats[4]!.missedBlind).toBe(false);
    expectConserved(h.store);
  });

  it('adds chips up to the maximum between hands, during a hand for the next one', async () => {
    const h = await openTable();
    const { actor } = h;
    const [a, b] = [h.player(30_000), h.player(30_000)];
    await actor.handle({ kind: 'sit', user: a, seat: 2, buyIn: 4000 });
    expect(await actor.handle({ kind: 'addChips', userId: a.userId, amount: 7000 })).toMatchObject({ ok: false, error: { code: 'BUY_IN_RANGE' } });
    expect(await actor.handle({ kind: 'addChips', userId: a.userId, amount: 0 })).toMatchObject({ ok: false, error: { code: 'BAD_MESSAGE' } });
    expect(await actor.handle({ kind: 'addChips', userId: b.userId, amount: 100 })).toMatchObject({ ok: false, error: { code: 'NOT_SEATED' } });
    expect(await actor.handle({ kind: 'addChips', userId: a.userId, amount: 5000 })).toEqual({ ok: true });
    expect(actor.viewFor(a.userId).seats[2]!.stack).toBe(9000);
    expect(h.store.balances(a.userId)).toEqual({ available: 21_000, onTables: 9000 });
    await actor.handle({ kind: 'sit', user: b, seat: 3, buyIn: 4000 });
    await h.settle(1000);
    expect(actor.handRunning()).toBe(true);
    // In the hand: the chips are in the ledger now, on the stack after the settlement.
    const inHand = actor.viewFor(null).seats[3]!.stack;
    expect(await actor.handle({ kind: 'addChips', userId: b.userId, amount: 1000 })).toEqual({ ok: true });
    expect(actor.viewFor(null).seats[3]!.stack).toBe(inHand);
    expect(h.store.tableChips(actor.config.tableId, b.userId)).toBe(5000);
    const [mover] = headsUpOrder(actor, a, b);
    await actor.handle({ kind: 'act', userId: mover.userId, action: { kind: 'fold' } });
    await h.settle();
    const bStack = actor.seatOf(b.userId)!.stack;
    expect(bStack).toBe(mover === b ? 4000 - 50 + 1000 : 4000 + 50 + 1000);
    expect(bStack).toBe(h.store.tableChips(actor.config.tableId, b.userId));
    expectConserved(h.store);
  });

  it('a player to act who leaves folds now and goes home with the settled stack after the hand', async () => {
    const h = await openTable();
    const { actor } = h;
    const spectator = watch(actor, null);
    const [a, b, c] = await h.seat([0, 1, 2], 5000);
    await h.settle(1000);
    const view = actor.viewFor(null);
    const toAct = view.seats[view.hand!.toAct!]!.userId;
    const waiting = [a, b, c].find((u) => u.userId !== toAct && actor.viewFor(null).hand!.toAct !== actor.seatOf(u.userId)!.seat)!;
    // Kicked while not to act: marked leaving, folded when the turn comes, gone after the hand.
    expect(await actor.handle({ kind: 'kick', userId: waiting.userId })).toEqual({ ok: true });
    expect(actor.viewFor(null).seats[actor.seatOf(waiting.userId)!.seat]!.leaving).toBe(true);
    expect(await actor.handle({ kind: 'leave', userId: toAct })).toEqual({ ok: true });
    await h.settle();
    for (let i = 0; i < 10 && actor.handRunning(); i++) await h.settle(1);
    expect(actor.handRunning()).toBe(false);
    expect(actor.seatOf(toAct)).toBeNull();
    expect(actor.seatOf(waiting.userId)).toBeNull();
    expect(events(spectator.frames).filter((e) => e.kind === 'PLAYER_LEFT')).toHaveLength(2);
    expect(h.store.balances(toAct).onTables + h.store.balances(waiting.userId).onTables).toBe(0);
    expect(await actor.handle({ kind: 'leave', userId: toAct })).toMatchObject({ ok: false, error: { code: 'NOT_SEATED' } });
    expectConserved(h.store);
  });

  it('connects a seat with its first socket and disconnects it with its last; closing the table stands everyone up', async () => {
    const h = await openTable();
    const { actor } = h;
    const a = h.player(20_000);
    const spectator = watch(actor, null);
    await actor.handle({ kind: 'sit', user: a, seat: 0, buyIn: 5000 });
    expect(actor.viewFor(null).seats[0]!.connected).toBe(false);
    const one = watch(actor, a);
    const two = watch(actor, a);
    await h.settle();
    expect(events(spectator.frames).filter((e) => e.kind === 'CONNECTION')).toEqual([{ kind: 'CONNECTION', seat: 0, connected: true }]);
    await viewers.unsubscribe(actor, one.key);
    expect(actor.viewFor(null).seats[0]!.connected).toBe(true);
    await viewers.unsubscribe(actor, two.key);
    expect(spectator.state.view!.seats[0]!.connected).toBe(false);
    expect(actor.viewFor(a.userId).mySeat).toBe(0);

    const states = spectator.frames.filter((m) => m.type === 'GAME' && m.action === 'TABLE_STATE').length;
    expect(await actor.reconfigure({ ...actor.config, status: 'CLOSED' })).toEqual({ ok: true });
    expect(actor.playerCount()).toBe(0);
    expect(h.store.balances(a.userId)).toEqual({ available: 20_000, onTables: 0 });
    expect(spectator.frames.filter((m) => m.type === 'GAME' && m.action === 'TABLE_STATE')).toHaveLength(states + 1);
    expect(spectator.state.view!.status).toBe('CLOSED');
    expect(await actor.handle({ kind: 'sit', user: a, seat: 0, buyIn: 5000 })).toMatchObject({ ok: false, error: { code: 'TABLE_CLOSED' } });
  });
});
