// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS } from '../../../src/shared/settings/settingsStore';
import { checkFairness, engineFairTools, type FairMemory } from '../../../src/player/table/logic/fairCheck';
import { logLine } from '../../../src/player/table/logic/handLog';
import { seatSpots, displaySlot } from '../../../src/shared/ui/seatPositions';
import { cardFace } from '../../../src/shared/ui/cardFaces';
import { cardToString } from '../../../src/poker/cards';
import { fairHand, seat, tableView, testI18n } from './helpers';

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
  const serverSeed = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
  const mineEntropy = 'ab'.repeat(32);
  const entropy = [
    { seat: 1, entropy: mineEntropy },
    { seat: 4, entropy: '5c'.repeat(32) },
  ];
  // Heads-up: the player holds positions 1 and 3, the flop is 5-7 (4 was burnt), nothing shown.
  const { commitment, seedHash, last } = fairHand(serverSeed, entropy, { handId: 1, handNumber: 3 });
  const memory = (over: Partial<FairMemory> = {}): FairMemory => ({
    roots: new Map([[1, commitment.root]]),
    entropy: new Map([[seedHash, mineEntropy]]),
    ...over,
  });

  it('verifies own cards and the board against the root published at the start, and finds its own entropy mixed in', async () => {
    const r = await checkFairness(last, engineFairTools(), memory());
    expect(r.ok).toBe(true);
    expect(r.rootMatches).toBe(true);
    expect(r.entropy).toBe('included');
    expect(r.cards.filter((c) => c.mine).map((c) => c.card)).toEqual([1, 3].map((p) => cardToString(commitment.deck[p])));
    expect(r.cards.filter((c) => !c.mine)).toHaveLength(3);
    expect(r.cards.every((c) => c.ok && cardFace(c.card) !== null)).toBe(true);
    // No seed disclosed: no deck (the folded and burnt cards stay unknown).
    expect(r.deck).toBeNull();
    expect(r.deckOk).toBeNull();
  });

  it('flags a forged card, a root other than the one published at the start, and entropy left out', async () => {
    const other = cardToString((commitment.deck[1] + 1) % 52);
    const forged = await checkFairness({ ...last, mine: [{ ...last.mine[0], card: other }, last.mine[1]] }, engineFairTools(), memory());
    expect(forged.ok).toBe(false);
    expect(forged.cards.find((c) => c.card === other)!.ok).toBe(false);
    const moved = await checkFairness(last, engineFairTools(), memory({ roots: new Map([[1, 'ee'.repeat(32)]]) }));
    expect(moved).toMatchObject({ ok: false, rootMatches: false });
    const dropped = await checkFairness({ ...last, entropy: entropy.slice(1) }, engineFairTools(), memory());
    expect(dropped).toMatchObject({ ok: false, entropy: 'missing' });
    // Without the memory (a browser that joined later), what can be checked still is.
    expect(await checkFairness(last, engineFairTools())).toMatchObject({ ok: true, rootMatches: null, entropy: null });
  });

  it('rebuilds the committed deck only when the seed was disclosed, and flags a seed that does not', async () => {
    const r = await checkFairness({ ...last, seed: serverSeed }, engineFairTools(), memory());
    expect(r.deckOk).toBe(true);
    expect(r.deck).toHaveLength(52);
    expect(new Set(r.deck).size).toBe(52);
    const bad = await checkFairness({ ...last, seed: 'ff'.repeat(32) }, engineFairTools(), memory());
    expect(bad).toMatchObject({ ok: false, deckOk: false, deck: null });
  });

  it('is unavailable without the tools', async () => {
    expect((await checkFairness(last, null)).ok).toBeNull();
  });
});

describe('hand log lines', () => {
  it('translates events with names and amounts, in both languages', () => {
    const view = tableView();
    const en = testI18n('en');
    const mn = testI18n('mn');
    const line = logLine({ kind: 'ACTED', seat: 0, action: 'RAISE', amount: 600, allIn: false, timedOut: false }, view, {
      ...view,
      seats: [seat(0, { bet: 600 }), ...view.seats.slice(1)],
    })!;
    expect(en.t(line.key, line.params)).toBe('player0 raises to 600');
    expect(mn.t(line.key, line.params)).toBe('player0 600 хүртэл өсгөв');
    const won = logLine(
      { kind: 'POT_AWARDED', potIndex: 0, amount: 1200, rake: 0, winners: [{ seat: 3, amount: 1200 }], description: 'Full house, tens over fours' },
      view,
      view,
    )!;
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
