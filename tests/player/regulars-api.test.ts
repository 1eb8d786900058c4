// The regulars' routes (issue 33, src/shared/api/regulars.ts): the player's paths are theirs, all
// in the route table but the streamed download, and their schemas refuse what the server refuses.
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/shared/api';
import { HandSearchQuery, PushSubscriptionBody, PutNoteBody, regularsRoutes } from '../../src/shared/api/regulars';
import { regularsPaths } from '../../src/player/api/regularsApi';

describe("the regulars' routes", () => {
  it('the player calls exactly their paths, each in the route table but the streamed download', () => {
    for (const [name, path] of Object.entries(regularsPaths)) expect(path, name).toBe(regularsRoutes[name as keyof typeof regularsRoutes].path);
    const existing = new Set(Object.values(routes).map((r) => `${r.method} ${r.path}`));
    for (const [name, r] of Object.entries(regularsRoutes)) expect(existing.has(`${r.method} ${r.path}`), r.path).toBe(name !== 'handSearchExport');
  });

  it('a note needs a tag or some text, at most 1,000 characters, a known colour', () => {
    expect(PutNoteBody.safeParse({ tag: 'red', note: '' }).success).toBe(true);
    expect(PutNoteBody.safeParse({ tag: null, note: '  calls light  ' }).data).toEqual({ tag: null, note: 'calls light' });
    expect(PutNoteBody.safeParse({ tag: null, note: '   ' }).success).toBe(false);
    expect(PutNoteBody.safeParse({ tag: 'pink', note: 'x' }).success).toBe(false);
    expect(PutNoteBody.safeParse({ tag: null, note: 'x'.repeat(1001) }).success).toBe(false);
    expect(PutNoteBody.safeParse({ tag: null, note: 'x', userId: 3 }).success).toBe(false);
  });

  it('the hand search takes cards as players write them, and ranges in order', () => {
    const q = (extra: Record<string, string>) => HandSearchQuery.safeParse({ page: '1', perPage: '25', ...extra });
    for (const cards of ['AhKd', 'QQ', 'AKs', 'AKo', 'AK', '72o']) expect(q({ cards }).success, cards).toBe(true);
    for (const cards of ['QQs', 'AhAh', 'ak', 'AKx', 'A', 'AhK']) expect(q({ cards }).success, cards).toBe(false);
    expect(
      q({ from: '2026-11-01', to: '2026-11-30', minPot: '1000', maxPot: '5000', bigBlind: '1000', position: 'BTN', result: 'won', variant: 'PO' }).success,
    ).toBe(true);
    expect(q({ from: '2026-11-30', to: '2026-11-01' }).success).toBe(false);
    expect(q({ minPot: '5000', maxPot: '100' }).success).toBe(false);
    expect(q({ from: '2026-02-30' }).success).toBe(false);
    expect(q({ position: 'DEALER' }).success).toBe(false);
    expect(q({ unknown: 'x' }).success).toBe(false);
  });

  it('a push subscription is an https endpoint with its keys, some kinds, each once, and a language', () => {
    const ok = {
      endpoint: 'https://push.example.com/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
      kinds: ['yourTurn', 'cashier'],
      language: 'mn',
    };
    expect(PushSubscriptionBody.safeParse(ok).success).toBe(true);
    expect(PushSubscriptionBody.safeParse({ ...ok, endpoint: 'http://push.example.com/x' }).success).toBe(false);
    expect(PushSubscriptionBody.safeParse({ ...ok, kinds: [] }).success).toBe(false);
    expect(PushSubscriptionBody.safeParse({ ...ok, kinds: ['cashier', 'cashier'] }).success).toBe(false);
    expect(PushSubscriptionBody.safeParse({ ...ok, kinds: ['spam'] }).success).toBe(false);
    expect(PushSubscriptionBody.safeParse({ ...ok, keys: { p256dh: 'short', auth: 'a'.repeat(22) } }).success).toBe(false);
  });
});
