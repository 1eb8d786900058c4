// Shared types of the rules engine: configuration, state, events, results and errors.
// State is an immutable value: every step returns a fresh object and never writes to its input.

/**
 * A game by its PHH variant code (games.ts defines each): 'NT' no-limit Texas hold'em, 'PO'
 * pot-limit Omaha (four hole cards), and the games added with them. Codes PHH does not define are
 * this project's (docs/engine.md, "Games").
 */
export type GameCode = 'NT' | 'PT' | 'FT' | 'NS' | 'PO' | 'PO5' | 'PO6' | 'PO/8' | 'FO/8' | 'PO5/8' | 'FO5/8';

/** The game of a hand: 'NT' and 'PO' as always, or any other GameCode. */
export type Variant = GameCode;

/** A card integer rank*4+suit (0..51), or -1 for a card nobody knows ("??" in a hand history). */
export type CardInt = number;
export const UNKNOWN_CARD = -1;

/** A hand as data, in PHH order: index 0 = first seat left of the button, last = the button. */
export interface HandConfig {
  readonly variant: Variant;
  readonly startingStacks: readonly number[];
  /** One per player (PHH `antes`); a big-blind ante is simply [0, bb, 0, ...]. */
  readonly antes?: readonly number[];
  /** One per player (PHH `blinds_or_straddles`), so straddles are data. */
  readonly blindsOrStraddles: readonly number[];
  /** The big blind: the smallest bet and the smallest raise increment. */
  readonly minBet: number;
  /** PHH `ante_trimming_status`: false = every ante goes whole into the main pot. */
  readonly anteTrimming?: boolean;
  /** Fixed-limit games: the bet of the turn and river (PHH `big_bet`; `minBet` is the small bet). Default 2 x minBet. */
  readonly bigBet?: number;
  /** Bomb pot: no betting before the flop (everyone's ante makes the pot; blinds are usually zero). */
  readonly bombPot?: boolean;
  /** Run it twice is offered: when the betting ends all-in before the river, every player left chooses the number of run-outs. */
  readonly runItTwice?: boolean;
}

export type Phase = 'dealing' | 'betting' | 'showdown' | 'settlement' | 'complete';

/** Persistent (shared-tail) list of PHH action strings: appending is O(1) and never mutates. */
export interface LogNode {
  readonly prev: LogNode | null;
  readonly entry: string;
}

export interface PotView {
  readonly amount: number;
  /** Players still able to win this pot, ascending. */
  readonly players: readonly number[];
}

export interface PotResult extends PotView {
  readonly rake: number;
  /** Every player paid from this pot, ascending. */
  readonly winners: readonly number[];
  /** Amount paid to each winner, aligned with `winners` (all parts added up). */
  readonly shares: readonly number[];
  /**
   * How the pot was split: one part per board (run it twice) and per half (hi-lo: 'high', and
   * 'low' when some hand still in holds a low on that board). One 'high' part on board 0 otherwise.
   */
  readonly parts?: readonly PotPart[];
}

export interface PotPart {
  readonly board: number;
  readonly half: 'high' | 'low';
  readonly amount: number;
  readonly winners: readonly number[];
  readonly shares: readonly number[];
}

export interface HandResult {
  readonly pots: readonly PotResult[];
  readonly totalRake: number;
  /** What each player took from the pots (rake deducted), per player. */
  readonly won: readonly number[];
}

