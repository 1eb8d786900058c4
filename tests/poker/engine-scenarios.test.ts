// Scenario tests for the classic bugs of open-source poker servers, with known cards.
import { describe, expect, it } from 'vitest';
import { replayActions, type HandConfig } from '../../src/poker/index';

function stacks(c: HandConfig, actions: string[]): number[] {
  const r = replayActions(c, actions);
  if (!r.ok) throw new Error(r.error);
  return r.finishingStacks;
}

/**
 * tests/conformance/kill-merge/00132 (pot-limit Omaha, five players): p3 and p4 tie (a straight,
 * 7-J) for both pots; p5 (all-in for 7) cannot win either.
 */
const KILL_MERGE: { config: HandConfig; actions: string[] } = {
  config: { variant: 'PO', startingStacks: [11, 38, 493, 87, 7], blindsOrStraddles: [1, 2, 0, 0, 0], minBet: 2 },
  actions: [
    'd dh p1 2sTsTcKc',
    'd dh p2 5h4h3c2d',
    'd dh p3 8s8c5d9h',
    'd dh p4 KhTd7dAs',
    'd dh p5 4c2hAd7c',
    'p3 cbr 7',
    'p4 cbr 24',
    'p5 cc',
    'p1 f',
    'p2 cc',
    'p3 cc',
    'd db JdTh9c',
    'p2 cc',
    'p3 cbr 80',
    'p4 cc',
    'p2 f',
    'p3 sm 8s8c5d9h',
    'p4 sm KhTd7dAs',
    'p5 sm 4c2hAd7c',
    'd db 8h',
    'd db 7s',
  ],
};

describe('classic bugs', () => {
  it('all-in from the big blind: the blind is a live all-in, the excess of a raise is returned', () => {
    const c: HandConfig = { variant: 'NT', startingStacks: [100, 8, 100], blindsOrStraddles: [5, 10, 0], minBet: 10 };
    // p2 posts 8 all-in; p3 raises to 30, p1 calls; p2 wins the 24 main pot, p3 the side pot.
    const out = stacks(c, [
      'd dh p1 7c2d',
      'd dh p2 AsAh',
      'd dh p3 KsKh',
      'p3 cbr 30',
      'p1 cc',
      'd db 3c8d9h',
      'p1 cc',
      'p3 cc',
      'd db Td',
      'p1 cc',
      'p3 cc',
      'd db 4s',
      'p1 cc',
      'p3 cc',
      'p1 sm 7c2d',
      'p3 sm KsKh',
      'p2 sm AsAh',
    ]);
    expect(out).toEqual([70, 24, 114]);
  });

  it('a folded player never wins a side pot, even with the best cards', () => {
    const c: HandConfig = { variant: 'NT', startingStacks: [50, 200, 200], blindsOrStraddles: [5, 10, 0], minBet: 10 };
    // p1 all-in 50, p2 and p3 call; p2 bets the flop, p3 folds (holding aces): main to best of p1/p2, side to p2.
    const out = stacks(c, [
      'd dh p1 QcQd',
      'd dh p2 7s2h',
      'd dh p3 AcAd',
      'p3 cc',
      'p1 cbr 50',
      'p2 cc',
      'p3 cc',
      'd db Kh8s3c',
      'p2 cbr 100',
      'p3 f',
      'p2 sm 7s2h',
      'p1 sm QcQd',
      'd db 5d',
      'd db 9c',
    ]);
    // p1's queens win the 150 main pot; the uncalled 100 returns to p2; p3 loses 50.
    expect(out).toEqual([150, 150, 150]);
  });

  it('three-way split with odd chips: the whole remainder goes to the first winner from p1', () => {
    // p1's 1-chip ante makes the pot 301; the board (a royal flush) plays for all three.
    const c: HandConfig = { variant: 'NT', startingStacks: [101, 100, 100, 100], antes: [1, 0, 0, 0], blindsOrStraddles: [1, 2, 0, 0], minBet: 2 };
    const out = stacks(c, [
      'd dh p1 2c3d',
      'd dh p2 2d3h',
      'd dh p3 2h3c',
      'd dh p4 4c5d',
      'p3 cbr 100',
      'p4 f',
      'p1 cc',
      'p2 cc',
      'p3 sm 2h3c',
      'p1 sm 2c3d',
      'p2 sm 2d3h',
      'd db AsKsQs',
      'd db Js',
      'd db Ts',
    ]);
    expect(out).toEqual([101, 100, 100, 100]);
  });

  it('Omaha uses exactly two hole cards: four spades in hand and two on board is no flush', () => {
    const c: HandConfig = { variant: 'PO', startingStacks: [100, 100], blindsOrStraddles: [1, 2], minBet: 2 };
    // p1 holds As Ks Qs Js with board 2s 3s 7h 8d 9c: only two spades from the hand + two on board = no flush.
    // p2 holds 9h 9d 4c 5c: trips nines beat p1's ace high.
    const out = stacks(c, [
      'd dh p1 AsKsQsJs',
      'd dh p2 9h9d4c5c',
      'p2 cc',
      'p1 cc',
      'd db 2s3s7h',
      'p1 cc',
      'p2 cc',
      'd db 8d',
      'p1 cc',
      'p2 cc',
      'd db 9c',
      'p1 cc',
      'p2 cc',
      'p1 sm AsKsQsJs',
      'p2 sm 9h9d4c5c',
    ]);
    expect(out).toEqual([98, 102]);
  });

  it('hands that win nothing are killed before the pots are paid: pots left with the same contenders merge and split as one (pokerkit)', () => {
    // KILL_MERGE: p5 is killed. Paid apart, the 35 main pot and the 171 side pot each give their
    // odd chip to p3 (510, 102); merged, 206 splits 103/103.
    const r = replayActions(KILL_MERGE.config, KILL_MERGE.actions);
    if (!r.ok) throw new Error(r.error);
    expect(r.finishingStacks).toEqual([10, 14, 509, 103, 0]);
    expect(r.events.filter((e) => e.type === 'hand-killed')).toEqual([{ type: 'hand-killed', player: 4 }]);
    expect(r.state.result!.pots).toEqual([{ amount: 206, players: [2, 3], rake: 0, winners: [2, 3], shares: [103, 103] }]);
  });

  it('the rake applies to the pots as paid (after merging), once per pot', () => {
    const seen: number[] = [];
    const r = replayActions(KILL_MERGE.config, KILL_MERGE.actions, 0, { rake: (pot) => (seen.push(pot), 11) });
    if (!r.ok) throw new Error(r.error);
    expect(seen).toEqual([206]);
    // 195 split: 98 to p3 (the odd chip), 97 to p4.
    expect(r.finishingStacks).toEqual([10, 14, 504, 97, 0]);
  });
});
