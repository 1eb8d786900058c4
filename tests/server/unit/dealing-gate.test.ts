// A table deals only while the room's dependencies answer (cluster/readiness.ts), and a hand whose
// settlement's outcome is unknown is not guessed at: the table is reloaded from the database.
import { describe, expect, it, vi } from 'vitest';
import { Readiness } from '../../../src/server/cluster/readiness';
import { MemoryTableStore } from '../../support/store-memory';
import type { HandSettlement, SettlementResult } from '../../../src/server/tables/store';
import { seatStacks } from '../helpers/actor';
import { openTable } from './actor-harness';

const quiet = { warn: () => {}, info: () => {} };

describe('readiness', () => {
  it('is lost with any dependency, comes back when all answer (resuming once), and stays lost while draining', () => {
    const resume = vi.fn();
    const r = new Readiness(quiet, true, resume);
    expect(r.report()).toEqual({ ready: true, draining: false, database: 'up', redis: 'up' });
    r.set('redis', false, new Error('ECONNREFUSED'));
    r.set('database', false);
    expect(r.report()).toEqual({ ready: false, draining: false, database: 'down', redis: 'down' });
    r.set('redis', true);
    expect(r.ready).toBe(false);
    expect(resume).not.toHaveBeenCalled();
    r.set('database', true);
    r.set('database', true);
    expect(r.ready).toBe(true);
    expect(resume).toHaveBeenCalledTimes(1);
    r.drain();
    expect(r.report()).toMatchObject({ ready: false, draining: true });
    expect(r.dependenciesUp).toBe(true);
    expect(new Readiness(quiet, false, resume).report().redis).toBe('unused');
  });
});

describe('the dealing gate', () => {
  it('starts no hand while dependencies are down, and deals once told they are back', async () => {
    let up = false;
    const h = await openTable({}, { deps: { canDeal: () => up } });
    await h.seat([0, 1], 10_000);
    await h.settle(5000);
    expect(h.actor.handRunning()).toBe(false);
    expect(h.store.hands()).toHaveLength(0);
    up = true;
    await h.actor.resumeDealing();
    await h.settle(3000);
    expect(h.actor.handRunning()).toBe(true);
    expect(h.store.hands()).toHaveLength(1);
  });
});

/** The database went away mid-commit: the settlement fails and so does the void. */
class LostStore extends MemoryTableStore {
  lost = false;
  override settleHand(h: HandSettlement): Promise<SettlementResult> {
    return this.lost ? Promise.reject(new Error('Connection terminated unexpectedly')) : super.settleHand(h);
  }
  override voidHand(handId: number, reason: string): Promise<boolean> {
    return this.lost ? Promise.reject(new Error('connect ECONNREFUSED')) : super.voidHand(handId, reason);
  }
}

describe('a settlement of unknown outcome', () => {
  it('asks for the table to be reloaded and moves no stack; without a reloader the hand is voided in memory', async () => {
    for (const withReload of [true, false]) {
      const store = new LostStore();
      const reload = vi.fn();
      const h = await openTable({}, { store, deps: withReload ? { reload } : {} });
      await h.seat([0, 1], 10_000);
      await h.settle(3000);
      expect(h.actor.handRunning()).toBe(true);
      store.lost = true;
      // Both fold or check down to the end: the settlement is then attempted.
      for (let i = 0; i < 20 && h.actor.handRunning(); i++) {
        const view = h.actor.viewFor(null);
        const toAct = view.seats[view.hand!.toAct!]!.userId;
        await h.actor.handle({ kind: 'act', userId: toAct, action: { kind: 'fold' } });
        await h.settle();
      }
      const stacks = seatStacks(h.actor);
      if (withReload) {
        expect(reload).toHaveBeenCalledWith(7);
        // Nothing is guessed: the seats are as the hand left them, for the reload to replace.
        expect(stacks[0]! + stacks[1]!).toBeLessThan(20_000);
      } else {
        expect(stacks.slice(0, 2)).toEqual([10_000, 10_000]);
      }
    }
  });
});
