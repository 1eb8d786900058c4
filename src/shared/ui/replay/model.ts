// A hand as the replayer sees it: who sat where, then an ordered list of what happened.
// Built from a PHH text (hand records) or from the table's live event list.
import type { GameCode } from '../../../poker/engine/types';

export interface ReplayPlayer {
  seat: number;
  name: string;
  stack: number;
  /** Hole cards as the viewer knew them at the deal (own cards; null = face down). */
  cards: string[] | null;
  isBot?: boolean;
  /** The player's account, when the source knows it (live hands, the server's summary). */
  userId?: number;
}

export type ReplayAction =
  | { type: 'post'; seat: number; amount: number }
  | { type: 'deal'; seat: number; cards: string[] | null }
  | { type: 'board'; cards: string[] }
  | { type: 'fold'; seat: number }
  | { type: 'check'; seat: number }
  /** Calls up to the current bet (capped by the stack). */
  | { type: 'call'; seat: number }
  /** Bet or raise TO a street total. */
  | { type: 'bet'; seat: number; to: number }
  | { type: 'raise'; seat: number; to: number }
  | { type: 'show'; seat: number; cards: string[]; description?: string | null }
  | { type: 'muck'; seat: number }
  | { type: 'win'; seat: number; amount: number; description?: string | null }
  /** An uncalled bet handed back. */
  | { type: 'return'; seat: number; amount: number };

export interface ReplayHand {
  id: string;
  title?: string;
  variant: GameCode;
  smallBlind: number;
  bigBlind: number;
  /** Seat with the dealer button, when known. */
  button: number | null;
  /** Number of seat positions to lay out. */
  seatCount: number;
  players: ReplayPlayer[];
  actions: ReplayAction[];
}

export interface FrameSeat {
  seat: number;
  name: string;
  stack: number;
  bet: number;
  cards: string[] | null;
  folded: boolean;
  allIn: boolean;
  won: number;
  isBot: boolean;
  userId?: number;
}

export interface ReplayFrame {
  seats: FrameSeat[];
  board: string[];
  /** Chips collected from earlier streets. */
  pot: number;
  /** Who acted in this step, and what happened (for the caption). */
  actor: number | null;
  action: ReplayAction | null;
  description: string | null;
}
