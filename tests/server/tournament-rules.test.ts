// The tournament rules found by playing as players would (issue 28): each refusal has its own code,
// a structure's blinds never go down, the page reads one snapshot, and the database keeps a
// tournament's and a hand's status moving forward only (migration 0700).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../src/server/db/client';
import { errCode, setupApp } from './helpers/app';
import { sixMaxSng } from './helpers/tournament';

const ctx = setupApp();
const A = '/api/v1/admin/tournament';
const U = '/api/v1/user/tournament';
const LEVELS = {
  levels: [
    { level: 1, smallBlind: 10, bigBlind: 20, ante: 0, durationSec: 300 },
    { level: 2, smallBlind: 20, bigBlind: 40, ante: 5, durationSec: 300 },
  ],
};

async function create(body: object = sixMaxSng('Rules', LEVELS)): Promise<number> {
  const res = await ctx.call({ method: 'POST', url: A, as: await ctx.admin(), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** The database's own message (drizzle wraps it in "Failed query: ..."). */
async function refusal(q: Promise<unknown>): Promise<string> {
  try {
    await q;
  } catch (e) {
    const err = e as { message: string; cause?: { message?: string } };
    return err.cause?.message ?? err.message;
  }
  return 'accepted';
}

describe('tournament rules', () => {
  it('leaving or cancelling a finished or cancelled tournament says which', async () => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 50_000 });
    const cancelled = await create();
    expect((await ctx.call({ method: 'POST', url: `${U}/${cancelled}/register`, as: p })).statusCode).toBe(201);
    const c = await ctx.call({ method: 'POST', url: `${A}/${cancelled}/cancel`, as: admin, payload: { reason: 'test' } });
    expect(c.statusCode, c.body).toBe(200);
    const again = await ctx.call({ method: 'POST', url: `${A}/${cancelled}/cancel`, as: admin, payload: { reason: 'again' } });
    expect([again.statusCode, errCode(again)]).toEqual([409, 'TOURNAMENT_CANCELLED']);
    const left = await ctx.call({ method: 'POST', url: `${U}/${cancelled}/unregister`, as: p });
    expect([left.statusCode, errCode(left)]).toEqual([409, 'TOURNAMENT_CANCELLED']);
    const edit = await ctx.call({ method: 'PATCH', url: `${A}/${cancelled}`, as: admin, payload: { name: 'Renamed' } });
    expect([edit.statusCode, errCode(edit)]).toEqual([409, 'TOURNAMENT_CANCELLED']);

    const finished = await create();
    await ctx.services.db.execute(sql`UPDATE tournaments SET status = 'running', started_at = now() WHERE id = ${finished}`);
    await ctx.services.db.execute(sql`UPDATE tournaments SET status = 'finished', finished_at = now() WHERE id = ${finished}`);
    const over = await ctx.call({ method: 'POST', url: `${A}/${finished}/cancel`, as: admin, payload: { reason: 'late' } });
    expect([over.statusCode, errCode(over)]).toEqual([409, 'TOURNAMENT_FINISHED']);
  });

  it('edits refused after players paid have their own codes', async () => {
    const admin = await ctx.admin();
    const id = await create();
    for (let i = 0; i < 3; i++)
      expect((await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: await ctx.player({ balance: 11_000 }) })).statusCode).toBe(201);
    const fee = await ctx.call({ method: 'PATCH', url: `${A}/${id}`, as: admin, payload: { fee: 500 } });
    expect([fee.statusCode, errCode(fee)]).toEqual([409, 'TOURNAMENT_PAID']);
    const max = await ctx.call({
      method: 'PATCH',
      url: `${A}/${id}`,
      as: admin,
      payload: { kind: 'mtt', startsAt: new Date(Date.now() + 3_600_000).toISOString(), minEntrants: 2, maxEntrants: 2 },
    });
    expect([max.statusCode, errCode(max)]).toEqual([409, 'ENTRANTS_ABOVE_MAX']);
    const both = await ctx.call({ method: 'PATCH', url: `${A}/${id}`, as: admin, payload: { minEntrants: 6, maxEntrants: 5 } });
    expect([both.statusCode, errCode(both)]).toEqual([400, 'INVALID_INPUT']);
  });

  it('a structure whose blinds or ante go down is refused', async () => {
    const down = [
      { level: 1, smallBlind: 20, bigBlind: 40, ante: 0, durationSec: 300 },
      { level: 2, smallBlind: 10, bigBlind: 20, ante: 0, durationSec: 300 },
    ];
    const anteDown = [
      { level: 1, smallBlind: 10, bigBlind: 20, ante: 5, durationSec: 300 },
      { level: 2, smallBlind: 20, bigBlind: 40, ante: 0, durationSec: 300 },
    ];
    for (const levels of [down, anteDown]) {
      const res = await ctx.call({ method: 'POST', url: A, as: await ctx.admin(), payload: sixMaxSng('Down', { levels }) });
      expect([res.statusCode, errCode(res)]).toEqual([400, 'INVALID_INPUT']);
      expect(res.body).toContain('cannot go down');
    }
  });

  it('the tournament page reads the state and the entries in one statement (one snapshot)', async () => {
    const id = await create();
    await ctx.call({ method: 'POST', url: `${U}/${id}/register`, as: await ctx.player({ balance: 11_000 }) });
    let statements = 0;
    const db = ctx.services.db;
    const counting = { execute: (q: unknown) => (statements++, db.execute(q as never)) } as unknown as Executor;
    const detail = await ctx.services.tournaments.get(id, null, counting);
    expect(detail.entries).toHaveLength(1);
    expect(statements).toBe(1);
  });

  it('the database keeps statuses moving forward', async () => {
    const db = ctx.services.db;
    const id = await create();
    expect(await refusal(db.execute(sql`UPDATE tournaments SET status = 'finished' WHERE id = ${id}`))).toMatch(/cannot go from registering to finished/);
    await db.execute(sql`UPDATE tournaments SET status = 'running', started_at = now() WHERE id = ${id}`);
    expect(await refusal(db.execute(sql`UPDATE tournaments SET status = 'registering' WHERE id = ${id}`))).toMatch(/cannot go from running/);
    expect(await refusal(db.execute(sql`UPDATE tournaments SET late_reg_open = true, status = 'finished' WHERE id = ${id}`))).toMatch(
      /tournaments_sales_running/,
    );

    const table = await ctx.services.tables.create({
      name: 'Final hands',
      variant: 'NT',
      smallBlind: 50,
      bigBlind: 100,
      minBuyIn: 2_000,
      maxBuyIn: 10_000,
      maxPlayers: 6,
    } as never);
    const [h] = (
      await db.execute(sql`INSERT INTO hands (table_id, hand_number, seed_hash, start_stacks) VALUES (${table.tableId}, 1, 'x', '[]'::jsonb) RETURNING id`)
    ).rows as Array<{ id: number }>;
    await db.execute(sql`UPDATE hands SET status = 'voided', ended_at = now(), void_reason = 'test' WHERE id = ${h!.id}`);
    expect(await refusal(db.execute(sql`UPDATE hands SET status = 'settled', seed = 'x' WHERE id = ${h!.id}`))).toMatch(/its record is final/);
    expect(await refusal(db.execute(sql`UPDATE hands SET status = 'running', ended_at = NULL WHERE id = ${h!.id}`))).toMatch(/its record is final/);
  });
});
