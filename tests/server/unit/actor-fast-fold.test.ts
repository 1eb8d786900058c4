// Fast fold at a pool's table (docs/fast-fold.md): on the player's own turn it folds now, or, with
// nothing to call (the engine refuses that fold, as PokerKit does), checks now and folds at the
// first bet. It used to answer the refused fold, and the player's "Fold and go" did nothing.
import { describe, expect, it } from 'vitest';
import { cashPolicy } from '../../../src/server/tables/policy';
import { expectConserved, headsUpOrder, openTable } from './actor-harness';

async function poolTable() {
  const folds: Array<{ userId: number; timedOut: boolean }> = [];
  const h = await openTable({}, { policy: { ...cashPolicy, folded: (userId, _behind, timedOut) => void folds.push({ userId, timedOut }) } });
  const [a, b] = await h.seat([0, 1], 5000);
  await h.settle(2000);
  expect(h.actor.viewFor(null).hand).toBeTruthy();
  return { h, a, b, folds };
}

describe('fast fold at a pool table', () => {
  it('on the turn, facing a bet: folds now, and the pool hears of it', async () => {
    const { h, a, b, folds } = await poolTable();
    // Heads-up preflop: the small blind acts first, facing the big blind.
    const [sb] = headsUpOrder(h.actor, a, b);
    expect(await h.actor.handle({ kind: 'fastFold', userId: sb.userId })).toEqual({ ok: true });
    await h.settle();
    expect(folds).toEqual([{ userId: sb.userId, timedOut: false }]);
    expectConserved(h.store);
  });

  it('on the turn with nothing to call: checks now, then folds at the first bet', async () => {
    const { h, a, b, folds } = await poolTable();
    const [sb, bb] = headsUpOrder(h.actor, a, b);
    expect(await h.actor.handle({ kind: 'act', userId: sb.userId, action: { kind: 'call' } })).toEqual({ ok: true });
    await h.settle();
    // The big blind may check: "Fold and go" is accepted, and checks.
    expect(headsUpOrder(h.actor, a, b)[0]).toBe(bb);
    expect(await h.actor.handle({ kind: 'fastFold', userId: bb.userId })).toEqual({ ok: true });
    await h.settle();
    const flop = h.actor.viewFor(null).hand!;
    expect(flop.board).toHaveLength(3);
    expect(folds).toEqual([]);
    // After the flop the big blind acts first: still nothing to call, so the marked seat checks again.
    await h.settle();
    expect(headsUpOrder(h.actor, a, b)[0]).toBe(sb);
    expect(await h.actor.handle({ kind: 'act', userId: sb.userId, action: { kind: 'bet', to: 200 } })).toEqual({ ok: true });
    await h.settle();
    // The first bet: folded, without being asked.
    expect(folds).toEqual([{ userId: bb.userId, timedOut: false }]);
    expectConserved(h.store);
  });

  it('refused off the hand: nobody is moved', async () => {
    const { h, folds } = await poolTable();
    const stranger = h.player(10_000);
    expect(await h.actor.handle({ kind: 'fastFold', userId: stranger.userId })).toMatchObject({ ok: false, error: { code: 'NOT_SEATED' } });
    expect(folds).toEqual([]);
  });
});
