// The ledger service itself (what the live tables will use): batches, idempotency, guards,
// immutability, the conservation check; plus chat history, public reads and static files.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { InsufficientFundsError } from '../../src/server/core/errors';
import { JWT_SECRET, setupApp } from './helpers/app';

const ctx = setupApp();
const ledger = () => ctx.services.ledger;
const key = (s: string) => `${s}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

async function seatedPlayers(n: number, stack: number, tableId: number) {
  const players = [];
  for (let i = 0; i < n; i++) {
    const p = await ctx.player({ balance: stack * 2 });
    await ledger().transaction((tx) =>
      ledger().transfer(tx, {
        key: key('buyin'),
        from: { userId: p.userId, kind: 'available' },
        to: { userId: p.userId, kind: 'table', tableId },
        amount: stack,
        kind: 'BUY_IN',
        tableId,
      }),
    );
    players.push(p);
  }
  return players;
}

/**
 * A settlement's transfers at table `tableId`, keyed `${prefix}:${name}` (and linked to `handId`
 * when given): a player's chips into the pot, the house's cuts from it, the pot to a player.
 */
function settlement(prefix: string, tableId: number, handId?: number) {
  const move = <F, T, K>(name: string, from: F, to: T, amount: number, kind: K) => ({
    key: `${prefix}:${name}`,
    from,
    to,
    amount,
    kind,
    tableId,
    ...(handId === undefined ? {} : { handId }),
  });
  const seat = (userId: number) => ({ userId, kind: 'table' as const, tableId });
  const pot = { pot: tableId };
  return {
    loss: (name: string, userId: number, amount: number) => move(name, seat(userId), pot, amount, 'GAMEPLAY_LOSS' as const),
    rake: (name: string, amount: number) => move(name, pot, { house: 'rake' as const }, amount, 'RAKE' as const),
    jackpot: (name: string, amount: number) => move(name, pot, { house: 'jackpot' as const }, amount, 'JACKPOT_CONTRIBUTION' as const),
    win: (name: string, userId: number, amount: number) => move(name, pot, seat(userId), amount, 'GAMEPLAY_WIN' as const),
  };
}

describe('ledger service', () => {
  it('settles a hand in one batch: losers to winner, rake and jackpot; the player sees locked chips', async () => {
    const tableId = Number((await ctx.call({ method: 'GET', url: '/api/v1/user/table' })).json().items[0].tableId);
    const [a, b, c] = await seatedPlayers(3, 10_000, tableId);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/me', as: a })).json()).toMatchObject({ balance: 10_000, locked: 10_000 });
    const hand = settlement(key('hand'), tableId, 1);
    const batch = [
      hand.loss('b', b.userId, 2_000),
      hand.loss('c', c.userId, 2_000),
      hand.rake('rake', 200),
      hand.jackpot('jp', 40),
      hand.win('a', a.userId, 3_760),
    ];
    const seen: number[] = [];
    const off = ledger().onBalanceChanged((id) => seen.push(id));
    const rakeBefore = await ledger().houseBalance(ctx.services.db, 'rake');
    const res = await ledger().transaction((tx) => ledger().transferMany(tx, batch));
    off();
    expect(res.replayed).toBe(false);
    expect(res.transfers).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set([a.userId, b.userId, c.userId]));
    expect((await ledger().balances(ctx.services.db, a.userId)).tables).toBe(13_760);
    expect((await ledger().balances(ctx.services.db, b.userId)).tables).toBe(8_000);
    expect(await ledger().houseBalance(ctx.services.db, 'rake')).toBe(rakeBefore + 200);
    // A retry of the same settlement moves nothing.
    const again = await ledger().transaction((tx) => ledger().transferMany(tx, batch));
    expect(again.replayed).toBe(true);
    expect(again.transfers.map((t) => t.id)).toEqual(res.transfers.map((t) => t.id));
    expect((await ledger().balances(ctx.services.db, a.userId)).tables).toBe(13_760);
    // The winner's game history links the hand.
    const out = (await ctx.call({ method: 'GET', url: '/api/v1/user/outcome?type=GAMEPLAY_WIN', as: a })).json();
    expect(out.items[0]).toMatchObject({ type: 'GAMEPLAY_WIN', amount: 3_760, handId: 1, tableId });
    const lossOut = (await ctx.call({ method: 'GET', url: '/api/v1/user/outcome?type=GAMEPLAY_LOSS,BUY_IN', as: b })).json();
    expect(lossOut.items.map((o: { type: string; amount: number }) => [o.type, o.amount])).toEqual([
      ['GAMEPLAY_LOSS', -2_000],
      ['BUY_IN', -10_000],
    ]);
  });

  it('refuses a batch that would overdraw any non-bank account, and rolls all of it back', async () => {
    const p = await ctx.player({ balance: 1_000 });
    const q = await ctx.player();
    const k = key('over');
    await expect(
      ledger().transaction((tx) =>
        ledger().transferMany(tx, [
          { key: `${k}:1`, from: { userId: p.userId, kind: 'available' }, to: { userId: q.userId, kind: 'available' }, amount: 600, kind: 'ADJUSTMENT' },
          { key: `${k}:2`, from: { userId: p.userId, kind: 'available' }, to: { userId: q.userId, kind: 'available' }, amount: 600, kind: 'ADJUSTMENT' },
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await ledger().balances(ctx.services.db, p.userId)).available).toBe(1_000);
    expect((await ledger().balances(ctx.services.db, q.userId)).available).toBe(0);
    // House accounts other than the bank cannot go negative either.
    await expect(
      ledger().transaction((tx) =>
        ledger().transfer(tx, { key: key('jp'), from: { house: 'bots' }, to: { userId: q.userId, kind: 'available' }, amount: 10 ** 15, kind: 'BONUS' }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it('validates amounts and refuses a key reused for a different transfer', async () => {
    const p = await ctx.player({ balance: 5_000 });
    const base = {
      from: { userId: p.userId, kind: 'available' as const },
      to: { userId: p.userId, kind: 'withdrawal_hold' as const },
      kind: 'ADJUSTMENT' as const,
    };
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 53, Infinity]) {
      await expect(ledger().transaction((tx) => ledger().transfer(tx, { ...base, key: key('bad'), amount }))).rejects.toThrow();
    }
    const k = key('reuse');
    await ledger().transaction((tx) => ledger().transfer(tx, { ...base, key: k, amount: 100 }));
    await expect(ledger().transaction((tx) => ledger().transfer(tx, { ...base, key: k, amount: 200 }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    await ledger().transaction((tx) => ledger().transfer(tx, { ...base, key: key('back'), from: base.to, to: base.from, amount: 100 }));
  });

  it('racing retries of one key move the money once', async () => {
    const p = await ctx.player({ balance: 5_000 });
    const k = key('race');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        ledger().transaction((tx) =>
          ledger().transfer(tx, { key: k, from: { userId: p.userId, kind: 'available' }, to: { house: 'jackpot' }, amount: 1_000, kind: 'ADJUSTMENT' }),
        ),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect((await ledger().balances(ctx.services.db, p.userId)).available).toBe(4_000);
  });

  it('transfers are immutable and the CHECK constraint guards balances in SQL', async () => {
    await expect(ctx.services.db.execute(sql`UPDATE transfers SET amount = amount + 1`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/immutable/) },
    });
    await expect(ctx.services.db.execute(sql`DELETE FROM transfers`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/immutable/) } });
    const p = await ctx.player();
    await expect(ctx.services.db.execute(sql`UPDATE accounts SET balance = -1 WHERE user_id = ${p.userId} AND kind = 'available'`)).rejects.toThrow();
  });

  describe('in one statement (transferAtomic: settlements, bot top-ups)', () => {
    it('keeps awkward text as given: quotes, braces, commas, a backslash, the word NULL, Cyrillic, and a real null', async () => {
      const tableId = Number((await ctx.call({ method: 'GET', url: '/api/v1/user/table' })).json().items[0].tableId);
      const [a, b] = await seatedPlayers(2, 5_000, tableId);
      const hand = settlement(key('odd'), tableId);
      const odd = [
        { ...hand.loss('odd1', b.userId, 10), reason: 'a "quoted", {braced} \\ NULL Монгол' },
        { ...hand.win('odd2', a.userId, 10), reason: undefined },
      ];
      await ledger().transferAtomic(odd);
      const reasons = await ctx.services.db.execute(sql`SELECT reason FROM transfers WHERE idempotency_key IN (${odd[0].key}, ${odd[1].key}) ORDER BY id`);
      expect(reasons.rows.map((r) => (r as { reason: string | null }).reason)).toEqual([odd[0].reason, null]);
    });

    it('moves a settlement with its prelude, reports balances, and a retry moves nothing', async () => {
      const tableId = Number((await ctx.call({ method: 'GET', url: '/api/v1/user/table' })).json().items[0].tableId);
      const [a, b] = await seatedPlayers(2, 5_000, tableId);
      const k = key('atomic');
      const marker = k.slice(-12);
      const hand = settlement(k, tableId);
      const batch = [hand.loss('b', b.userId, 1_000), hand.rake('rake', 50), hand.win('a', a.userId, 950)];
      const prelude = sql`note AS (INSERT INTO chat_messages (user_id, table_id, text) VALUES (${a.userId}, ${tableId}, ${marker}) RETURNING id)`;
      const jackpotId = await ledger().accountId(ctx.services.db, { house: 'jackpot' });
      const seen: number[] = [];
      const off = ledger().onBalanceChanged((id) => seen.push(id));
      const res = await ledger().transferAtomic(batch, { prelude: () => prelude, report: [jackpotId] });
      off();
      expect(res.replayed).toBe(false);
      expect(new Set(seen)).toEqual(new Set([a.userId, b.userId]));
      expect(res.balances.get(jackpotId)).toBe(await ledger().houseBalance(ctx.services.db, 'jackpot'));
      expect((await ledger().balances(ctx.services.db, a.userId)).tables).toBe(5_950);
      expect((await ledger().balances(ctx.services.db, b.userId)).tables).toBe(4_000);
      const notes = async () => (await ctx.services.db.execute(sql`SELECT id FROM chat_messages WHERE text = ${marker}`)).rows.length;
      expect(await notes()).toBe(1);
      // Every column as given, in the order given (the statement sends one array per column).
      const stored = await ctx.services.db.execute(
        sql`SELECT idempotency_key, amount, kind, reference, table_id, hand_id, reason FROM transfers WHERE idempotency_key LIKE ${k + '%'} ORDER BY id`,
      );
      expect(stored.rows.map((r) => (r as { idempotency_key: string }).idempotency_key)).toEqual(batch.map((t) => t.key));
      expect(stored.rows.map((r) => Number((r as { amount: number }).amount))).toEqual([1_000, 50, 950]);
      const again = await ledger().transferAtomic(batch);
      expect(again.replayed).toBe(true);
      expect((await ledger().balances(ctx.services.db, a.userId)).tables).toBe(5_950);
      // Part of the batch applied before: the whole statement aborts, its prelude included.
      const partial = [...batch, { ...batch[0], key: `${k}:b2` }];
      await expect(
        ledger().transferAtomic(partial, {
          prelude: () => sql`note AS (INSERT INTO chat_messages (user_id, table_id, text) VALUES (${a.userId}, ${tableId}, ${marker}) RETURNING id)`,
        }),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
      expect(await notes()).toBe(1);
      expect((await ledger().balances(ctx.services.db, b.userId)).tables).toBe(4_000);
      await ctx.services.db.execute(sql`DELETE FROM chat_messages WHERE text = ${marker}`); // other cases read this table's chat
    });

    it('refuses an overdraft in SQL and rolls the whole statement back', async () => {
      const p = await ctx.player({ balance: 1_000 });
      const q = await ctx.player();
      const k = key('atomic-over');
      await expect(
        ledger().transferAtomic([
          { key: `${k}:1`, from: { userId: p.userId, kind: 'available' }, to: { userId: q.userId, kind: 'available' }, amount: 600, kind: 'ADJUSTMENT' },
          { key: `${k}:2`, from: { userId: p.userId, kind: 'available' }, to: { userId: q.userId, kind: 'available' }, amount: 600, kind: 'ADJUSTMENT' },
        ]),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
      expect((await ledger().balances(ctx.services.db, p.userId)).available).toBe(1_000);
      expect((await ledger().balances(ctx.services.db, q.userId)).available).toBe(0);
      expect((await ctx.services.db.execute(sql`SELECT 1 FROM transfers WHERE idempotency_key LIKE ${`${k}%`}`)).rows).toHaveLength(0);
    });

    it("another failure in the statement stays what it is: not an overdraft, not the batch's idempotency guard", async () => {
      const p = await ctx.player({ balance: 1_000 });
      const q = await ctx.player();
      const k = key('atomic-other');
      const batch = [
        {
          key: `${k}:1`,
          from: { userId: p.userId, kind: 'available' as const },
          to: { userId: q.userId, kind: 'available' as const },
          amount: 100,
          kind: 'ADJUSTMENT' as const,
        },
      ];
      // Another CHECK of the statement (a note on oneself) is not "insufficient funds".
      const check = ledger().transferAtomic(batch, {
        prelude: () => sql`bad AS (INSERT INTO player_notes (owner_id, target_id, note) VALUES (${p.userId}, ${p.userId}, 'x') RETURNING 1)`,
      });
      await expect(check).rejects.not.toBeInstanceOf(InsufficientFundsError);
      await expect(check).rejects.not.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      // An exception raised in the statement (as a trigger raises one) is not IDEMPOTENCY_MISMATCH,
      // although the statement's text names that guard.
      const raised = ledger().transferAtomic(batch, {
        prelude: () => sql`bad AS (INSERT INTO chat_messages (user_id, text) SELECT ${p.userId}, ledger_abort('SOMETHING_ELSE')::text RETURNING 1)`,
      });
      await expect(raised).rejects.not.toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
      await expect(raised).rejects.toThrow(/SOMETHING_ELSE/);
      expect((await ledger().balances(ctx.services.db, p.userId)).available).toBe(1_000);
    });

    it('racing batches over the same house accounts, in both orders, all land exactly (no deadlock, no lost update)', async () => {
      const players = await Promise.all(Array.from({ length: 6 }, () => ctx.player({ balance: 10_000 })));
      const before = { rake: await ledger().houseBalance(ctx.services.db, 'rake'), jackpot: await ledger().houseBalance(ctx.services.db, 'jackpot') };
      const k = key('atomic-race');
      await Promise.all(
        players.flatMap((p, i) =>
          Array.from({ length: 5 }, (_, j) => {
            const toRake = {
              key: `${k}:${i}:${j}:r`,
              from: { userId: p.userId, kind: 'available' as const },
              to: { house: 'rake' as const },
              amount: 10,
              kind: 'ADJUSTMENT' as const,
            };
            const toJackpot = {
              key: `${k}:${i}:${j}:j`,
              from: { userId: p.userId, kind: 'available' as const },
              to: { house: 'jackpot' as const },
              amount: 7,
              kind: 'ADJUSTMENT' as const,
            };
            return ledger().transferAtomic((i + j) % 2 ? [toRake, toJackpot] : [toJackpot, toRake]);
          }),
        ),
      );
      expect(await ledger().houseBalance(ctx.services.db, 'rake')).toBe(before.rake + 6 * 5 * 10);
      expect(await ledger().houseBalance(ctx.services.db, 'jackpot')).toBe(before.jackpot + 6 * 5 * 7);
      for (const p of players) expect((await ledger().balances(ctx.services.db, p.userId)).available).toBe(10_000 - 5 * 17);
    });
  });

  it('the conservation check notices a balance that no transfer explains', async () => {
    const p = await ctx.player({ balance: 2_000 });
    await ctx.services.db.execute(sql`UPDATE accounts SET balance = balance + 1 WHERE user_id = ${p.userId} AND kind = 'available'`);
    try {
      const report = await ledger().checkConservation();
      expect(report.ok).toBe(false);
      expect(report.total).toBe(1);
      expect(report.mismatches).toHaveLength(1);
    } finally {
      await ctx.services.db.execute(sql`UPDATE accounts SET balance = balance - 1 WHERE user_id = ${p.userId} AND kind = 'available'`);
    }
  });
});

describe('chat history', () => {
  it('answers the newest messages in chronological order, global or per table', async () => {
    const p = await ctx.player();
    const tableId = Number((await ctx.call({ method: 'GET', url: '/api/v1/user/table' })).json().items[0].tableId);
    for (let i = 1; i <= 5; i++) await ctx.services.chat.post(p.userId, `hello ${i}`);
    await ctx.services.chat.post(p.userId, 'at the table', tableId);
    const res = (await ctx.call({ method: 'GET', url: '/api/chat/messages?limit=3', as: p })).json();
    expect(res.items.map((m: { text: string }) => m.text)).toEqual(['hello 3', 'hello 4', 'hello 5']);
    expect(res.items[0]).toMatchObject({ userId: p.userId, username: p.username, tableId: null });
    const table = (await ctx.call({ method: 'GET', url: `/api/chat/messages?tableId=${tableId}`, as: p })).json();
    expect(table.items.map((m: { text: string }) => m.text)).toEqual(['at the table']);
    expect((await ctx.call({ method: 'GET', url: '/api/chat/messages', as: p })).json().items.length).toBeLessThanOrEqual(50);
    expect((await ctx.call({ method: 'GET', url: '/api/chat/messages?limit=101', as: p })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: '/api/chat/messages' })).statusCode).toBe(401);
  });
});

describe('public reads', () => {
  it('user search returns only safe fields of active users', async () => {
    const p = await ctx.player({ prefix: 'tsetseg' });
    const res = (await ctx.call({ method: 'GET', url: '/api/v1/user/search?q=tsetseg', as: p })).json();
    expect(res.items).toEqual([{ userId: p.userId, username: p.username }]);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/search?q=tsetseg' })).statusCode).toBe(401);
  });

  it('the jackpot amount is the jackpot account balance', async () => {
    const amount = (await ctx.call({ method: 'GET', url: '/api/v1/user/jackpot' })).json().amount;
    expect(amount).toBe(await ledger().houseBalance(ctx.services.db, 'jackpot'));
  });
});

describe('static files', () => {
  it('serves dist/: admin.html under /admin, index.html for other pages, JSON 404 for the API', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeFileSync(path.join(dir, 'index.html'), '<html>player</html>');
    writeFileSync(path.join(dir, 'admin.html'), '<html>admin</html>');
    writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
    const app = await buildApp({ db: ctx.db.handle, jwtSecret: JWT_SECRET, seed: false, admin: false, staticDir: dir });
    await app.ready();
    try {
      expect((await app.inject({ url: '/' })).body).toBe('<html>player</html>');
      expect((await app.inject({ url: '/table/3' })).body).toBe('<html>player</html>');
      expect((await app.inject({ url: '/admin' })).body).toBe('<html>admin</html>');
      expect((await app.inject({ url: '/admin/user/5' })).body).toBe('<html>admin</html>');
      expect((await app.inject({ url: '/app.js' })).body).toBe('console.log(1)');
      const api = await app.inject({ url: '/api/v1/user/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('NOT_FOUND');
    } finally {
      await app.close();
    }
  });
});
