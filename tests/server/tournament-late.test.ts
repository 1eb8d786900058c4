// Late registration and re-entry through the real server (docs/tournaments.md, Late
// registration): after the start a player registers and is seated within a tick (at a table
// opened for them, the only one being full); bots join late and those knocked out enter again as
// new entries; at the
// end of the late levels registration closes (409 after), the house pays the overlay, and the
// tournament plays to a winner with places 1..entries and the prizes exactly the pool.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parsePhh } from '../../src/poker';
import { rows } from '../../src/server/db/client';
import * as money from '../../src/server/tournaments/money';
import { errCode, setupApp } from './helpers/app';
import { FAST_BLINDS, blindLevels, waitFor } from './helpers/tournament';

const onPg = process.env.TEST_DB === 'pg';
// A short pause between hands: the levels run on the clock (10 s), and hands dealt back to back
// while a case waits for a level to end only burn the machine (a core for the whole file).
const ctx = setupApp({ live: { fastBots: true, betweenHands: 100, botIterations: 10, tournamentTickMs: 100, tournamentActionTime: 1 } });
const A = '/api/v1/admin/tournament';
const U = '/api/v1/user/tournament';
const BUY_IN = 10_000;
const GUARANTEE = 400_000;
// The quick schedule's first two levels, then steep, so the field is all in within a few hands
// once registration has closed.
const LEVELS = blindLevels([...FAST_BLINDS.slice(0, 2), [2000, 4000, 500], [10000, 20000, 2000], [50000, 100000, 10000]]);

type Player = Awaited<ReturnType<typeof ctx.player>>;

