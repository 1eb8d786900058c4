// Whoever is seated when a table's first hand starts is dealt in: two players who sat at an idle
// table are not passed over for house bots that arrived after them. Where a game is going, a
// newcomer still waits for the big blind.
import { describe, expect, it } from 'vitest';
import { openTable } from './actor-harness';

describe('the first hand at an idle table', () => {
  it('deals in the players who sat before the bots came', async () => {
    const h = await openTable();
    const [a, b] = await h.seat([0, 1], 10_000);
    await h.actor.handle({ kind: 'simulation', on: true });
    await h.settle(3000);
    const first = h.store.hands()[0];
    expect(first).toBeDefined();
    const dealt = first.startStacks.map((p) => p.userId);
    expect(dealt).toContain(a.userId);
    expect(dealt).toContain(b.userId);
    expect(dealt.length).toBeGreaterThan(2);
  });

  it('makes a newcomer wait for the big blind once a game is going', async () => {
    const h = await openTable();
    await h.seat([0, 1, 2], 10_000);
    await h.settle(3000);
    expect(h.actor.handRunning()).toBe(true);
    const [late] = await h.seat([4], 10_000);
    // Hands are folded round until the newcomer is dealt in.
    for (let i = 0; i < 40 && !h.store.hands().some((x) => x.startStacks.some((p) => p.userId === late.userId)); i++) {
      const view = h.actor.viewFor(null);
      if (view.hand?.toAct != null) await h.actor.handle({ kind: 'act', userId: view.seats[view.hand.toAct]!.userId, action: { kind: 'fold' } });
      await h.settle(3000);
    }
    const hands = h.store.hands();
    const firstWith = hands.find((x) => x.startStacks.some((p) => p.userId === late.userId))!;
    expect(hands.indexOf(firstWith)).toBeGreaterThan(0);
    // Dealt in first as the big blind: second in the engine's order (left of the button first).
    expect(firstWith.startStacks[1].userId).toBe(late.userId);
  });
});
