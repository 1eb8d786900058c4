// Hand histories of live hands reproduce their own result: house bots play raked hands (rake and
// jackpot cut), and every stored PHH replays through the engine, with the recorded cut, to its
// own finishing_stacks and winnings; each betting action's decision time is recorded beside it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compareFinishingStacks, parsePhh, replayHand } from '../../src/poker';
import { tableBody } from '../support/table-body';
import { setupApp } from './helpers/app';

const ctx = setupApp({ live: { fastBots: true, betweenHands: 0, botIterations: 10 } });
const HANDS = 60;

describe('live hand histories', () => {
  it(`${HANDS} raked bot hands replay exactly to their recorded finishing stacks`, async () => {
    const admin = await ctx.admin();
    for (const variant of ['NT', 'PO'] as const) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/admin/table',
        as: admin,
        payload: tableBody(`PHH ${variant}`, { variant, rakeCap: 300 }),
      });
      const tableId = res.json().tableId as number;
      expect((await ctx.call({ method: 'PUT', url: `/api/v1/admin/table/simulate?tableId=${tableId}`, as: admin })).statusCode).toBe(200);
    }
    const settled = async () =>
      Number(((await ctx.services.db.execute(sql`SELECT count(*)::int AS n FROM hands WHERE status = 'settled'`)).rows[0] as { n: number }).n);
    for (let i = 0; i < 600 && (await settled()) < HANDS; i++) await new Promise((r) => setTimeout(r, 100));
    for (const actor of ctx.app.live.registry.all()) await actor.handle({ kind: 'simulation', on: false });
    const hands = (await ctx.services.db.execute(sql`SELECT id, phh, summary FROM hands WHERE status = 'settled' ORDER BY id`)).rows as Array<{
      id: number;
      phh: string;
      summary: { decisionMs: number[] };
    }>;
    expect(hands.length).toBeGreaterThanOrEqual(HANDS);
    let raked = 0;
    for (const h of hands) {
      const parsed = parsePhh(h.phh);
      expect(parsed.ok, `hand ${h.id}`).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.hand.fields._hand_id).toBe(h.id);
      for (const f of ['time', 'time_zone', 'day', 'month', 'year', 'winnings']) expect(parsed.hand.fields[f], `${f} of hand ${h.id}`).toBeDefined();
      if (parsed.hand.fields._cuts !== undefined) raked++;
      // One decision time per betting action of the record (fold, check or call, bet or raise).
      const bettingActions = parsed.hand.actions.filter((a) => / (f|cc|cbr)( |$)/.test(a)).length;
      expect(h.summary.decisionMs, `decision times of hand ${h.id}`).toHaveLength(bettingActions);
      expect(h.summary.decisionMs.every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
      const replay = replayHand(parsed.hand);
      expect(replay.ok, `hand ${h.id}: ${replay.ok ? '' : replay.error}`).toBe(true);
      if (!replay.ok) continue;
      const cmp = compareFinishingStacks(parsed.hand, replay.state.stacks);
      expect(cmp && typeof cmp === 'object' && cmp.matches, `hand ${h.id}: ${JSON.stringify(cmp)}`).toBe(true);
    }
    // The test means something only if the house took its cut in many of them.
    expect(raked).toBeGreaterThan(hands.length / 4);
  });
});
