// The cache of a user's own record: what it may store, when it forgets.
import { describe, expect, it } from 'vitest';
import { MeCache } from '../../../src/server/accounts/me-cache';
import type { Me } from '../../../src/shared/api/user';

const me = (balance: number): Me => ({
  userId: 1,
  username: 'bataa',
  email: 'b@x.mn',
  emailConfirmed: true,
  role: 'PLAYER',
  isAdmin: false,
  balance,
  locked: 0,
  bank: 'KHAN',
  accountNumber: '123456',
  depositCode: 'D1',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  payoutChangedAt: null,
  payoutHoldUntil: null,
});

describe('MeCache', () => {
  it('stores a read and serves it until invalidated', () => {
    const c = new MeCache(30_000);
    c.set(1, c.mark(), { me: me(10), tokenVersion: 0 });
    expect(c.get(1)?.me.balance).toBe(10);
    c.invalidate(1);
    expect(c.get(1)).toBeUndefined();
    // A read that starts after the invalidation may store again.
    c.set(1, c.mark(), { me: me(20), tokenVersion: 0 });
    expect(c.get(1)?.me.balance).toBe(20);
  });

  it('never stores a read that began before an invalidation (a commit raced it)', () => {
    const c = new MeCache(30_000);
    const mark = c.mark();
    c.invalidate(1);
    c.set(1, mark, { me: me(10), tokenVersion: 0 });
    expect(c.get(1)).toBeUndefined();
    // Another user's invalidation does not block this one.
    const m2 = c.mark();
    c.invalidate(2);
    c.set(1, m2, { me: me(30), tokenVersion: 0 });
    expect(c.get(1)?.me.balance).toBe(30);
  });

  it('forgets after the TTL, and stores nothing when turned off', () => {
    let now = 0;
    const c = new MeCache(1000, 10, () => now);
    c.set(1, c.mark(), { me: me(10), tokenVersion: 0 });
    now = 999;
    expect(c.get(1)).toBeDefined();
    now = 1000;
    expect(c.get(1)).toBeUndefined();
    const off = new MeCache(0);
    off.set(1, off.mark(), { me: me(10), tokenVersion: 0 });
    expect(off.get(1)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const c = new MeCache(30_000, 2);
    for (const id of [1, 2, 3]) c.set(id, c.mark(), { me: { ...me(id), userId: id }, tokenVersion: 0 });
    expect(c.get(1)).toBeUndefined();
    expect(c.get(3)?.me.balance).toBe(3);
  });
});
