// What happened at a table, for the hand log, sounds and animations. The state change itself
// travels as a TableViewPatch beside the event, so clients never re-implement the rules.
import type { EntropyView, Street } from './table-view';

export type PlayerActionKind = 'FOLD' | 'CHECK' | 'CALL' | 'BET' | 'RAISE';
export type PostKind = 'SMALL_BLIND' | 'BIG_BLIND' | 'ANTE' | 'STRADDLE' | 'MISSED_BLIND';

/** One board's high or low half of a pot and who won it (board 1 or 2). */
export interface PotPartView {
  board: 1 | 2;
  half: 'high' | 'low';
  amount: number;
  winners: Array<{ seat: number; amount: number }>;
}

export type TableEvent =
  | { kind: 'PLAYER_SAT'; seat: number; username: string; stack: number }
  | { kind: 'PLAYER_LEFT'; seat: number; username: string; reason: 'LEFT' | 'KICKED' | 'TIMED_OUT' | 'BUSTED' | 'SIMULATION_STOPPED' }
  | { kind: 'CHIPS_ADDED'; seat: number; amount: number }
  | { kind: 'SAT_OUT'; seat: number }
  | { kind: 'SAT_IN'; seat: number }
  // The player will (or no longer will) straddle when the table's straddle seat comes to them.
  | { kind: 'STRADDLE_SET'; seat: number; on: boolean }
  | { kind: 'CONNECTION'; seat: number; connected: boolean }
  // seedHash: the server seed's commitment (published a hand ahead as nextSeedHash); cardsRoot:
  // the commitment to the dealt cards; entropy: the players' contributions mixed in;
  // nextSeedHash: the commitment for the next hand, which players' entropy now answers.
  | {
      kind: 'HAND_STARTED';
      handId: number;
      handNumber: number;
      button: number;
      seedHash: string;
      cardsRoot: string;
      entropy: EntropyView[];
      nextSeedHash: string;
      /** A bomb pot: everyone antes, play starts on the flop. */
      bombPot?: boolean;
    }
  | { kind: 'POSTED'; seat: number; post: PostKind; amount: number }
  | { kind: 'CARDS_DEALT'; seats: number[] }
  | { kind: 'ACTED'; seat: number; action: PlayerActionKind; amount: number; allIn: boolean; timedOut: boolean }
  | { kind: 'TURN'; seat: number }
  | { kind: 'TIME_BANK'; seat: number }
  | { kind: 'BETS_COLLECTED'; total: number }
  | { kind: 'UNCALLED_RETURNED'; seat: number; amount: number }
  // board: 2 for the second board of run it twice (absent on the first).
  | { kind: 'STREET'; street: Street; cards: string[]; board?: 2 }
  // Run it twice: a player's choice (1 or 2), then the count the players agreed on.
  | { kind: 'RUNOUT_CHOSEN'; seat: number; count: number }
  | { kind: 'RUNOUTS_AGREED'; count: number }
  | { kind: 'SHOWED'; seat: number; cards: string[]; description: string }
  | { kind: 'MUCKED'; seat: number }
  // parts (hi-lo, run it twice): each board's high and low halves with their own winners.
  | {
      kind: 'POT_AWARDED';
      potIndex: number;
      amount: number;
      rake: number;
      winners: Array<{ seat: number; amount: number }>;
      description: string | null;
      parts?: PotPartView[];
    }
  | { kind: 'JACKPOT_PAID'; total: number; payouts: Array<{ seat: number | null; userId: number; amount: number }> }
  // seed: the server seed, only when it reveals no unseen card (see LastHandView.seed), else null.
  | { kind: 'HAND_ENDED'; handId: number; seed: string | null; seedHash: string; cardsRoot: string }
  | { kind: 'HAND_VOIDED'; handId: number; reason: string }
  | { kind: 'SIMULATION'; on: boolean }
  | { kind: 'TABLE_CLOSED' };