export interface HandState {
  readonly config: NormalizedConfig;
  readonly phase: Phase;
  /** 0 preflop, 1 flop, 2 turn, 3 river. */
  readonly street: number;
  readonly stacks: readonly number[];
  /** Chips in front of each player in the current betting round. */
  readonly bets: readonly number[];
  /** Still holding cards (not folded, not mucked, not killed). */
  readonly active: readonly boolean[];
  readonly hole: readonly (readonly CardInt[])[];
  readonly shown: readonly boolean[];
  readonly board: readonly CardInt[];
  /** Hole cards still owed to each player in the dealing phase. */
  readonly holePending: readonly number[];
  /** Board cards still owed in the dealing phase. */
  readonly boardPending: number;
  /** Players still to act in this betting round, in order (pokerkit's actor queue). */
  readonly actors: readonly number[];
  /** Last aggressor of the round, else the first player to act; the showdown starts here. */
  readonly opener: number;
  /** Largest bet or raise increment of the round (0 until someone bets). */
  readonly raiseIncrement: number;
  /** Bitmask of players who acted since betting was last reopened for them. */
  readonly acted: number;
  /** Sum of the consecutive all-in raise increments of the round (they may reopen the betting). */
  readonly allInRaiseSum: number;
  readonly raiseCount: number;
  /** Everyone left is all-in (or it is the river with someone all-in): hands are shown, no mucking. */
  readonly allInShowdown: boolean;
  readonly showdownQueue: readonly number[];
  /** Uncalled chips returned to each player so far. */
  readonly returned: readonly number[];
  /** Cards already taken from the injected deck by the automatic dealer. */
  readonly deckPos: number;
  readonly log: LogNode | null;
  readonly result: HandResult | null;
  /** Run it twice: the boards after the first (`board`), each whole (the cards dealt before the all-in are on every board). */
  readonly extraBoards: readonly (readonly CardInt[])[];
  /** The run-out choice (runout.ts): null until it is offered, so hands without it carry one field, not five. */
  readonly runout: RunoutState | null;
}

/** Run it twice, once offered: who still chooses, the count agreed so far, and the run-outs still to deal. */
export interface RunoutState {
  /** Players still to choose the number of run-outs. */
  readonly pending: readonly boolean[];
  /** The number of run-outs agreed so far (pokerkit's consensus): null until someone chooses. */
  readonly choice: number | null;
  /** The choice closed (it is offered once, at the first all-in showdown). */
  readonly done: boolean;
  /** Run-outs still to deal after the current one, and the street each starts from. */
  readonly left: number;
  readonly street: number;
}

export interface NormalizedConfig {
  readonly variant: Variant;
  readonly n: number;
  readonly holeCount: number;
  readonly startingStacks: readonly number[];
  /** As given (PHH order, before the heads-up swap), for export. */
  readonly rawAntes: readonly number[];
  readonly rawBlinds: readonly number[];
  /** What each player actually posts (heads-up swap applied, capped by the stack). */
  readonly antes: readonly number[];
  readonly blinds: readonly number[];
  readonly minBet: number;
  readonly anteTrimming: boolean;
  readonly totalChips: number;
  /** Bitmask of players whose post (negative PHH blind) is ignored when finding the first to act. */
  readonly offPositionPosts: number;
  /** The game's rules as data (games.ts). */
  readonly game: GameDef;
  /** Fixed-limit bet of the turn and river (minBet otherwise unused for it). */
  readonly bigBet: number;
  readonly bombPot: boolean;
  readonly runItTwice: boolean;
}

export type BettingStructure = 'no-limit' | 'pot-limit' | 'fixed-limit';

/** A game as data: what createHand needs to know of it. */
export interface GameDef {
  readonly code: GameCode;
  /** English name, for logs and docs (the apps translate the code). */
  readonly name: string;
  /** 52 cards, or 36 (short deck: sixes to aces). */
  readonly deckSize: 52 | 36;
  readonly holeCards: 2 | 4 | 5 | 6;
  readonly structure: BettingStructure;
  /** Bets and raises per betting round, blinds not counted (pokerkit: 4 in fixed limit); null = no cap. */
  readonly maxRaises: number | null;
  /** 'holdem' best five of seven, 'omaha' exactly two hole and three board cards, 'short-deck' short-deck ranks. */
  readonly evaluator: 'holdem' | 'omaha' | 'short-deck';
  /** High-low split, eight or better: half of each pot to the best low when there is one. */
  readonly hiLo: boolean;
  /** Most players one deck serves (hole cards, three burns and five board cards). */
  readonly maxPlayers: number;
  /** Whether the PHH standard defines the code (else it is this project's; docs/engine.md). */
  readonly phhStandard: boolean;
}

