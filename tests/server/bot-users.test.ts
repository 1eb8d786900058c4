// The house bots' accounts are made as they are needed, by whoever needs them first: a house table
// filling its seats and a pool taking bots at the same moment each get as many as they asked for.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botUsers } from '../../src/server/accounts/user-records';
import { rows } from '../../src/server/db/client';
import { openTestDb, type TestDb } from './helpers/db';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(async () => {
  await testDb?.drop();
});

describe('the house bots’ accounts', () => {
  it('callers asking at once each get all they asked for, and no bot is made twice', async () => {
    const db = testDb.handle.db;
    const bots = async () => (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE is_bot`))[0].n;
    const had = await bots();
    const asks = [had + 4, had + 9, had + 6, had + 9, had + 2];
    const got = await Promise.all(asks.map((n) => botUsers(db, n)));
    expect(got.map((g) => g.length)).toEqual(asks);
    for (const g of got) expect(new Set(g.map((b) => b.userId)).size).toBe(g.length);
    expect(await bots()).toBe(had + 9);
    // The same bots for everyone: the first ones made.
    expect(got[0].map((b) => b.userId)).toEqual(got[1].slice(0, had + 4).map((b) => b.userId));
  });
});
