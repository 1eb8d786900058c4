// The rule of safer play's limits (docs/safer-play.md) as pure functions: lower at once, higher or
// none after 24 hours, a waiting change in force once its time has come.
import { describe, expect, it } from 'vitest';
import { change, RAISE_DELAY_MS, settle, type LimitState } from '../../../src/server/accounts/safer-play/limits';
import { endOf } from '../../../src/server/accounts/safer-play/exclusions';

const NOW = 1_700_000_000_000;
const none: LimitState = { kind: 'LOSS_DAY', amount: null, pendingAmount: null, pendingFrom: null };

describe('limits', () => {
  it('a first limit and a lower one apply at once; a raise or a removal waits a day', () => {
    const first = change(none, 50_000, NOW);
    expect(first).toEqual({ ...none, amount: 50_000 });
    expect(change(first, 20_000, NOW)).toEqual({ ...none, amount: 20_000 });
    expect(change(first, 80_000, NOW)).toEqual({ ...none, amount: 50_000, pendingAmount: 80_000, pendingFrom: NOW + RAISE_DELAY_MS });
    expect(change(first, null, NOW)).toEqual({ ...none, amount: 50_000, pendingAmount: null, pendingFrom: NOW + RAISE_DELAY_MS });
  });

  it('a waiting change is in force from its time, and a lower limit meanwhile drops it', () => {
    const raised = change({ ...none, amount: 50_000 }, 80_000, NOW);
    expect(settle(raised, NOW + RAISE_DELAY_MS - 1).amount).toBe(50_000);
    expect(settle(raised, NOW + RAISE_DELAY_MS)).toEqual({ ...none, amount: 80_000 });
    expect(change(raised, 30_000, NOW + 1000)).toEqual({ ...none, amount: 30_000 });
    // Raising again restarts the day.
    expect(change(raised, 90_000, NOW + 1000).pendingFrom).toBe(NOW + 1000 + RAISE_DELAY_MS);
  });
});

describe('exclusion lengths', () => {
  const DAY = 86_400_000;
  it('a cool-off lasts 1 to 42 days; a self-exclusion 183 days to 10 years, or is permanent', () => {
    expect(endOf({ kind: 'COOL_OFF', days: 1 }, NOW)).toBe(NOW + DAY);
    expect(() => endOf({ kind: 'COOL_OFF', days: 43 }, NOW)).toThrow();
    expect(() => endOf({ kind: 'COOL_OFF', permanent: true }, NOW)).toThrow();
    expect(() => endOf({ kind: 'SELF_EXCLUSION', days: 182 }, NOW)).toThrow();
    expect(endOf({ kind: 'SELF_EXCLUSION', days: 183 }, NOW)).toBe(NOW + 183 * DAY);
    expect(endOf({ kind: 'SELF_EXCLUSION', permanent: true }, NOW)).toBeNull();
  });
});
