// A tournament survives a restart (docs/tournaments.md, Server): the app closes with a hand in
// play and another is built on the same database; the director resumes from the last settled
// hand, the hand in play is voided (its players keep the chips they had before it), the level
// clock does not count the time the room was down, and the tournament plays on to its winner.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { first, rows } from '../../src/server/db/client';
import * as money from '../../src/server/tournaments/money';
import type { StoredState } from '../../src/server/tournaments/stored-state';
import { JWT_SECRET, setupApp } from './helpers/app';
import { waitFor } from './helpers/tournament';

const live = { fastBots: true, botDelayMs: 30, betweenHands: 20, botIterations: 10, tournamentTickMs: 100 };
const ctx = setupApp({ live });
const LEVELS = {
  levels: [
    { level: 1, smallBlind: 50, bigBlind: 100, ante: 0, durationSec: 60 },
    { level: 2, smallBlind: 150, bigBlind: 300, ante: 25, durationSec: 60 },
    { level: 3, smallBlind: 400, bigBlind: 800, ante: 100, durationSec: 60 },
  ],
};

describe('tournament director restart', () => {
  it('resumes from the last settled hand: the hand in play voided, the downtime not on the clock', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      as: await ctx.admin(),
      payload: { name: 'Restart', kind: 'sng', buyIn: 10_000, fee: 0, startingStack: 1_500, tableSize: 6, minEntrants: 6, maxEntrants: 6, structure: LEVELS },
    });
    const id = res.json().id as number;
    expect(await ctx.app.live.tournaments.addBots(id, 6)).toBe(6);
    const db = ctx.services.db;
    const tables = sql`SELECT id FROM poker_tables WHERE tournament_id = ${id}`;
    const count = async (status: string) =>
      (await first<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM hands WHERE status = ${status} AND table_id IN (${tables})`))!.n;
    await waitFor(async () => (await count('settled')) >= 3 && (await count('running')) === 1, 30_000, 5);
    await ctx.app.close();
    const closedAt = Date.now();
    const running = await rows<{ id: number; start_stacks: Array<{ userId: number; stack: number }> }>(
      db,
      sql`SELECT id, start_stacks FROM hands WHERE status = 'running' AND table_id IN (${tables})`,
    );
    const before = (await first<{ state: StoredState }>(db, sql`SELECT state FROM tournaments WHERE id = ${id}`))!.state;
    expect(before.core.phase).toBe('running');

    // The room is down for a while.
    await new Promise((r) => setTimeout(r, 2_000));
    const reopenedAt = Date.now();
    ctx.app = await buildApp({ db: ctx.db.handle, jwtSecret: JWT_SECRET, admin: false, scrypt: { N: 2 ** 14, r: 8, p: 1 }, live });
    await ctx.app.ready();
    ctx.services = ctx.app.services;

    // The hand in play at the close is void, and its players start again from its starting stacks.
    for (const h of running) {
      const row = await first<{ status: string; void_reason: string }>(db, sql`SELECT status, void_reason FROM hands WHERE id = ${h.id}`);
      expect(row).toEqual({ status: 'voided', void_reason: 'tournament resumed' });
      const chips = await rows<{ user_id: number; chips: number }>(db, sql`SELECT user_id, chips FROM tournament_entries WHERE tournament_id = ${id}`);
      for (const p of h.start_stacks) expect(chips.find((c) => c.user_id === p.userId)?.chips).toBe(p.stack);
    }
    // Play goes on; the clock counts only time the director ran.
    const played = before.core.handsPlayed;
    await waitFor(async () => {
      const s = (await first<{ state: StoredState }>(db, sql`SELECT state FROM tournaments WHERE id = ${id}`))!.state;
      return s.core.handsPlayed > played;
    }, 20_000);
    const after = (await first<{ state: StoredState }>(db, sql`SELECT state FROM tournaments WHERE id = ${id}`))!.state;
    const counted = after.core.elapsedMs - before.core.elapsedMs;
    expect(counted).toBeGreaterThanOrEqual(0);
    expect(counted).toBeLessThanOrEqual(Date.now() - reopenedAt + 50);
    expect(counted).toBeLessThan(Date.now() - closedAt - 1_500);

    await waitFor(async () => (await ctx.call({ method: 'GET', url: `/api/v1/user/tournament/${id}` })).json().status === 'finished', 50_000, 200);
    const done = (await ctx.call({ method: 'GET', url: `/api/v1/user/tournament/${id}` })).json();
    expect(done.entries.map((e: { place: number }) => e.place).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await money.poolBalance(ctx.services.ledger, db, id)).toBe(0);
  }, 120_000);
});
