// A tournament of another game (issue 29): a five-card Omaha hi-lo sit & go filled with house bots
// deals that game at its table (five hole cards each, the PHH variant, a replay to the recorded
// stacks), and a game a deck cannot serve at the chosen table size is refused.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compareFinishingStacks, parsePhh, replayHand } from '../../src/poker';
import { rows } from '../../src/server/db/client';
import { setupApp } from './helpers/app';
import { FAST_LEVELS, sixMaxSng, waitFor } from './helpers/tournament';

const ctx = setupApp({ live: { fastBots: true, betweenHands: 0, botIterations: 4, tournamentTickMs: 100 } });

describe('a tournament of every game', () => {
  it('deals five-card Omaha hi-lo at its table', async () => {
    const admin = await ctx.admin();
    const nine = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      as: admin,
      payload: { ...sixMaxSng('Too many', FAST_LEVELS), variant: 'PO6', tableSize: 9, maxEntrants: 9, minEntrants: 9 },
    });
    expect(nine.statusCode).toBe(400);
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      as: admin,
      payload: { ...sixMaxSng('Hi-lo SNG', FAST_LEVELS), variant: 'PO5/8' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().variant).toBe('PO5/8');
    const id = res.json().id as number;
    expect((await ctx.call({ method: 'POST', url: `/api/v1/admin/tournament/${id}/bots`, as: admin, payload: { count: 6 } })).statusCode).toBe(200);
    const settled = () =>
      rows<{ phh: string; variant: string }>(
        ctx.services.db,
        sql`SELECT h.phh, t.variant FROM hands h JOIN poker_tables t ON t.id = h.table_id WHERE t.tournament_id = ${id} AND h.status = 'settled' ORDER BY h.id`,
      );
    await waitFor(async () => (await settled()).length >= 5, 60_000, 100);
    for (const h of await settled()) {
      expect(h.variant).toBe('PO5/8');
      const parsed = parsePhh(h.phh);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.hand.fields.variant).toBe('PO5/8');
      const dealt = parsed.hand.actions.filter((a) => a.startsWith('d dh '));
      expect(dealt.every((a) => a.split(' ')[3].length === 10)).toBe(true);
      const replay = replayHand(parsed.hand);
      expect(replay.ok).toBe(true);
      if (replay.ok) expect(compareFinishingStacks(parsed.hand, replay.state.stacks)).toMatchObject({ matches: true });
    }
  });
});
