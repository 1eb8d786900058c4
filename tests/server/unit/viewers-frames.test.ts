// A table's publish encodes what viewers share once: every spectator gets the same Frame (the
// same bytes), a player whose own seat changed gets a copy of their own with their hole cards.
import { describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '../../../src/shared/protocol';
import { Frame, textOf, type Payload } from '../../../src/server/core/frame';
import type { TableActor } from '../../../src/server/tables/actor';
import { sameSeatView } from '../../../src/server/tables/view';
import type { SeatView } from '../../../src/shared/protocol';
import { openTable, viewers, watch } from './actor-harness';

function viewer(actor: TableActor, key: string, userId: number | null) {
  const got: Payload[] = [];
  void viewers.subscribe(actor, { key, userId, send: (p) => got.push(p) });
  return got;
}

const parse = (p: Payload) => JSON.parse(textOf(p)) as ServerMessage;

describe('Viewers.publish', () => {
  it('sends one shared Frame to every spectator and their own copy to a seated player', async () => {
    const h = await openTable();
    const [a, b] = [h.player(20_000), h.player(20_000)];
    const spectators = [viewer(h.actor, 's1', null), viewer(h.actor, 's2', null), viewer(h.actor, 's3', 999)];
    const mine = viewer(h.actor, 'a', a.userId);
    await h.settle();
    for (const s of spectators) s.length = 0;
    mine.length = 0;

    await h.actor.handle({ kind: 'sit', user: a, seat: 0, buyIn: 5000 });
    await h.settle();
    const first = spectators.map((s) => s[0]);
    expect(first[0]).toBeInstanceOf(Frame);
    for (const f of first) expect(f).toBe(first[0]);
    const pub = parse(first[0]);
    expect(pub.type === 'GAME' && pub.action === 'TABLE_EVENT' && pub.event.kind).toBe('PLAYER_SAT');
    // The seated player's copy is not the shared one, and tells them which seat is theirs.
    expect(mine[0]).not.toBe(first[0]);
    const own = parse(mine[0]);
    expect(own.type === 'GAME' && own.action === 'TABLE_EVENT' && own.patch.mySeat).toBe(0);
    expect(pub.type === 'GAME' && pub.action === 'TABLE_EVENT' && pub.patch.mySeat).toBeUndefined();

    // Once a hand is dealt, every spectator's frames are the same objects, one per event.
    for (const s of spectators) s.length = 0;
    await h.actor.handle({ kind: 'sit', user: b, seat: 1, buyIn: 5000 });
    await h.settle(5000);
    expect(spectators[0].length).toBeGreaterThan(1);
    for (const s of spectators.slice(1)) {
      expect(s.length).toBe(spectators[0].length);
      s.forEach((p, i) => expect(p).toBe(spectators[0][i]));
    }
  });

  it('gives spectators joining at one version the same whole view, built once', async () => {
    const h = await openTable();
    await h.seat([0, 1], 5000);
    await h.settle(5000);
    const joined = [viewer(h.actor, 'x', null), viewer(h.actor, 'y', null), viewer(h.actor, 'z', 12345)];
    await h.settle();
    const states = joined.map((j) => parse(j[0]));
    for (const s of states) {
      expect(s.type === 'GAME' && s.action).toBe('TABLE_STATE');
      // The same view as viewFor(null), at the table's current version.
      if (s.type === 'GAME' && s.action === 'TABLE_STATE') expect(s.state).toEqual(h.actor.viewFor(null));
    }
    const strip = (p: Payload) => textOf(p).replace(/"serverTime":\d+/, '');
    expect(new Set(joined.map((j) => strip(j[0]))).size).toBe(1);
  });

  // 120 bot moves on a 6-seat table: seconds of CPU, more when the machine is shared.
  it('re-sends only the seats that changed, and a view rebuilt from the patches is the view at every step', { timeout: 30_000 }, async () => {
    const h = await openTable({ maxPlayers: 6, actionTime: 5 });
    const person = h.player(20_000);
    const spectator = watch(h.actor, null);
    const player = watch(h.actor, person);
    await h.actor.handle({ kind: 'simulation', on: true });
    await h.settle();
    expect(await h.actor.handle({ kind: 'sit', user: person, seat: h.actor.viewFor(null).seats.indexOf(null), buyIn: 5000 })).toEqual({ ok: true });
    for (let i = 0; i < 120; i++) {
      await h.settle(i % 3 === 0 ? 5000 : 700);
      expect(spectator.state.view).toEqual(h.actor.viewFor(null));
      expect(player.state.view).toEqual(h.actor.viewFor(person.userId));
    }
    // A move that ends no street changes the mover's seat at most (a check changes nothing of it):
    // the TURN after it carries that one seat or none, not every seat of the hand.
    let turnsAfterMoves = 0;
    let withSeat = 0;
    for (let k = 1; k < spectator.frames.length; k++) {
      const [before, m] = [spectator.frames[k - 1], spectator.frames[k]];
      if (before.type !== 'GAME' || before.action !== 'TABLE_EVENT' || before.event.kind !== 'ACTED') continue;
      if (m.type !== 'GAME' || m.action !== 'TABLE_EVENT' || m.event.kind !== 'TURN') continue;
      turnsAfterMoves++;
      const seats = Object.keys(m.patch.seats ?? {});
      if (seats.length > 0) withSeat++;
      expect(seats.length === 0 ? [] : [String(before.event.seat)]).toEqual(seats);
    }
    expect(turnsAfterMoves).toBeGreaterThan(50);
    expect(withSeat).toBeGreaterThan(25);
  });

  it('builds nothing while nobody watches, and a viewer who comes later follows the table from its whole view', { timeout: 30_000 }, async () => {
    const h = await openTable({ maxPlayers: 6, actionTime: 5 });
    const built = vi.spyOn(Frame, 'of');
    await h.actor.handle({ kind: 'simulation', on: true });
    for (let i = 0; i < 30; i++) await h.settle(i % 3 === 0 ? 5000 : 700);
    // Bots played hands, and no event was encoded for nobody.
    expect(h.actor.viewFor(null).seats.filter((x) => x !== null).length).toBeGreaterThan(1);
    expect(built).not.toHaveBeenCalled();
    const spectator = watch(h.actor, null);
    for (let i = 0; i < 30; i++) {
      await h.settle(i % 3 === 0 ? 5000 : 700);
      expect(spectator.state.view).toEqual(h.actor.viewFor(null));
    }
    expect(built).toHaveBeenCalled();
    built.mockRestore();
  });

  it('compares seat views field by field, cards by value, an absent avatar as null', () => {
    const seat: SeatView = {
      seat: 2,
      userId: 7,
      username: 'Anu',
      isBot: false,
      stack: 5000,
      bet: 100,
      state: 'PLAYING',
      connected: true,
      hasCards: true,
      cards: ['As', 'Kd'],
      timeBank: 30_000,
      missedBlind: false,
      leaving: false,
    };
    expect(sameSeatView(seat, { ...seat, cards: ['As', 'Kd'], avatar: null })).toBe(true);
    expect(sameSeatView(seat, { ...seat, cards: ['As', 'Kh'] })).toBe(false);
    expect(sameSeatView(seat, { ...seat, cards: null })).toBe(false);
    expect(sameSeatView(seat, { ...seat, stack: 4900 })).toBe(false);
    expect(sameSeatView(seat, { ...seat, avatar: 'yak' })).toBe(false);
    // A field SeatView gains later is compared too.
    expect(sameSeatView(seat, { ...seat, ...({ note: 'x' } as object) } as SeatView)).toBe(false);
    expect(sameSeatView(null, null)).toBe(true);
    expect(sameSeatView(seat, null)).toBe(false);
  });
});
