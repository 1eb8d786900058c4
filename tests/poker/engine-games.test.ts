// Games as data: every game creates a hand from its code, deals its number of hole cards from
// its deck, and bets by its structure (fixed limit: the small bet, then the big bet from the
// turn, at most four bets and raises a round, as pokerkit's FixedLimitPokerMixin).
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createHand,
  dealBoard,
  dealFromDeck,
  dealHole,
  GAME_CODES,
  GAMES,
  legalActions,
  type HandConfig,
  type HandState,
  type Variant,
} from '../../src/poker/index';
import { ok } from '../support/engine';
import { random, shuffle } from '../support/prng';

const config = (variant: Variant, n: number, extra: Partial<HandConfig> = {}): HandConfig => ({
  variant,
  startingStacks: new Array<number>(n).fill(1000),
  blindsOrStraddles: [5, 10, ...new Array<number>(n - 2).fill(0)],
  minBet: 10,
  ...extra,
});

function dealt(c: HandConfig): HandState {
  let s = ok(createHand(c));
  const hole = GAMES[c.variant].holeCards;
  for (let i = 0; i < c.startingStacks.length; i++) s = ok(dealHole(s, i, new Array<number>(hole).fill(-1)));
  return s;
}

describe('every game', () => {
  it.each(GAME_CODES)('%s deals its hole cards from its deck, up to its table size', (code) => {
    const game = GAMES[code];
    const deck =
      game.deckSize === 36
        ? shuffle(
            random(3),
            Array.from({ length: 36 }, (_, i) => i + 16),
          )
        : shuffle(random(3));
    // NT and PO keep their old bound of 23 players (replays of real hands); a deck serves fewer.
    let s = ok(createHand(config(code, Math.min(game.maxPlayers, Math.floor((game.deckSize - 8) / game.holeCards)))));
    s = ok(dealFromDeck(s, deck));
    expect(s.hole.every((h) => h.length === game.holeCards)).toBe(true);
    expect(s.phase).toBe('betting');
    expect(legalActions(s)!.structure).toBe(game.structure);
    expect(createHand(config(code, game.maxPlayers + 1)).ok).toBe(false);
  });

  it('short deck refuses cards below a six', () => {
    const s = ok(createHand(config('NS', 2)));
    expect(dealHole(s, 0, [0, 20])).toMatchObject({ ok: false, error: { code: 'INVALID_CARDS' } });
    expect(dealFromDeck(s, shuffle(random(1)))).toMatchObject({ ok: false });
    expect(dealHole(s, 0, [16, 51]).ok).toBe(true);
  });

  it('refuses an unknown game', () => {
    expect(createHand({ ...config('NT', 2), variant: 'XX' as Variant })).toMatchObject({ ok: false, error: { code: 'INVALID_CONFIG' } });
  });
});

describe('fixed limit', () => {
  it('bets the small bet before the turn, the big bet after, four bets and raises a round', () => {
    let s = dealt(config('FT', 3));
    // Preflop: p3 faces the big blind of 10; a raise is to 20 exactly.
    expect(legalActions(s)).toMatchObject({ player: 2, callAmount: 10, raise: { minTo: 20, maxTo: 20 }, raisesLeft: 4 });
    expect(applyAction(s, 2, { kind: 'raise', to: 30 })).toMatchObject({ ok: false, error: { code: 'ABOVE_MAX_RAISE' } });
    s = ok(applyAction(s, 2, { kind: 'raise', to: 20 }));
    s = ok(applyAction(s, 0, { kind: 'raise', to: 30 }));
    s = ok(applyAction(s, 1, { kind: 'raise', to: 40 }));
    s = ok(applyAction(s, 2, { kind: 'raise', to: 50 }));
    // Capped: four bets and raises (the blind does not count).
    expect(legalActions(s)).toMatchObject({ player: 0, raise: null, raisesLeft: 0 });
    expect(applyAction(s, 0, { kind: 'raise', to: 60 })).toMatchObject({ ok: false, error: { code: 'CANNOT_RAISE' } });
    s = ok(applyAction(s, 0, { kind: 'call' }));
    s = ok(applyAction(s, 1, { kind: 'call' }));
    s = ok(dealBoard(s, [-1, -1, -1]));
    expect(legalActions(s)).toMatchObject({ player: 0, raise: { kind: 'bet', minTo: 10, maxTo: 10 }, raisesLeft: 4 });
    for (const p of [0, 1, 2]) s = ok(applyAction(s, p, { kind: 'check' }));
    s = ok(dealBoard(s, [-1]));
    expect(legalActions(s)).toMatchObject({ raise: { kind: 'bet', minTo: 20, maxTo: 20 } });
    s = ok(applyAction(s, 0, { kind: 'bet', to: 20 }));
    expect(legalActions(s)).toMatchObject({ player: 1, callAmount: 20, raise: { minTo: 40, maxTo: 40 } });
  });

  it('a short stack raises all-in for less', () => {
    const s = dealt(config('FT', 3, { startingStacks: [1000, 1000, 15] }));
    expect(legalActions(s)).toMatchObject({ player: 2, raise: { minTo: 15, maxTo: 15, allInOnly: true } });
  });

  it('fixed-limit Omaha hi-lo uses the same structure; pot limit elsewhere', () => {
    expect(legalActions(dealt(config('FO/8', 3)))).toMatchObject({ structure: 'fixed-limit', raise: { minTo: 20, maxTo: 20 } });
    // Pot limit: call 10 then raise the pot (5 + 10 + 10) to 35.
    for (const code of ['PT', 'PO5', 'PO6', 'PO/8', 'PO5/8'] as const) {
      expect(legalActions(dealt(config(code, 3)))).toMatchObject({ structure: 'pot-limit', raise: { minTo: 20, maxTo: 35 }, raisesLeft: null });
    }
  });
});