/** A scheduled heads-up-table tournament with late registration, and helpers around it. */
async function lateTournament(lateRegLevels: number, extra: Record<string, number> = {}) {
  const admin = await ctx.admin();
  const created = await ctx.call({
    method: 'POST',
    url: A,
    as: admin,
    payload: {
      name: 'Late MTT',
      kind: 'mtt',
      buyIn: BUY_IN,
      fee: 1_000,
      startingStack: 1_500,
      tableSize: 2,
      minEntrants: 2,
      maxEntrants: 40,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      guarantee: GUARANTEE,
      lateRegLevels,
      reentryMax: 3,
      structure: { levels: LEVELS },
      ...extra,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const detail = async (as?: Player) => (await ctx.call({ method: 'GET', url: `${U}/${id}`, as })).json();
  const overlays = async () =>
    (await rows<{ amount: number }>(ctx.services.db, sql`SELECT amount FROM transfers WHERE kind = 'TOURNAMENT_OVERLAY' AND reference = ${`T${id}`}`)).map(
      (r) => r.amount,
    );
  // Two players fill the one heads-up table, and it starts.
  const early = [await ctx.player({ balance: 50_000 }), await ctx.player({ balance: 50_000 })];
  for (const u of early) expect((await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: u })).statusCode).toBe(201);
  await ctx.call({ method: 'PATCH', url: `${A}/${id}`, as: admin, payload: { startsAt: new Date(Date.now() + 500).toISOString() } });
  await waitFor(async () => (await detail()).status === 'running', 15_000);
  // A player steps away: folded at once from now on, at this table and any they are moved to.
  const away = async (userId: number) => {
    let tableId = 0;
    // Once the director has opened the table and seated the player there.
    await waitFor(async () => {
      tableId = (await detail()).entries.find((e: { userId: number; status: string }) => e.userId === userId && e.status === 'playing')?.tableId ?? 0;
      return !!ctx.app.live.registry.get(tableId)?.seatOf(userId);
    }, 10_000);
    const r = await ctx.app.live.registry.get(tableId)!.handle({ kind: 'leave', userId });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };
  for (const u of early) await away(u.userId);
  return { id, admin, detail, overlays, away, early };
}

/** Finished: places 1..entries, the prizes exactly the pool (buy-ins or the guarantee), the pool empty, the ledger at zero. */
async function expectPaidExactly(id: number, overlays: () => Promise<number[]>) {
  const entries = await rows<{ place: number | null; prize: number; paid_buy_in: number }>(
    ctx.services.db,
    sql`SELECT place, prize, paid_buy_in FROM tournament_entries WHERE tournament_id = ${id} AND status <> 'refunded'`,
  );
  expect(entries.map((e) => e.place).sort((a, b) => a! - b!)).toEqual(Array.from({ length: entries.length }, (_, i) => i + 1));
  // Rebuys and add-ons put their buy-in in the pool too (refunded ones are back out).
  const bought = await rows<{ s: number }>(
    ctx.services.db,
    sql`SELECT coalesce(sum(paid_buy_in), 0)::bigint AS s FROM tournament_purchases WHERE tournament_id = ${id} AND status = 'applied'`,
  );
  const buyIns = entries.reduce((a, e) => a + e.paid_buy_in, 0) + Number(bought[0].s);
  const pool = Math.max(buyIns, GUARANTEE);
  expect(await overlays()).toEqual(buyIns < GUARANTEE ? [GUARANTEE - buyIns] : []);
  expect(entries.reduce((a, e) => a + e.prize, 0)).toBe(pool);
  const prizes = await rows<{ amount: number }>(ctx.services.db, sql`SELECT amount FROM transfers WHERE kind = 'TOURNAMENT_PRIZE' AND reference = ${`T${id}`}`);
  expect(prizes.reduce((a, r) => a + r.amount, 0)).toBe(pool);
  expect(await money.poolBalance(ctx.services.ledger, ctx.services.db, id)).toBe(0);
  const total = await rows<{ s: number }>(ctx.services.db, sql`SELECT coalesce(sum(balance), 0)::bigint AS s FROM accounts`);
  expect(Number(total[0].s)).toBe(0);
}

describe('late registration and re-entry', () => {
  it('closes at the end of its levels while players are left: no overlay before, refused after, then paid exactly', { timeout: 120_000 }, async () => {
    // Two players away at one heads-up table pass the blinds back and forth: nobody is out
    // before level 3's blinds, which come after registration has closed (end of level 1).
    const { id, detail, overlays } = await lateTournament(1);
    expect(await overlays()).toEqual([]);
    await waitFor(async () => (await detail()).lateRegOpen === false, 20_000);
    const closed = await detail();
    expect(closed.status).toBe('running');
    expect(closed.playersLeft).toBe(2);
    // The pool (2 buy-ins) is below the guarantee: the house paid the difference, once.
    expect(await overlays()).toEqual([GUARANTEE - 2 * BUY_IN]);
    const late = await ctx.player({ balance: 50_000 });
    const refused = await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: late });
    expect(errCode(refused)).toBe('REGISTRATION_CLOSED');
    expect((await ctx.services.ledger.balances(ctx.services.db, late.userId)).available).toBe(50_000);
    await waitFor(async () => (await detail()).status === 'finished', 60_000, 200);
    await expectPaidExactly(id, overlays);
    // Its hands' PHH name the event and the blind level, and no currency (chips are not money).
    const phh = await rows<{ phh: string }>(
      ctx.services.db,
      sql`SELECT phh FROM hands WHERE status = 'settled' AND table_id IN (SELECT id FROM poker_tables WHERE tournament_id = ${id}) ORDER BY id`,
    );
    expect(phh.length).toBeGreaterThan(0);
    for (const h of phh) {
      const parsed = parsePhh(h.phh);
      expect(parsed.ok).toBe(true);
      expect(h.phh).toContain('event = "Late MTT"');
      expect(h.phh).not.toContain('currency');
    }
    expect(phh[0].phh).toMatch(/^level = 1$/m);
    expect(phh.at(-1)!.phh).toMatch(/^level = [3-5]$/m);
  });

  // In full on PostgreSQL; the embedded database runs the first case as a smoke test (CI time).
  it.runIf(onPg)('seats late entries, lets the knocked-out enter again, and pays exactly', { timeout: 180_000 }, async () => {
    const { id, admin, detail, overlays, away } = await lateTournament(2);
    const started = await detail();
    expect(started).toMatchObject({ lateRegOpen: true, entrants: 2 });
    expect(Date.parse(started.lateRegEndsAt)).toBeGreaterThan(Date.now());

    // A player registers late: the only table is full, so a second one opens for them.
    const p = await ctx.player({ balance: 50_000 });
    const reg = await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: p });
    expect(reg.statusCode, reg.body).toBe(201);
    expect((await ctx.services.ledger.balances(ctx.services.db, p.userId)).available).toBe(50_000 - BUY_IN - 1_000);
    const seated = (e: { userId: number; status: string; tableId: number | null }) => e.userId === p.userId && e.status === 'playing' && e.tableId !== null;
    await waitFor(async () => (await detail()).entries.some(seated), 5_000);
    const tables = await rows<{ id: number }>(ctx.services.db, sql`SELECT id FROM poker_tables WHERE tournament_id = ${id} ORDER BY id`);
    expect(tables.length).toBe(2);
    expect((await detail()).entries.find(seated).tableId).toBe(tables[1].id);
    expect(ctx.app.live.registry.get(tables[1].id)?.seatedUserIds()).toEqual([p.userId]);
    await away(p.userId);
    expect(errCode(await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: p }))).toBe('ALREADY_REGISTERED');

    // Bots join late; those knocked out while registration is open enter again (new entries).
    expect((await ctx.call({ method: 'POST', url: `${A}/${id}/bots`, as: admin, payload: { count: 7 } })).statusCode).toBe(200);
    await waitFor(async () => (await detail()).entries.some((e: { status: string }) => e.status === 'busted'), 20_000);
    const mid = await detail();
    expect(mid.lateRegOpen).toBe(true);
    // Knocked out during late registration: no place yet (the field is not final).
    for (const e of mid.entries.filter((x: { status: string }) => x.status === 'busted')) expect(e.place).toBeNull();
    const more = await ctx.call({ method: 'POST', url: `${A}/${id}/bots`, as: admin, payload: { count: 40 } });
    expect(more.statusCode, more.body).toBe(200);
    const reentries = await rows<{ user_id: number; n: number }>(
      ctx.services.db,
      sql`SELECT user_id, count(*)::int AS n FROM tournament_entries WHERE tournament_id = ${id} AND status <> 'refunded' GROUP BY user_id HAVING count(*) > 1`,
    );
    expect(reentries.length).toBeGreaterThan(0);

    // It closes (at the end of level 2, or sooner with one player left): a registration is refused after.
    await waitFor(async () => (await detail()).lateRegOpen === false, 30_000);
    const late = await ctx.player({ balance: 50_000 });
    const refused = await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: late });
    expect(refused.statusCode).toBe(409);
    expect(errCode(refused)).toBe('REGISTRATION_CLOSED');
    expect((await ctx.services.ledger.balances(ctx.services.db, late.userId)).available).toBe(50_000);

    await waitFor(async () => (await detail()).status === 'finished', 120_000, 200);
    await expectPaidExactly(id, overlays);
  });

  it.runIf(onPg)(
    'rebuys at or below the starting stack, one add-on in the last rebuy level, paid exactly and closed with late registration',
    { timeout: 120_000 },
    async () => {
      const { id, detail, overlays, early } = await lateTournament(2, { rebuyLevels: 2, rebuyMax: 2, addonChips: 3_000 });
      const buy = (as: (typeof early)[number], kind: 'rebuy' | 'addon') => ctx.call({ method: 'POST', url: `${U}/${id}/${kind}`, as });
      const chipsOf = async (userId: number) => (await detail()).entries.find((e: { userId: number }) => e.userId === userId);
      expect((await detail()).rebuyOpen).toBe(true);
      const wallet = async (userId: number) => (await ctx.services.ledger.balances(ctx.services.db, userId)).available;
      // The blinds go back and forth between the two: whoever is at or below 1,500 now may rebuy
      // (the other gets STACK_TOO_BIG, which charges nothing).
      const before = await Promise.all(early.map((u) => wallet(u.userId)));
      let k = 0;
      let r = await buy(early[k], 'rebuy');
      for (let tries = 0; r.statusCode !== 201 && tries < 20; tries++) {
        expect(errCode(r)).toBe('STACK_TOO_BIG');
        k = 1 - k;
        r = await buy(early[k], 'rebuy');
      }
      expect(r.statusCode, r.body).toBe(201);
      const p = early[k];
      const q = early[1 - k];
      expect(await wallet(q.userId)).toBe(before[1 - k]);
      expect(r.json()).toMatchObject({ kind: 'rebuy', chips: 1_500, paidBuyIn: BUY_IN, paidFee: 1_000 });
      expect(await wallet(p.userId)).toBe(before[k] - BUY_IN - 1_000);
      // The chips go on within a tick (after the hand in play): about 3,000 now, give or take a blind.
      await waitFor(async () => (await chipsOf(p.userId)).rebuys === 1 && (await chipsOf(p.userId)).chips > 2_500, 5_000);
      // Above the starting stack: no second rebuy; no add-on before the last rebuy level.
      expect(errCode(await buy(p, 'rebuy'))).toBe('STACK_TOO_BIG');
      expect(errCode(await buy(q, 'addon'))).toBe('ADDON_CLOSED');
      await waitFor(async () => (await detail()).addonOpen === true, 15_000);
      expect((await buy(q, 'addon')).statusCode).toBe(201);
      expect(errCode(await buy(q, 'addon'))).toBe('NO_ADDON');
      await waitFor(async () => (await chipsOf(q.userId)).addon === true && (await chipsOf(q.userId)).chips > 4_000, 5_000);
      // Closed with late registration; then played out and paid exactly.
      await waitFor(async () => (await detail()).lateRegOpen === false, 20_000);
      expect(errCode(await buy(p, 'rebuy'))).toBe('REBUY_CLOSED');
      const history = await rows<{ kind: string; amount: number }>(
        ctx.services.db,
        sql`SELECT kind, amount FROM transfers WHERE reference = ${`T${id}`} AND kind IN ('TOURNAMENT_REBUY', 'TOURNAMENT_ADDON') ORDER BY id`,
      );
      expect(history).toEqual([
        { kind: 'TOURNAMENT_REBUY', amount: BUY_IN },
        { kind: 'TOURNAMENT_ADDON', amount: BUY_IN },
      ]);
      await waitFor(async () => (await detail()).status === 'finished', 60_000, 200);
      await expectPaidExactly(id, overlays);
    },
  );
});
