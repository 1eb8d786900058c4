// Tournament money (docs/tournaments.md): registration pays buy-in to the prize pool and fee to
// the house, unregistering and cancellation refund exactly what was paid, the house tops the pool
// up to the guarantee, prizes leave the pool; all through the ledger, which the harness checks
// sums to zero after every case.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { first, rows } from '../../src/server/db/client';
import * as money from '../../src/server/tournaments/money';
import { errCode, setupApp, type TestUser } from './helpers/app';
import { sixMaxSng } from './helpers/tournament';

const ctx = setupApp();
const A = '/api/v1/admin/tournament';
const U = '/api/v1/user/tournament';
const LEVELS = {
  levels: [
    { level: 1, smallBlind: 10, bigBlind: 20, ante: 0, durationSec: 300 },
    { breakSec: 300 },
    { level: 2, smallBlind: 20, bigBlind: 40, ante: 5, durationSec: 300 },
  ],
};
const SNG = sixMaxSng('Six-max turbo', LEVELS);
const later = () => new Date(Date.now() + 3_600_000).toISOString();

async function create(body: object = SNG): Promise<number> {
  const res = await ctx.call({ method: 'POST', url: A, as: await ctx.admin(), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const register = (id: number, as: TestUser) => ctx.call({ method: 'POST', url: `${U}/${id}/register`, as });
const unregister = (id: number, as: TestUser) => ctx.call({ method: 'POST', url: `${U}/${id}/unregister`, as });
const wallet = async (u: TestUser) => (await ctx.services.ledger.balances(ctx.services.db, u.userId)).available;
const pool = (id: number) => money.poolBalance(ctx.services.ledger, ctx.services.db, id);
const kinds = async (u: TestUser) =>
  (await ctx.call({ method: 'GET', url: '/api/v1/user/outcome?perPage=100', as: u }))
    .json()
    .items.map((i: { type: string; amount: number }) => [i.type, i.amount]);

describe('tournament registration through the ledger', () => {
  it('an administrator creates a sit & go; it is listed with its prize pool; bad structures are 400s', async () => {
    const id = await create();
    const list = await ctx.call({ method: 'GET', url: `${U}?status=registering` });
    expect(list.json().items.find((t: { id: number }) => t.id === id)).toMatchObject({
      kind: 'sng',
      buyIn: 10_000,
      fee: 1_000,
      entrants: 0,
      prizePool: 0,
      registered: false,
    });
    const detail = (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json();
    expect(detail.structure.levels).toHaveLength(3);
    expect(detail.payoutTable.length).toBeGreaterThan(3);

    const bad = [
      { ...SNG, structure: { levels: [{ breakSec: 300 }, ...LEVELS.levels] } },
      { ...SNG, startsAt: later() },
      { ...SNG, kind: 'mtt', startsAt: null, maxEntrants: 100 },
      { ...SNG, maxEntrants: 9 },
      { ...SNG, buyIn: -5 },
      { ...SNG, payoutTable: [{ maxEntrants: 6, percents: [6000, 3000] }] },
    ];
    for (const payload of bad) {
      const res = await ctx.call({ method: 'POST', url: A, as: await ctx.admin(), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errCode(res)).toBe('INVALID_INPUT');
    }
  });

  it('registering pays buy-in to the pool and the fee to the house; unregistering refunds both exactly', async () => {
    const id = await create();
    const p = await ctx.player({ balance: 50_000 });
    const rake0 = (await first<{ b: number }>(ctx.services.db, sql`SELECT balance AS b FROM accounts WHERE kind = 'rake'`))!.b;
    const res = await register(id, p);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ tournamentId: id, entryNo: 1, status: 'registered', paidBuyIn: 10_000, paidFee: 1_000, balance: 39_000 });
    expect(await wallet(p)).toBe(39_000);
    expect(await pool(id)).toBe(10_000);
    expect((await first<{ b: number }>(ctx.services.db, sql`SELECT balance AS b FROM accounts WHERE kind = 'rake'`))!.b).toBe(rake0 + 1_000);
    expect(await kinds(p)).toEqual(expect.arrayContaining([expect.arrayContaining(['TOURNAMENT_BUY_IN']), expect.arrayContaining(['TOURNAMENT_FEE'])]));
    const seen = (await ctx.call({ method: 'GET', url: `${U}/${id}`, as: p })).json();
    expect(seen).toMatchObject({ registered: true, entrants: 1, prizePool: 10_000 });
    expect(seen.entries).toEqual([expect.objectContaining({ userId: p.userId, status: 'registered', chips: 0, place: null })]);

    expect(errCode(await register(id, p))).toBe('ALREADY_REGISTERED');
    expect(await wallet(p)).toBe(39_000);

    expect((await unregister(id, p)).statusCode).toBe(200);
    expect(await wallet(p)).toBe(50_000);
    expect(await pool(id)).toBe(0);
    expect(errCode(await unregister(id, p))).toBe('NOT_REGISTERED');
    // A second registration is a new entry.
    expect((await register(id, p)).json().entryNo).toBe(2);
  });

  it('refuses without money, when full, and never sells more seats than the field, even racing', async () => {
    const id = await create();
    const poor = await ctx.player({ balance: 10_500 });
    const res = await register(id, poor);
    expect(res.statusCode).toBe(409);
    expect(errCode(res)).toBe('INSUFFICIENT_BALANCE');
    expect(await wallet(poor)).toBe(10_500);
    expect(await rows(ctx.services.db, sql`SELECT id FROM tournament_entries WHERE tournament_id = ${id}`)).toHaveLength(0);

    const players = await Promise.all(Array.from({ length: 9 }, () => ctx.player({ balance: 11_000 })));
    const answers = await Promise.all(players.map((p) => register(id, p)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(6);
    expect(answers.filter((a) => errCode(a) === 'TOURNAMENT_FULL')).toHaveLength(3);
    expect(await pool(id)).toBe(60_000);
    const paid = await Promise.all(players.map(wallet));
    expect(paid.filter((b) => b === 0)).toHaveLength(6);
    expect(paid.filter((b) => b === 11_000)).toHaveLength(3);

    // Once the filled sit & go has started, a late comer hears that it is full, and pays nothing.
    const status = async () => (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json().status as string;
    for (let i = 0; i < 100 && (await status()) !== 'running'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await status()).toBe('running');
    const late = await ctx.player({ balance: 11_000 });
    const answer = await register(id, late);
    expect(answer.statusCode).toBe(409);
    expect(errCode(answer)).toBe('TOURNAMENT_FULL');
    expect(await wallet(late)).toBe(11_000);
  });

  it('a cancelled tournament refunds everyone and closes registration; the audit trail has it', async () => {
    const id = await create({ ...SNG, kind: 'mtt', startsAt: later(), maxEntrants: 50, guarantee: 1_000_000 });
    const players = await Promise.all([1, 2, 3].map(() => ctx.player({ balance: 20_000 })));
    for (const p of players) expect((await register(id, p)).statusCode).toBe(201);
    expect((await ctx.call({ method: 'GET', url: `${U}/${id}` })).json().prizePool).toBe(1_000_000);

    const support = await ctx.staff('SUPPORT');
    expect((await ctx.call({ method: 'POST', url: `${A}/${id}/cancel`, as: support, payload: { reason: 'x' } })).statusCode).toBe(403);
    const res = await ctx.call({ method: 'POST', url: `${A}/${id}/cancel`, as: await ctx.admin(), payload: { reason: 'Server move' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Server move', playersLeft: 0 });
    for (const p of players) expect(await wallet(p)).toBe(20_000);
    expect(await pool(id)).toBe(0);
    expect(errCode(await register(id, await ctx.player({ balance: 20_000 })))).toBe('REGISTRATION_CLOSED');
    expect(errCode(await ctx.call({ method: 'POST', url: `${A}/${id}/cancel`, as: await ctx.admin(), payload: { reason: 'again' } }))).toBe(
      'TOURNAMENT_CANCELLED',
    );
    const trail = (await ctx.call({ method: 'GET', url: `/api/v1/admin/audit?action=tournament.cancel`, as: await ctx.admin() })).json();
    expect(trail.items.find((a: { objectId: string }) => a.objectId === String(id))).toMatchObject({ after: { reason: 'Server move', refunded: 3 } });
  });

  it('edits before the start; buy-in and fee are frozen once someone paid', async () => {
    const id = await create();
    const admin = await ctx.admin();
    const renamed = await ctx.call({ method: 'PATCH', url: `${A}/${id}`, as: admin, payload: { name: 'Evening turbo', buyIn: 20_000 } });
    expect(renamed.json()).toMatchObject({ name: 'Evening turbo', buyIn: 20_000 });
    await register(id, await ctx.player({ balance: 30_000 }));
    const refused = await ctx.call({ method: 'PATCH', url: `${A}/${id}`, as: admin, payload: { buyIn: 5_000 } });
    expect(refused.statusCode).toBe(409);
    expect((await ctx.call({ method: 'GET', url: `${U}/${id}` })).json().buyIn).toBe(20_000);
    expect((await ctx.call({ method: 'PATCH', url: `${A}/${id}`, as: admin, payload: { startsAt: later() } })).statusCode).toBe(400);
  });

  it('the house pays the overlay up to the guarantee, and the prizes empty the pool exactly', async () => {
    const id = await create({ ...SNG, kind: 'mtt', startsAt: later(), maxEntrants: 50, guarantee: 100_000 });
    const players = await Promise.all([1, 2, 3, 4].map(() => ctx.player({ balance: 11_000 })));
    for (const p of players) await register(id, p);
    const { ledger, db } = ctx.services;
    await ledger.transaction(async (tx) => {
      await tx.execute(sql`UPDATE tournaments SET status = 'running', started_at = now() WHERE id = ${id}`);
      await tx.execute(sql`UPDATE tournament_entries SET status = 'playing' WHERE tournament_id = ${id}`);
      expect(await money.payOverlay(ledger, tx, id, 100_000)).toBe(60_000);
      expect(await money.payOverlay(ledger, tx, id, 100_000)).toBe(0);
    });
    expect(await pool(id)).toBe(100_000);
    const entries = await rows<{ id: number; user_id: number }>(db, sql`SELECT id, user_id FROM tournament_entries WHERE tournament_id = ${id} ORDER BY id`);
    // 4 entrants: 65% / 35% of 100,000.
    const detail = (await ctx.call({ method: 'GET', url: `${U}/${id}` })).json();
    expect(detail.places).toEqual([
      { place: 1, amount: 65_000 },
      { place: 2, amount: 35_000 },
    ]);
    await ledger.transaction(async (tx) => {
      await money.award(ledger, tx, id, entries[3].id, 4, 0);
      await money.award(ledger, tx, id, entries[2].id, 3, 0);
      await money.award(ledger, tx, id, entries[1].id, 2, 35_000);
      await money.award(ledger, tx, id, entries[0].id, 1, 65_000);
    });
    expect(await pool(id)).toBe(0);
    expect(await wallet(players[0])).toBe(65_000);
    expect(await wallet(players[1])).toBe(35_000);
    expect(await kinds(players[0])).toEqual(expect.arrayContaining([['TOURNAMENT_PRIZE', 65_000]]));
    const again = ledger.transaction((tx) => money.award(ledger, tx, id, entries[0].id, 1, 65_000));
    await expect(again).rejects.toThrow(/not playing/);
  });
});
