// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS } from '../../../src/shared/settings/settingsStore';
import { checkFairness, engineFairTools } from '../../../src/player/table/logic/fairCheck';
import { logLine } from '../../../src/player/table/logic/handLog';
import { seatSpots, displaySlot } from '../../../src/shared/ui/seatPositions';
import { cardFace } from '../../../src/shared/ui/cardFaces';
import { seedCommitment } from '../../../src/poker/fair';
import { seat, tableView, testI18n } from './helpers';

function memory() {
  const data = new Map<string, string>();
  return { data, storage: { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) } };
}

describe('settings store', () => {
  it('starts from the defaults: music off, sounds and animations on', () => {
    const store = createSettingsStore(memory().storage);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.get().music).toBe(false);
  });

  it('keeps changes in localStorage, tells subscribers at once, and shares the theme key', () => {
    const { data, storage } = memory();
    const store = createSettingsStore(storage);
    let calls = 0;
    store.subscribe(() => calls++);
    store.set({ fourColor: true, dark: true, language: 'mn' });
    expect(calls).toBe(1);
    expect(JSON.parse(data.get('playerSettings')!)).toMatchObject({ fourColor: true });
    expect(data.get('themeMode')).toBe('dark');
    expect(data.get('i18nextLng')).toBe('mn');
    const again = createSettingsStore(storage);
    expect(again.get()).toMatchObject({ fourColor: true, dark: true, language: 'mn' });
    store.set({ fourColor: true });
    expect(calls).toBe(1); // no change, no notification
  });

  it('survives corrupt storage', () => {
    const { data, storage } = memory();
    data.set('playerSettings', '{not json');
    expect(createSettingsStore(storage).get()).toEqual(DEFAULT_SETTINGS);
  });
});

describe('provably fair check', () => {
  const seed = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
  const last = { handId: 1, handNumber: 3, seed, seedHash: seedCommitment(seed), winners: [] };

  it('re-computes the hash with the engine and rebuilds the 52-card deck', async () => {
    const r = await checkFairness(last, engineFairTools());
    expect(r.ok).toBe(true);
    expect(r.deck).toHaveLength(52);
    expect(new Set(r.deck).size).toBe(52);
    expect(r.deck!.every((c) => cardFace(c) !== null)).toBe(true);
  });

  it('flags a hash that does not match the seed', async () => {
    const r = await checkFairness({ ...last, seedHash: 'f'.repeat(64) }, engineFairTools());
    expect(r.ok).toBe(false);
  });
});

describe('hand log lines', () => {
  it('translates events with names and amounts, in both languages', () => {
    const view = tableView();
    const en = testI18n('en');
    const mn = testI18n('mn');
    const line = logLine({ kind: 'ACTED', seat: 0, action: 'RAISE', amount: 600, allIn: false, timedOut: false }, view, { ...view, seats: [seat(0, { bet: 600 }), ...view.seats.slice(1)] })!;
    expect(en.t(line.key, line.params)).toBe('player0 raises to 600');
    expect(mn.t(line.key, line.params)).toBe('player0 600 хүртэл өсгөв');
    const won = logLine({ kind: 'POT_AWARDED', potIndex: 0, amount: 1200, rake: 0, winners: [{ seat: 3, amount: 1200 }], description: 'Full house, tens over fours' }, view, view)!;
    expect(en.t(won.key, won.params)).toBe('player3 wins 1200 with Full house, tens over fours');
    expect(logLine({ kind: 'TURN', seat: 1 }, view, view)).toBeNull();
  });

  it('has a translation for every event key in en and mn', () => {
    const en = testI18n('en');
    const mn = testI18n('mn');
    const view = tableView();
    const keys = [
      logLine({ kind: 'PLAYER_LEFT', seat: 0, username: 'a', reason: 'TIMED_OUT' }, view, view)!.key,
      logLine({ kind: 'POSTED', seat: 0, post: 'MISSED_BLIND', amount: 200 }, view, view)!.key,
      logLine({ kind: 'ACTED', seat: 0, action: 'FOLD', amount: 0, allIn: false, timedOut: true }, view, view)!.key,
      logLine({ kind: 'ACTED', seat: 0, action: 'CALL', amount: 500, allIn: true, timedOut: false }, view, view)!.key,
      logLine({ kind: 'STREET', street: 'RIVER', cards: ['2c'] }, view, view)!.key,
    ];
    for (const k of keys) {
      expect(en.exists(k), k).toBe(true);
      expect(mn.getResource('mn', 'table', k), k).toBeTypeOf('string');
    }
  });
});

describe('seat layout', () => {
  it('puts the viewer at the bottom centre and goes round clockwise', () => {
    expect(displaySlot(4, 9, 4)).toBe(0);
    expect(displaySlot(3, 9, 4)).toBe(8);
    const spots = seatSpots(6, 2);
    expect(spots[2].seat.x).toBeCloseTo(50);
    expect(spots[2].seat.y).toBeGreaterThan(80);
    expect(spots[3].seat.x).toBeLessThan(50); // next seat clockwise is to the viewer's left
    for (const s of seatSpots(9, null)) {
      expect(s.seat.x).toBeGreaterThanOrEqual(0);
      expect(s.seat.x).toBeLessThanOrEqual(100);
    }
  });
});
