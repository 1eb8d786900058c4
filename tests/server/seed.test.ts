// The first start seeds the demo room: cash tables, and a sit & go and a scheduled tournament open
// for registration, so a new room's Tournament tab is not empty; a second start seeds nothing more.
import { describe, expect, it } from 'vitest';
import { nextEvening, seedOnce } from '../../src/server/seed';
import { setupApp } from './helpers/app';

const ctx = setupApp();

describe('first start', () => {
  it('lists a sit & go and a scheduled tournament open for registration, with valid structures', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/user/tournament' });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: Array<{ id: number; name: string; kind: string; status: string; startsAt: string | null }> }).items;
    const sng = items.find((t) => t.kind === 'sng');
    const mtt = items.find((t) => t.kind === 'mtt');
    expect(sng).toMatchObject({ name: 'Turbo Sit & Go 6-max', status: 'registering', startsAt: null });
    expect(mtt).toMatchObject({ name: "Evening Hold'em", status: 'registering' });
    expect(Date.parse(mtt!.startsAt!)).toBeGreaterThan(Date.now() + 3_600_000);
    // Their detail pages answer through the contract (validateResponses): structure and payouts are valid.
    for (const t of [sng!, mtt!]) expect((await ctx.call({ method: 'GET', url: `/api/v1/user/tournament/${t.id}` })).statusCode).toBe(200);
    expect(await seedOnce(ctx.services.db)).toBe(false);
  });

  it('schedules the tournament for the next 20:00 in Ulaanbaatar, at least two hours ahead', () => {
    expect(nextEvening(new Date('2026-11-28T09:00:00Z'))).toBe('2026-11-28T12:00:00.000Z');
    expect(nextEvening(new Date('2026-11-28T10:30:00Z'))).toBe('2026-11-29T12:00:00.000Z');
    expect(nextEvening(new Date('2026-11-28T23:00:00Z'))).toBe('2026-11-29T12:00:00.000Z');
  });
});
