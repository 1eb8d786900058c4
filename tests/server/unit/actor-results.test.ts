// Results wait for the settlement: between the last action and the store's commit nobody learns
// who won or sees a card, and a settlement that fails voids the hand and reveals nothing.
import { describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../support/store-memory';
import type { HandSettlement, SettlementResult } from '../../../src/server/tables/store';
import { seatStacks, ticks } from '../helpers/actor';
import { eventKinds, expectConserved, headsUpOrder, openTable, watch } from './actor-harness';

/** A memory store whose settlements wait for the test to let them go, or fail them. */
class GatedStore extends MemoryTableStore {
  pending: Array<{ h: HandSettlement; go: () => void; fail: () => void }> = [];

  override settleHand(h: HandSettlement): Promise<SettlementResult> {
    return new Promise<SettlementResult>((resolve, reject) => {
      this.pending.push({ h, go: () => void super.settleHand(h).then(resolve, reject), fail: () => reject(new Error('database went away')) });
    });
  }
}

const results = ['SHOWED', 'MUCKED', 'POT_AWARDED', 'JACKPOT_PAID', 'HAND_ENDED'];

describe('table actor results', () => {
  it('announces the showdown and the awards only once the settlement is written; a failed settlement reveals nothing', async () => {
    const store = new GatedStore();
    const h = await openTable({}, { store });
    const { actor, clock } = h;
    const [a, b] = [h.player(20_000), h.player(20_000)];
    const spectator = watch(actor, null);
    const va = watch(actor, a);
    await actor.handle({ kind: 'sit', user: a, seat: 0, buyIn: 10_000 });
    await actor.handle({ kind: 'sit', user: b, seat: 1, buyIn: 10_000 });

    /** Deals a hand, both players all in before the flop; returns when its settlement is pending. */
    const allIn = async () => {
      clock.advance(2000);
      await ticks();
      await actor.idle();
      const [mover, caller] = headsUpOrder(actor, a, b);
      const legal = actor.viewFor(mover.userId).hand!.legal!;
      expect(await actor.handle({ kind: 'act', userId: mover.userId, action: { kind: 'raise', to: legal.maxRaiseTo! } })).toEqual({ ok: true });
      expect(await actor.handle({ kind: 'act', userId: caller.userId, action: { kind: 'call' } })).toEqual({ ok: true });
      await ticks();
      expect(store.pending).toHaveLength(1);
      expect(actor.handRunning()).toBe(false);
      return actor.viewFor(null).hand!.handId;
    };
    /** Nothing of the result reached anyone: no showdown event, no shown card, no final stack. */
    const nothingRevealed = (from: number, handId: number, startStacks: number[]) => {
      for (const w of [spectator, va]) {
        expect(eventKinds(w, from).filter((k) => results.includes(k))).toEqual([]);
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
    store.pending.shift()!.fail();
    await h.settle();
    expect(eventKinds(spectator, from)).toContain('HAND_VOIDED');
    expect(eventKinds(spectator, from).filter((k) => results.includes(k))).toEqual([]);
    expect(spectator.state.view!.seats.every((x) => !x || x.cards === null)).toBe(true);
    expect(spectator.state.view!.lastHand).toBeNull();
    expect(seatStacks(actor).slice(0, 2)).toEqual([10_000, 10_000]);
    expect(store.hands().find((x) => x.id === void1)).toMatchObject({ status: 'voided', voidReason: 'settlement failed' });
    expect(store.transfers({ handId: void1 })).toEqual([]);

    // 2. The settlement is slow: the result waits for it, then comes in order with the hand's end.
    from = spectator.frames.length;
    const hand2 = await allIn();
    nothingRevealed(from, hand2, [10_000, 10_000]);
    const before = spectator.frames.length;
    store.pending.shift()!.go();
    await h.settle();
    const after = eventKinds(spectator, before);
    expect(after.indexOf('SHOWED')).toBeGreaterThanOrEqual(0);
    expect(after.indexOf('POT_AWARDED')).toBeGreaterThan(after.lastIndexOf('SHOWED'));
    expect(after.indexOf('HAND_ENDED')).toBeGreaterThan(after.indexOf('POT_AWARDED'));
    expect(spectator.state.view!.lastHand!.handId).toBe(hand2);
    const cut = store
      .transfers({ handId: hand2 })
      .filter((t) => t.kind === 'RAKE' || t.kind === 'JACKPOT_CONTRIBUTION')
      .reduce((s, t) => s + t.amount, 0);
    expect(cut).toBe(300 + 200); // 5% capped at 300, jackpot 1% of 20,000
    expect(spectator.state.view!.seats[0]!.stack + spectator.state.view!.seats[1]!.stack).toBe(20_000 - cut);
    expect(actor.viewFor(a.userId)).toEqual(va.state.view);
    // The player's own hole-card openings are in their own copy of the last hand only.
    expect(va.state.view!.lastHand!.mine).toHaveLength(2);
    expect(spectator.state.view!.lastHand!.mine).toEqual([]);

    for (const u of [a, b]) if (actor.seatOf(u.userId)) expect(await actor.handle({ kind: 'leave', userId: u.userId })).toEqual({ ok: true });
    await h.settle();
    await actor.stop();
    expectConserved(store);
  });

  it('a hand whose start cannot be recorded is not dealt', async () => {
    const store = new (class extends MemoryTableStore {
      override startHand(): Promise<number> {
        return Promise.reject(new Error('database went away'));
      }
    })();
    const errors: unknown[] = [];
    const h = await openTable({}, { store, deps: { log: { error: (e) => void errors.push(e) } } });
    const [a, b] = [h.player(20_000), h.player(20_000)];
    const spectator = watch(h.actor, null);
    await h.actor.handle({ kind: 'sit', user: a, seat: 0, buyIn: 5000 });
    await h.actor.handle({ kind: 'sit', user: b, seat: 1, buyIn: 5000 });
    await h.settle(1000);
    expect(h.actor.handRunning()).toBe(false);
    expect(eventKinds(spectator)).not.toContain('HAND_STARTED');
    expect(errors).toHaveLength(1);
    expect(store.hands()).toEqual([]);
    // Nothing moved but the buy-ins: the players can leave with them.
    for (const u of [a, b]) expect(await h.actor.handle({ kind: 'leave', userId: u.userId })).toEqual({ ok: true });
    expect(store.balances(a.userId)).toEqual({ available: 20_000, onTables: 0 });
  });
});
