// The whole history in one file: GET /user/hand/export.phhs streams every hand the player sat in
// (or a range of days), oldest first, each as that player saw it, with the count in a header;
// batches of any size give the same file, and every hand parses as PHH.
import { describe, expect, it } from 'vitest';
import { parsePhh } from '../../src/poker';
import { HAND_COUNT_HEADER, MY_HANDS_EXPORT_PATH } from '../../src/shared/api/live';
import { exportMyHands } from '../../src/server/tables/history';
import { ManualClock } from '../../src/server/core/clock';
import { tableBody } from '../support/table-body';
import { errCode, setupApp } from './helpers/app';
import { quiet as quietTable } from './helpers/quiet';

const clock = new ManualClock();
const ctx = setupApp({ live: { clock, fastBots: true, betweenHands: 500, botIterations: 20 } });
const HANDS = 5;

const quiet = (tableId: number, ms = 0) => quietTable(ctx.app, clock, tableId, ms);

const collect = async (gen: AsyncGenerator<string>) => {
  let text = '';
  for await (const chunk of gen) text += chunk;
  return text;
};

describe('downloading my hands', () => {
  it('streams every hand as the player saw it, with its count; filters by day; refuses bad ranges', async () => {
    const admin = await ctx.admin();
    const tableId = (await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Export') })).json().tableId as number;
    const actor = ctx.app.live.registry.get(tableId)!;
    const a = await ctx.player({ balance: 20_000 });
    const b = await ctx.player({ balance: 20_000 });
    await actor.handle({ kind: 'sit', user: { userId: a.userId, username: a.username }, seat: 0, buyIn: 5000 });
    await actor.handle({ kind: 'sit', user: { userId: b.userId, username: b.username }, seat: 1, buyIn: 5000 });
    for (let played = 0; played < HANDS;) {
      await quiet(tableId, 1000);
      const hand = actor.viewFor(null).hand;
      if (!hand || hand.toAct === null) continue;
      expect(await actor.handle({ kind: 'act', userId: actor.viewFor(null).seats[hand.toAct]!.userId, action: { kind: 'fold' } })).toEqual({ ok: true });
      played++;
    }
    await quiet(tableId, 1000);

    const res = await ctx.call({ method: 'GET', url: MY_HANDS_EXPORT_PATH, as: a });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="mongol-poker-hands-\d{4}-\d{2}-\d{2}\.phhs"/);
    expect(Number(res.headers[HAND_COUNT_HEADER])).toBeGreaterThanOrEqual(HANDS);
    const count = Number(res.headers[HAND_COUNT_HEADER]);
    const parts = res.body.split(/^\[\d+\]\n/m).slice(1);
    expect(parts).toHaveLength(count);
    expect([...res.body.matchAll(/^\[(\d+)\]$/gm)].map((m) => Number(m[1]))).toEqual([...Array(count).keys()].map((i) => i + 1));
    const ids = [...res.body.matchAll(/^# hand (\d+),/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    for (const part of parts) {
      const phh = parsePhh(part.replace(/^#.*\n/, ''));
      expect(phh.ok, part).toBe(true);
      // The other player's cards were never shown (every hand ended on a fold).
      expect(part).toMatch(/"d dh p\d \?\?\?\?"/);
    }

    // Any batch size gives the same file.
    const small = await collect(exportMyHands(ctx.services.db, a.userId, {}, 2));
    expect(small).toBe(res.body);

    // Days: today holds them all, a range before today none.
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await ctx.call({ method: 'GET', url: `${MY_HANDS_EXPORT_PATH}?from=${today}&to=${today}`, as: a });
    expect(ranged.headers[HAND_COUNT_HEADER]).toBe(String(count));
    const before = await ctx.call({ method: 'GET', url: `${MY_HANDS_EXPORT_PATH}?to=2020-01-01`, as: a });
    expect(before.statusCode).toBe(200);
    expect(before.headers[HAND_COUNT_HEADER]).toBe('0');
    expect(before.body).toBe('');
    // Someone who never played gets an empty file; nobody gets another player's hands.
    const other = await ctx.call({ method: 'GET', url: MY_HANDS_EXPORT_PATH, as: await ctx.player() });
    expect(other.headers[HAND_COUNT_HEADER]).toBe('0');

    for (const q of ['from=2026-02-30', 'from=yesterday', 'from=2026-05-02&to=2026-05-01', 'page=2']) {
      const bad = await ctx.call({ method: 'GET', url: `${MY_HANDS_EXPORT_PATH}?${q}`, as: a });
      expect(bad.statusCode, q).toBe(400);
      expect(errCode(bad)).toBe('INVALID_INPUT');
    }
    expect((await ctx.call({ method: 'GET', url: MY_HANDS_EXPORT_PATH })).statusCode).toBe(401);
  });
});
