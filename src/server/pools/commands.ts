// What a player (or the back office) asks of a pool, as one value that can cross the bus to the
// instance running the pool's director (pools/router.ts), and its answer: a result, or the
// owner's error exactly as it would have answered on its own (status, code, message).
import { AppError } from '../core/errors';
import type { Unavailable } from '../cluster/directory';

export interface PoolUser {
  userId: number;
  username: string;
  avatar: string | null;
  isBot?: boolean;
}

export type PoolCommand =
  | { kind: 'join'; user: PoolUser; buyIn: number }
  | { kind: 'leave'; userId: number }
  /** A member away (timed out) is dealt in again. */
  | { kind: 'back'; userId: number }
  /** The table the player is dealt at now (null while waiting or not in the pool). */
  | { kind: 'seat'; userId: number }
  | { kind: 'addBots'; count: number }
  /** Closed in the database: the director sends everyone home after their hands, now. */
  | { kind: 'closed' };

export type PoolAnswer =
  { ok: true; tableId?: number | null; away?: boolean; count?: number } | { ok: false; error: { status: number; code: string; message: string } };

/** An error thrown at the owner as an answer; anything but an AppError is the owner's fault (logged there). */
export function failed(e: unknown): PoolAnswer {
  if (e instanceof AppError) return { ok: false, error: { status: e.status, code: e.code, message: e.message } };
  return { ok: false, error: { status: 500, code: 'INTERNAL', message: 'Something went wrong on our side' } };
}

/** Nobody runs the pool now (taken over, opening): try again; or its owner did not answer in time. */
export function unavailable(_command: PoolCommand, why: Unavailable): PoolAnswer {
  if (why === 'unowned')
    return { ok: false, error: { status: 409, code: 'TABLE_MOVED', message: 'This pool is moving to another server; try again in a moment' } };
  return { ok: false, error: { status: 503, code: 'POOL_UNAVAILABLE', message: "The pool's server did not answer in time; try again in a moment" } };
}

/** The answer back as the caller's error (the same status, code and message), or its result. */
export function unwrap(answer: PoolAnswer): Extract<PoolAnswer, { ok: true }> {
  if (!answer.ok) throw new AppError(answer.error.status, answer.error.code, answer.error.message);
  return answer;
}
