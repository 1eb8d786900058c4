// The in-memory table store keeps the ledger's rules as the actor sees them: idempotent keys, no
// account but the bank below zero, a hand settled once and all at once, void hands moving nothing.
import { describe, expect, it } from 'vitest';
import { MemoryTableStore } from '../../support/store-memory';
import type { HandSettlement } from '../../../src/server/tables/store';

const T = 3;

function settlement(handId: number, players: Array<[number, number, number]>, over: Partial<HandSettlement> = {}): HandSettlement {
  return {
    tableId: T,
    handId,
    seed: 'ab',
    phh: 'variant = "NT"',
    summary: { ok: true },
    rake: 0,
    jackpotContribution: 0,
    badBeat: null,
    players: players.map(([userId, startStack, endStack], seat) => ({ userId, seat, isBot: false, startStack, endStack })),
    ...over,
  };
}

describe('memory table store', () => {
  it('moves chips between wallet and table once per key, and refuses what the wallet does not hold', async () => {
    const store = new MemoryTableStore();
    const a = store.addUser('a', 10_000);
    await store.buyIn(T, a.userId, 4000, false, 'k1');
    await store.buyIn(T, a.userId, 4000, false, 'k1'); // a replay moves nothing
    expect(store.balances(a.userId)).toEqual({ available: 6000, onTables: 4000 });
    await expect(store.addChips(T, a.userId, 7000, false, 'k2')).rejects.toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE' });
    await expect(store.cashOut(T, a.userId, 5000, false, 'k3')).rejects.toMatchObject({ status: 409 });
    expect(store.balances(a.userId)).toEqual({ available: 6000, onTables: 4000 });
    await store.cashOut(T, a.userId, 0, false, 'k4');
    await store.cashOut(T, a.userId, 4000, false, 'k5');
    expect(store.balances(a.userId)).toEqual({ available: 10_000, onTables: 0 });
    expect(store.transfers().map((t) => t.kind)).toEqual(['DEPOSIT', 'BUY_IN', 'LEAVE_SEAT']);
    expect(store.total()).toBe(0);
  });

  it('funds bots from the house, tops the bots account up from the bank, and creates bot users on demand', async () => {
    const store = new MemoryTableStore();
    const bots = await store.botUsers(3);
    expect(bots).toHaveLength(3);
    expect(await store.botUsers(2)).toEqual(bots.slice(0, 2));
    await store.buyIn(T, bots[0].userId, 5000, true, 'b1');
    expect(store.tableChips(T, bots[0].userId)).toBe(5000);
    expect(store.houseBalance('bots')).toBeGreaterThan(0);
    await store.cashOut(T, bots[0].userId, 5000, true, 'b2');
    expect(store.transfers().map((t) => t.kind)).toEqual(['BOT_FUNDING', 'BOT_FUNDING', 'BOT_RETURN']);
    expect(store.total()).toBe(0);
  });

  it('records hands: unique numbers, starting stacks equal to the table accounts, settled once, void moves nothing', async () => {
    const store = new MemoryTableStore();
    const [a, b] = [store.addUser('a', 10_000), store.addUser('b', 10_000)];
    await store.buyIn(T, a.userId, 5000, false, 'a');
    await store.buyIn(T, b.userId, 5000, false, 'b');
    const start = [
      { userId: a.userId, seat: 0, stack: 5000 },
      { userId: b.userId, seat: 1, stack: 5000 },
    ];
    await expect(store.startHand(T, 1, 'h', [{ ...start[0], stack: 4000 }, start[1]])).rejects.toThrow(/starts hand 1 with 4000/);
    const id = await store.startHand(T, 1, 'h', start, { cardsRoot: 'r', entropy: [{ seat: 0, entropy: 'e' }] });
    await expect(store.startHand(T, 1, 'h', start)).rejects.toThrow(/exists/);
    expect(await store.lastHandNumber(T)).toBe(1);
    // A pot that does not come out even, or stacks the hand did not start from, change nothing.
    await expect(
      store.settleHand(
        settlement(id, [
          [a.userId, 5000, 4000],
          [b.userId, 5000, 5900],
        ]),
      ),
    ).rejects.toThrow(/into the pot/);
    await expect(
      store.settleHand(
        settlement(id, [
          [a.userId, 4000, 3000],
          [b.userId, 5000, 6000],
        ]),
      ),
    ).rejects.toThrow(/did not start/);
    expect(store.hands(T)[0].status).toBe('running');
    const res = await store.settleHand(
      settlement(
        id,
        [
          [a.userId, 5000, 4000],
          [b.userId, 5000, 5950],
        ],
        { rake: 40, jackpotContribution: 10 },
      ),
    );
    expect(res).toEqual({ jackpot: 10, bonuses: [] });
    expect(store.hands(T)[0]).toMatchObject({
      status: 'settled',
      seed: 'ab',
      cardsRoot: 'r',
      players: [
        { userId: a.userId, seat: 0 },
        { userId: b.userId, seat: 1 },
      ],
    });
    await expect(
      store.settleHand(
        settlement(id, [
          [a.userId, 5000, 4000],
          [b.userId, 5000, 5950],
        ]),
      ),
    ).rejects.toThrow(/not running/);
    expect([store.tableChips(T, a.userId), store.tableChips(T, b.userId), store.houseBalance('rake'), store.potBalance(T)]).toEqual([4000, 5950, 40, 0]);

    const id2 = await store.startHand(T, 2, 'h2', [
      { userId: a.userId, seat: 0, stack: 4000 },
      { userId: b.userId, seat: 1, stack: 5950 },
    ]);
    await store.voidHand(id2, 'settlement failed');
    await expect(
      store.settleHand(
        settlement(id2, [
          [a.userId, 4000, 0],
          [b.userId, 5950, 9950],
        ]),
      ),
    ).rejects.toThrow(/not running/);
    expect(store.hands(T)[1]).toMatchObject({ status: 'voided', voidReason: 'settlement failed' });
    expect(store.transfers({ handId: id2 })).toEqual([]);
    expect(store.total()).toBe(0);
  });

  it('pays a bad beat from the whole jackpot: half to the loser, a quarter to the winner, a quarter shared', async () => {
    const store = new MemoryTableStore({ jackpot: 990 });
    const [a, b, c] = [store.addUser('a', 1000), store.addUser('b', 1000), store.addUser('c', 1000)];
    for (const u of [a, b, c]) await store.buyIn(T, u.userId, 1000, false, `in${u.userId}`);
    const id = await store.startHand(
      T,
      1,
      'h',
      [a, b, c].map((u, seat) => ({ userId: u.userId, seat, stack: 1000 })),
    );
    const res = await store.settleHand(
      settlement(
        id,
        [
          [a.userId, 1000, 0],
          [b.userId, 1000, 1990],
          [c.userId, 1000, 1000],
        ],
        {
          jackpotContribution: 10,
          badBeat: { loserUserId: a.userId, winnerUserId: b.userId, others: [c.userId] },
        },
      ),
    );
    expect(res.bonuses).toEqual([
      { userId: a.userId, amount: 500 },
      { userId: b.userId, amount: 250 },
      { userId: c.userId, amount: 250 },
    ]);
    expect(res.jackpot).toBe(0);
    expect(store.balances(a.userId).available).toBe(500);
    expect(store.total()).toBe(0);
  });

  it('recovers like a restart: running hands void, every chip on a table goes home, seats empty', async () => {
    const store = new MemoryTableStore();
    const a = store.addUser('a', 10_000);
    const [bot] = await store.botUsers(1);
    await store.buyIn(T, a.userId, 5000, false, 'a');
    await store.buyIn(T, bot.userId, 5000, true, 'bot');
    await store.seatTaken(T, 0, a.userId, false);
    await store.startHand(T, 1, 'h', [
      { userId: a.userId, seat: 0, stack: 5000 },
      { userId: bot.userId, seat: 1, stack: 5000 },
    ]);
    expect(await store.recover()).toEqual({ voided: 1, returned: 2 });
    expect(store.balances(a.userId)).toEqual({ available: 10_000, onTables: 0 });
    expect(store.tableChips(T, bot.userId)).toBe(0);
    expect(store.seats(T)).toEqual([]);
    expect(store.total()).toBe(0);
  });
});
