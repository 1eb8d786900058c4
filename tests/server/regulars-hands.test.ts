// The hand search (issue 33): the player's own settled hands filtered by day, game, stake,
// position, cards, result and pot, paged and sorted; its download holds exactly the filtered set,
// each hand as the player saw it (the opponent's unshown cards hidden).
import { describe, expect, it } from 'vitest';
import { HAND_COUNT_HEADER } from '../../src/shared/api/live';
import { HAND_SEARCH_EXPORT_PATH, type HandSearchRow } from '../../src/shared/api/regulars';
import { positionOf } from '../../src/server/tables/hand-search';
import { ManualClock } from '../../src/server/core/clock';
import { tableBody } from '../support/table-body';
import { setupApp, type TestUser } from './helpers/app';
import { quiet } from './helpers/quiet';

const clock = new ManualClock();
// A long lease: a loaded machine must not hand the table to nobody mid-test.
const ctx = setupApp({ live: { clock, fastBots: true, betweenHands: 500, botIterations: 20, leaseTtlMs: 60_000 } });
const SEARCH = '/api/v1/user/hand/search';

/** The table's actor now (a write timed out on a loaded machine reloads the table: a new actor). */
const live = (tableId: number) => ctx.app.live.registry.get(tableId)!;
/** Plays out what is due, once the table is back in the registry if it was being reloaded. */
async function settle(tableId: number): Promise<void> {
  for (let i = 0; i < 100 && !ctx.app.live.registry.get(tableId); i++) await new Promise((r) => setTimeout(r, 50));
  await quiet(ctx.app, clock, tableId, 1000);
}

async function playFolds(hands: number): Promise<{ a: TestUser; b: TestUser }> {
  const admin = await ctx.admin();
  const tableId = (await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Search') })).json().tableId as number;
  const a = await ctx.player({ balance: 20_000 });
  const b = await ctx.player({ balance: 20_000 });
  await live(tableId).handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 0, buyIn: 5000 });
  await live(tableId).handle({ kind: 'sit', user: { userId: b.userId, username: b.username }, seat: 1, buyIn: 5000 });
  for (let played = 0; played < hands;) {
    await settle(tableId);
    const hand = live(tableId).viewFor(null).hand;
    if (!hand || hand.toAct === null) continue;
    await live(tableId).handle({ kind: 'act', userId: live(tableId).viewFor(null).seats[hand.toAct]!.userId, action: { kind: 'fold' } });
    played++;
  }
  await settle(tableId);
  return { a, b };
}

describe('searching my hands', () => {
  it('names positions from the button', () => {
    expect([0, 1].map((i) => positionOf(2, i))).toEqual(['BB', 'BTN']);
    expect([0, 1, 2, 3, 4, 5].map((i) => positionOf(6, i))).toEqual(['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN']);
    expect([...Array(9).keys()].map((i) => positionOf(9, i))).toEqual(['SB', 'BB', 'UTG', 'UTG1', 'UTG2', 'LJ', 'HJ', 'CO', 'BTN']);
  });

  it('filters, pages and downloads only the player own hands', async () => {
    const { a, b } = await playFolds(4);
    const search = async (as: TestUser, q = '') => {
      const res = await ctx.call({ method: 'GET', url: `${SEARCH}?perPage=100${q}`, as });
      expect(res.statusCode, q).toBe(200);
      return res.json() as { items: HandSearchRow[]; total: number };
    };
    const all = await search(a);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.items.map((r) => r.handId)).toEqual([...all.items.map((r) => r.handId)].sort((x, y) => y - x));
    const theirs = await search(b);
    expect(theirs.items.map((r) => r.handId)).toEqual(all.items.map((r) => r.handId));
    for (const r of all.items) {
      expect(r).toMatchObject({ variant: 'NT', tableName: 'Search' });
      expect(['BTN', 'BB']).toContain(r.position);
      expect(r.holeCards).toHaveLength(2);
      const other = theirs.items.find((x) => x.handId === r.handId)!;
      expect(other.net).toBe(-r.net);
      expect(other.holeCards).not.toEqual(r.holeCards);
    }
    // Each filter keeps exactly the rows it names.
    const count = async (q: string) => (await search(a, q)).total;
    expect((await count('&position=BTN')) + (await count('&position=BB'))).toBe(all.total);
    expect(await count('&position=CO')).toBe(0);
    expect((await count('&result=won')) + (await count('&result=lost')) + (await count('&result=even'))).toBe(all.total);
    expect((await search(a, '&result=won')).items.every((r) => r.net > 0)).toBe(true);
    const first = all.items[0];
    const [c1, c2] = first.holeCards!;
    expect((await search(a, `&cards=${c2}${c1}`)).items.map((r) => r.handId)).toContain(first.handId);
    const cls = c1[0] === c2[0] ? `${c1[0]}${c2[0]}` : `${c1[0]}${c2[0]}${c1[1] === c2[1] ? 's' : 'o'}`;
    expect((await search(a, `&cards=${cls}`)).items.map((r) => r.handId)).toContain(first.handId);
    expect(await count(`&minPot=${first.pot}&maxPot=${first.pot}`)).toBeGreaterThanOrEqual(1);
    expect(await count(`&minPot=${first.pot + 1}&maxPot=${first.pot + 1}`)).toBe(0);
    expect(await count('&variant=omaha')).toBe(0);
    expect(first.bigBlind).toBeGreaterThan(first.smallBlind);
    expect(first.smallBlind).toBeGreaterThan(0);
    expect(await count(`&bigBlind=${first.bigBlind}`)).toBe(all.total);
    expect(await count(`&bigBlind=${first.bigBlind + 1}`)).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(await count(`&from=${today}&to=${today}`)).toBe(all.total);
    expect(await count('&to=2020-01-01')).toBe(0);
    // Paged and sorted.
    const page2 = (await ctx.call({ method: 'GET', url: `${SEARCH}?perPage=1&page=2&sort=id&order=ASC`, as: a })).json();
    expect(page2.items.map((r: HandSearchRow) => r.handId)).toEqual([[...all.items].reverse()[1].handId]);
    for (const q of ['sort=seed', 'cards=AKx', 'position=DEALER', 'result=win', 'minPot=5&maxPot=1', 'from=2026-02-30'])
      expect((await ctx.call({ method: 'GET', url: `${SEARCH}?${q}`, as: a })).statusCode, q).toBe(400);

    // The download: the filtered set, oldest first, the opponent's folded cards hidden.
    const won = await search(a, '&result=won');
    const file = await ctx.call({ method: 'GET', url: `${HAND_SEARCH_EXPORT_PATH}?result=won`, as: a });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/plain/);
    expect(file.headers[HAND_COUNT_HEADER]).toBe(String(won.total));
    const ids = [...file.body.matchAll(/^# hand (\d+),/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(won.items.map((r) => r.handId).reverse());
    if (ids.length) expect(file.body).toMatch(/"d dh p\d \?\?\?\?"/);
    const none = await ctx.call({ method: 'GET', url: `${HAND_SEARCH_EXPORT_PATH}?position=CO`, as: a });
    expect([none.headers[HAND_COUNT_HEADER], none.body]).toEqual(['0', '']);
    expect((await ctx.call({ method: 'GET', url: `${HAND_SEARCH_EXPORT_PATH}?page=2`, as: a })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: HAND_SEARCH_EXPORT_PATH })).statusCode).toBe(401);
    // A stranger finds nothing.
    expect((await search(await ctx.player())).total).toBe(0);
  });
});
