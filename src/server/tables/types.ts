// The table actor's own records: the table's settings and who sits where between hands.
import type { SeatState, TableRules } from '../../poker/table';
import type { SeatView, TableView } from '../../shared/protocol';

/** What a view shows of a table's settings (`actionTime`: seconds to act before the time bank starts). */
type SharedSettings =
  'tableId' | 'name' | 'variant' | 'smallBlind' | 'bigBlind' | 'minBuyIn' | 'maxBuyIn' | 'maxPlayers' | 'actionTime' | 'rakePercent' | 'rakeCap' | 'status';

export interface TableConfig extends Pick<TableView, SharedSettings>, TableRules {
  /** Set at a tournament's table (its chips are not money; its director deals). */
  tournamentId?: number | null;
  /** At a tournament's table: the tournament's name and the blind level of the hand (PHH `event`, `level`). */
  event?: string;
  level?: number;
}

/** Who sits where, as every view shows it: the actor's seats and the seats adopted at a takeover. */
export type SeatedPlayer = Pick<SeatView, 'seat' | 'userId' | 'username' | 'avatar' | 'isBot' | 'stack'>;

/**
 * A seat at the actor: the rules' seat (src/poker/table) and who sits there. `avatar` is the one
 * the player sat down with.
 */
export interface Seat extends SeatState, SeatedPlayer {
  /** Open sockets of this player subscribed to the table. */
  connections: number;
  /** Fast fold asked before the turn (fast-fold pools): the hand is folded when the action reaches the seat. */
  fastFold?: boolean;
}

/** A tournament player moved between tables keeps their time bank and their being away. */
export interface CarriedSeat {
  timeBank: number;
  sittingOut: boolean;
}

export type CommandError = { code: string; message: string };
export type CommandResult = { ok: true } | { ok: false; error: CommandError };
export const fail = (code: string, message: string): CommandResult => ({ ok: false, error: { code, message } });
export const OK: CommandResult = { ok: true };

export type LeaveReason = 'LEFT' | 'KICKED' | 'TIMED_OUT' | 'BUSTED' | 'SIMULATION_STOPPED';
