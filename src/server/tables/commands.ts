// Everything a table can be asked, as one union of values: the socket parses a message into one,
// the directory carries it to the table's owner unchanged (over the bus when it lives elsewhere),
// and the actor's `handle` runs it. A new command is a new member here, its parser case and its
// handler; nothing in between changes.
import type { ViewerRef } from '../cluster/viewers';
import type { Action } from '../../poker/engine';
import type { CarriedSeat, CommandResult, LeaveReason } from './types';

/** Who sits: `avatar` is the one they have at this sit (a later change shows from the next sit). */
export interface SittingUser {
  userId: number;
  username: string;
  avatar?: string | null;
  isBot?: boolean;
}

export type TableCommand =
  // seating and money (cash tables)
  | { kind: 'sit'; user: SittingUser; seat: number; buyIn: number }
  | { kind: 'addChips'; userId: number; amount: number }
  | { kind: 'sitOut'; userId: number }
  | { kind: 'sitIn'; userId: number; postBlind: boolean }
  | { kind: 'leave'; userId: number }
  | { kind: 'kick'; userId: number }
  // play
  | { kind: 'act'; userId: number; action: Action }
  | { kind: 'entropy'; userId: number; entropy: string }
  // fast-fold pools: fold when the action reaches the seat, and be dealt elsewhere at once
  | { kind: 'fastFold'; userId: number }
  // the player straddles when the table's straddle seat comes to them (cash tables with a straddle)
  | { kind: 'straddle'; userId: number; on: boolean }
  // house bots (administrators)
  | { kind: 'simulation'; on: boolean }
  | { kind: 'simulationState' }
  // watching
  | { kind: 'subscribe'; viewer: ViewerRef; autoMuck?: boolean }
  | { kind: 'unsubscribe'; viewer: ViewerRef }
  // tournament tables: the director seats, moves and removes players between hands
  | { kind: 'seatPlayer'; user: SittingUser & { isBot: boolean }; seat: number; stack: number; carried?: CarriedSeat }
  | { kind: 'removePlayer'; userId: number; reason: LeaveReason };

export type TableCommandKind = TableCommand['kind'];
export type CommandOf<K extends TableCommandKind> = Extract<TableCommand, { kind: K }>;

export type SimulationState = { simulation: boolean; bots: number };
/** A removed tournament player carries their time bank and their being away to the next table. */
export type RemovedPlayer = CommandResult & { carried?: CarriedSeat };

interface SpecialResults {
  simulationState: SimulationState;
  removePlayer: RemovedPlayer;
}
export type ResultOf<C extends TableCommand> = C['kind'] extends keyof SpecialResults ? SpecialResults[C['kind']] : CommandResult;

/** What a command answers where the table is not (moving between owners, or gone). */
export function unavailable<C extends TableCommand>(command: C): ResultOf<C> {
  const moved: CommandResult = { ok: false, error: { code: 'TABLE_MOVED', message: 'This table is moving to another server; try again in a moment' } };
  return (command.kind === 'simulationState' ? { simulation: false, bots: 0 } : moved) as ResultOf<C>;
}