export type ErrorCode =
  | 'INVALID_CONFIG'
  | 'WRONG_PHASE'
  | 'HAND_OVER'
  | 'NOT_YOUR_TURN'
  | 'NO_ACTION_PENDING'
  | 'CANNOT_FOLD'
  | 'CANNOT_CHECK'
  | 'CANNOT_RAISE'
  | 'RAISE_NOT_REOPENED'
  | 'BELOW_MIN_RAISE'
  | 'ABOVE_MAX_RAISE'
  | 'INVALID_AMOUNT'
  | 'INVALID_PLAYER'
  | 'INVALID_CARDS'
  | 'DUPLICATE_CARD'
  | 'TOO_MANY_CARDS'
  | 'MUST_SHOW'
  | 'UNKNOWN_CARDS'
  | 'DECK_EXHAUSTED'
  | 'INVALID_RAKE'
  | 'CANNOT_CALL'
  | 'CANNOT_BET'
  | 'INVALID_ACTION'
  | 'NOT_IN_GAME'
  | 'NO_RUNOUT_CHOICE';

export interface RuleError {
  readonly code: ErrorCode;
  readonly message: string;
}

export type HandEvent =
  | { readonly type: 'hand-started'; readonly players: number; readonly variant: Variant; readonly stacks: readonly number[] }
  | { readonly type: 'ante-posted'; readonly player: number; readonly amount: number }
  | { readonly type: 'blind-posted'; readonly player: number; readonly amount: number }
  | { readonly type: 'hole-dealt'; readonly player: number; readonly cards: readonly CardInt[] }
  | {
      readonly type: 'action';
      readonly player: number;
      readonly action: 'fold' | 'check' | 'call' | 'bet' | 'raise';
      readonly amount: number;
      readonly to: number;
      readonly allIn: boolean;
    }
  | { readonly type: 'bets-collected'; readonly street: number; readonly pot: number }
  | { readonly type: 'uncalled-returned'; readonly player: number; readonly amount: number }
  | {
      readonly type: 'street-dealt';
      readonly street: number;
      readonly cards: readonly CardInt[];
      readonly board: readonly CardInt[];
      /** Run it twice: which board (0 the first); absent on the first. */
      readonly boardIndex?: number;
    }
  | { readonly type: 'runout-choice'; readonly players: readonly number[] }
  | { readonly type: 'runout-selected'; readonly player: number; readonly count: number }
  | { readonly type: 'runouts-agreed'; readonly count: number }
  | { readonly type: 'turn'; readonly player: number }
  | { readonly type: 'showdown-started'; readonly order: readonly number[] }
  | { readonly type: 'showdown'; readonly player: number; readonly shown: boolean; readonly cards: readonly CardInt[] }
  | { readonly type: 'hand-killed'; readonly player: number }
  | {
      readonly type: 'hand-evaluated';
      readonly player: number;
      readonly strength: number;
      readonly description: string;
      /** Run it twice: the board evaluated (absent for the first). */
      readonly board?: number;
      /** Hi-lo games: the eight-or-better low (0 = none) and its words. */
      readonly low?: number;
      readonly lowDescription?: string;
    }
  | {
      readonly type: 'pot-awarded';
      readonly pot: number;
      readonly amount: number;
      readonly rake: number;
      readonly players: readonly number[];
      readonly winners: readonly number[];
      readonly shares: readonly number[];
      readonly parts?: readonly PotPart[];
    }
  | { readonly type: 'hand-ended'; readonly stacks: readonly number[]; readonly rake: number };

export type StepResult =
  { readonly ok: true; readonly state: HandState; readonly events: readonly HandEvent[] } | { readonly ok: false; readonly error: RuleError };

export const fail = (code: ErrorCode, message: string): { ok: false; error: RuleError } => ({
  ok: false,
  error: { code, message },
});
