// Every game the engine deals, as data. pokerkit's classes are the reference for each rule:
// NoLimitTexasHoldem, FixedLimitTexasHoldem, NoLimitShortDeckHoldem, PotLimitOmahaHoldem,
// FixedLimitOmahaHoldemHighLowSplitEightOrBetter, and for the codes PHH lacks the same pieces put
// together (docs/engine.md, "Games"): pot-limit hold'em, Omaha with 5 and 6 hole cards, pot-limit
// Omaha hi-lo, and five-card Omaha hi-lo.
import type { BettingStructure, GameCode, GameDef } from './types';

const FIXED_LIMIT_CAP = 4;

function game(code: GameCode, name: string, holeCards: GameDef['holeCards'], structure: BettingStructure, extra: Partial<GameDef> = {}): GameDef {
  const deckSize = extra.deckSize ?? 52;
  const evaluator = extra.evaluator ?? (holeCards === 2 ? 'holdem' : 'omaha');
  // NT and PO keep the engine's old bound (pokerkit deals any number; real tables seat at most 10).
  const byDeck = Math.floor((deckSize - 8) / holeCards);
  return {
    code,
    name,
    deckSize,
    holeCards,
    structure,
    maxRaises: structure === 'fixed-limit' ? FIXED_LIMIT_CAP : null,
    evaluator,
    hiLo: extra.hiLo ?? false,
    maxPlayers: extra.maxPlayers ?? byDeck,
    phhStandard: extra.phhStandard ?? false,
  };
}

export const GAMES: Readonly<Record<GameCode, GameDef>> = {
  NT: game('NT', "No-limit Texas hold'em", 2, 'no-limit', { maxPlayers: 23, phhStandard: true }),
  PT: game('PT', "Pot-limit Texas hold'em", 2, 'pot-limit', { maxPlayers: 23 }),
  FT: game('FT', "Fixed-limit Texas hold'em", 2, 'fixed-limit', { maxPlayers: 23, phhStandard: true }),
  NS: game('NS', "No-limit short-deck hold'em", 2, 'no-limit', { deckSize: 36, evaluator: 'short-deck', phhStandard: true }),
  PO: game('PO', "Pot-limit Omaha hold'em", 4, 'pot-limit', { maxPlayers: 23, phhStandard: true }),
  PO5: game('PO5', "Pot-limit five-card Omaha hold'em", 5, 'pot-limit'),
  PO6: game('PO6', "Pot-limit six-card Omaha hold'em", 6, 'pot-limit'),
  'PO/8': game('PO/8', "Pot-limit Omaha hold'em high/low-split eight or better", 4, 'pot-limit', { hiLo: true }),
  'FO/8': game('FO/8', "Fixed-limit Omaha hold'em high/low-split eight or better", 4, 'fixed-limit', { hiLo: true, phhStandard: true }),
  'PO5/8': game('PO5/8', "Pot-limit five-card Omaha hold'em high/low-split eight or better", 5, 'pot-limit', { hiLo: true }),
  'FO5/8': game('FO5/8', "Fixed-limit five-card Omaha hold'em high/low-split eight or better", 5, 'fixed-limit', { hiLo: true }),
};

export const GAME_CODES = Object.keys(GAMES) as GameCode[];

export const isGameCode = (x: unknown): x is GameCode => typeof x === 'string' && Object.prototype.hasOwnProperty.call(GAMES, x);

/** The street's fixed-limit bet: the small bet before the flop and on it, the big bet after. */
export const streetBet = (c: { minBet: number; bigBet: number }, street: number): number => (street >= 2 ? c.bigBet : c.minBet);
