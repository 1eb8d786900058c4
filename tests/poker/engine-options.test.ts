// Table options through the engine's API, as a table drives them: run it twice (asked at the
// all-in showdown, answered with select-runout-count, two boards dealt, each pot halved between
// them), hi-lo parts of a pot, and bomb pots (no preflop betting, the hand history still reads as
// a standard hand). The exact chips of each rule are the conformance cases' (tests/conformance/rules).
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createHand,
  dealBoard,
  dealFromDeck,
  dealHole,
  parseCards,
  replayPhh,
  runoutSelectors,
  settle,
  toPhh,
  type HandConfig,
  type HandEvent,
  type HandState,
} from '../../src/poker/index';
import { ok } from '../support/engine';

function step(r: ReturnType<typeof applyAction>, events: HandEvent[]): HandState {
  if (!r.ok) throw new Error(r.error.message);
  events.push(...r.events);
  return r.state;
}

const headsUp = (extra: Partial<HandConfig> = {}): HandConfig => ({
  variant: 'NT',
  startingStacks: [100, 100],
  blindsOrStraddles: [1, 2],
  minBet: 2,
  ...extra,
});

describe('run it twice', () => {
  function allInPreflop(runItTwice: boolean): HandState {
    let s = ok(createHand(headsUp({ runItTwice })));
    s = ok(dealHole(s, 0, parseCards('AhAd')));
    s = ok(dealHole(s, 1, parseCards('KsKc')));
    s = ok(applyAction(s, 1, { kind: 'raise', to: 100 }));
    return ok(applyAction(s, 0, { kind: 'call' }));
  }

  it('is asked of every player still in at the all-in showdown, in any order with the shows', () => {
    const events: HandEvent[] = [];
    let s = allInPreflop(true);
    expect(s.phase).toBe('showdown');
    expect(runoutSelectors(s)).toEqual([0, 1]);
    s = step(applyAction(s, 0, { kind: 'show' }), events);
    s = step(applyAction(s, 1, { kind: 'show' }), events);
    s = step(applyAction(s, 1, { kind: 'select-runout-count', count: 2 }), events);
    expect(s.phase).toBe('showdown'); // p1 has not answered
    s = step(applyAction(s, 0, { kind: 'select-runout-count', count: 2 }), events);
    expect(events.filter((e) => e.type === 'runouts-agreed')).toEqual([{ type: 'runouts-agreed', count: 2 }]);
    expect(events.filter((e) => e.type === 'runout-selected')).toEqual([
      { type: 'runout-selected', player: 1, count: 2 },
      { type: 'runout-selected', player: 0, count: 2 },
    ]);
    expect(s.phase).toBe('dealing');
    expect(s.runout?.left).toBe(1);
    expect(applyAction(s, 0, { kind: 'select-runout-count', count: 2 })).toMatchObject({ ok: false, error: { code: 'NO_RUNOUT_CHOICE' } });
  });

  it('deals the second board after the first, refuses cards already out, and splits the pot between the boards', () => {
    const events: HandEvent[] = [];
    let s = allInPreflop(true);
    for (const p of [0, 1]) s = step(applyAction(s, p, { kind: 'select-runout-count', count: 2 }), events);
    for (const p of [0, 1]) s = step(applyAction(s, p, { kind: 'show' }), events);
    for (const cards of ['2c7d9h', 'Jc', '3s']) s = step(dealBoard(s, parseCards(cards)), events);
    // Board 2: the same cards may not come again.
    expect(dealBoard(s, parseCards('2c3d4d'))).toMatchObject({ ok: false, error: { code: 'DUPLICATE_CARD' } });
    for (const cards of ['Kh4d5d', '8c', '8s']) s = step(dealBoard(s, parseCards(cards)), events);
    expect(s.board).toEqual(parseCards('2c7d9hJc3s'));
    expect(s.extraBoards).toEqual([parseCards('Kh4d5d8c8s')]);
    expect(events.filter((e) => e.type === 'street-dealt').map((e) => (e as { boardIndex?: number }).boardIndex ?? 0)).toEqual([0, 0, 0, 1, 1, 1]);
    const done = ok(settle(s));
    // Aces win the first board, kings (a set) the second: 100 each.
    expect(done.stacks).toEqual([100, 100]);
    expect(done.result!.pots[0].parts).toEqual([
      { board: 0, half: 'high', amount: 100, winners: [0], shares: [100] },
      { board: 1, half: 'high', amount: 100, winners: [1], shares: [100] },
    ]);
    // The hand history reads back to the same stacks.
    const replayed = replayPhh(toPhh(done));
    expect(replayed.ok && replayed.finishingStacks).toEqual([100, 100]);
  });

  it('one run-out when a player declines, and none asked without the option', () => {
    let s = allInPreflop(true);
    s = ok(applyAction(s, 0, { kind: 'select-runout-count', count: 2 }));
    s = ok(applyAction(s, 1, { kind: 'select-runout-count', count: 1 }));
    for (const p of [0, 1]) s = ok(applyAction(s, p, { kind: 'show' }));
    for (const cards of ['2c7d9h', 'Jc', '3s']) s = ok(dealBoard(s, parseCards(cards)));
    expect(s.phase).toBe('settlement');
    expect(s.extraBoards).toEqual([]);
    expect(toPhh(ok(settle(s)))).not.toMatch(/ rc /);
    expect(runoutSelectors(allInPreflop(false))).toEqual([]);
  });

  it('no agreement to announce when nobody was asked: a showdown on the river at a run-it-twice table', () => {
    const events: HandEvent[] = [];
    let s = step(createHand(headsUp({ runItTwice: true })), events);
    s = step(dealHole(s, 0, parseCards('AhAd')), events);
    s = step(dealHole(s, 1, parseCards('KsKc')), events);
    s = step(applyAction(s, 1, { kind: 'call' }), events);
    s = step(applyAction(s, 0, { kind: 'check' }), events);
    for (const cards of ['2c7d9h', 'Jc', '3s']) {
      s = step(dealBoard(s, parseCards(cards)), events);
      for (const p of [0, 1]) s = step(applyAction(s, p, { kind: 'check' }), events);
    }
    while (s.phase === 'showdown') s = step(applyAction(s, s.showdownQueue[0], { kind: 'show' }), events);
    expect(s.phase).toBe('settlement');
    expect(events.filter((e) => e.type.startsWith('runout'))).toEqual([]);
    expect(s.runout).toBeNull();
  });
});

describe('bomb pots', () => {
  it('everyone antes, the hand starts on the flop, and the history reads as a checked-around preflop', () => {
    const config: HandConfig = { variant: 'PO', startingStacks: [100, 100, 100], antes: [10, 10, 10], blindsOrStraddles: [0, 0, 0], minBet: 2, bombPot: true };
    let s = ok(createHand(config));
    const deck = Array.from({ length: 52 }, (_, i) => i);
    s = ok(dealFromDeck(s, deck)); // the hole cards; no betting follows them
    expect(s.phase).toBe('dealing');
    s = ok(dealFromDeck(s, deck)); // the flop
    expect(s.street).toBe(1);
    expect(s.board.length).toBe(3);
    expect(s.phase).toBe('betting');
    expect(toPhh(s)).toMatch(/"p1 cc",\n {2}"p2 cc",\n {2}"p3 cc",\n {2}"d db /);
    expect(createHand({ ...config, blindsOrStraddles: [1, 2, 0] })).toMatchObject({ ok: false, error: { code: 'INVALID_CONFIG' } });
  });
});
