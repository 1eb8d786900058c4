// The bad-beat jackpot: four of a kind or better (both hole cards playing in hold'em) losing at
// showdown pays 50% to the loser, 25% to the winner and 25% shared by the others dealt in.
import { describe, expect, it } from 'vitest';
import { setupApp } from './helpers/app';

const ctx = setupApp();

describe('jackpot payout', () => {
  it('pays 50% / 25% / 25% as BONUS rows and empties the jackpot, in the settlement transaction', async () => {
    const players = await Promise.all([0, 1, 2].map(() => ctx.player({ balance: 10_000 })));
    const admin = await ctx.admin();
    const table = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/table',
      as: admin,
      payload: { name: 'JP', variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 1000, maxBuyIn: 10000, maxPlayers: 6 },
    });
    const tableId = table.json().tableId as number;
    const store = ctx.app.live.store;
    // A jackpot of 100,001 built up earlier (the odd tugrik goes to the loser's share).
    await ctx.services.ledger.transaction((tx) =>
      ctx.services.ledger.transfer(tx, { key: `jp-seed-${tableId}`, from: { house: 'bank' }, to: { house: 'jackpot' }, amount: 100_001, kind: 'ADJUSTMENT' }),
    );
    const before = await ctx.services.ledger.houseBalance(ctx.services.db, 'jackpot');
    for (const p of players) await store.buyIn(tableId, p.userId, 5000, false, `jp-buy-${p.userId}`);
    const handId = await store.startHand(
      tableId,
      1,
      'ab'.repeat(32),
      players.map((p, i) => ({ userId: p.userId, seat: i, stack: 5000 })),
    );
    const [loser, winner, other] = players;
    const result = await store.settleHand({
      tableId,
      handId,
      seed: 'cd'.repeat(32),
      phh: 'variant = "NT"',
      summary: {},
      players: [
        { userId: loser.userId, seat: 0, isBot: false, startStack: 5000, endStack: 0 },
        { userId: winner.userId, seat: 1, isBot: false, startStack: 5000, endStack: 9900 },
        { userId: other.userId, seat: 2, isBot: false, startStack: 5000, endStack: 5000 },
      ],
      rake: 50,
      jackpotContribution: 50,
      badBeat: { loserUserId: loser.userId, winnerUserId: winner.userId, others: [other.userId] },
    });
    const pot = before + 50;
    const share = { loser: Math.floor(pot / 2), winner: Math.floor(pot / 4) };
    const rest = pot - share.loser - share.winner;
    expect(result.bonuses).toEqual([
      { userId: loser.userId, amount: share.loser },
      { userId: winner.userId, amount: share.winner },
      { userId: other.userId, amount: rest },
    ]);
    expect(result.jackpot).toBe(0);
    const outcome = await ctx.call({ method: 'GET', url: '/api/v1/user/outcome', as: loser });
    expect(outcome.json().items.find((i: { type: string }) => i.type === 'BONUS').amount).toBe(share.loser);
    const bal = await ctx.services.ledger.balances(ctx.services.db, loser.userId);
    expect(bal).toMatchObject({ available: 5000 + share.loser, locked: 0 });
    // Players still seated (table accounts) are cleared for the conservation check's sake.
    for (const [p, chips] of [
      [loser, 0],
      [winner, 9900],
      [other, 5000],
    ] as const)
      await store.cashOut(tableId, p.userId, chips, false, `jp-out-${p.userId}`);
  });
});
