// Types shared by the tournament modules. Everything here is plain data (JSON-safe), so a
// director can persist a tournament and resume it.

/** A player's id as the room knows it (a user id). */
export type PlayerId = string;

/** A check's answer: problems are returned, never thrown. */
export type Validation = { readonly ok: true } | { readonly ok: false; readonly errors: readonly string[] };

export const validation = (errors: readonly string[]): Validation => (errors.length === 0 ? { ok: true } : { ok: false, errors });

/** One table's seats as the balancer sees them. */
export interface TableSeats {
  readonly id: number;
  /** Seat index -> player (null when empty), clockwise; length = the table size. */
  readonly seats: readonly (PlayerId | null)[];
  /** Button seat of the last hand dealt here; before the first hand, the drawn button. */
  readonly button: number;
  /** Hands dealt at this table (0: the next hand's button is `button` itself). */
  readonly handsDealt: number;
}

/** A player moved between hands, for the director to apply. */
export interface SeatMove {
  readonly playerId: PlayerId;
  readonly fromTable: number;
  readonly fromSeat: number;
  readonly toTable: number;
  readonly toSeat: number;
  /** 'balance': tables evened out; 'break': the player's table was broken. */
  readonly reason: 'balance' | 'break';
}
