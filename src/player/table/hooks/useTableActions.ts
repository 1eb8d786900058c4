import { useCallback, useRef, useState } from 'react';
import type { GameCommand } from '../../../shared/socket/messages';
import { errorCode, type TableConnection } from '../io/connection';

export interface TableActions {
  /** The play action in flight (FOLD, CALL...), until its ACK or ERROR. */
  pending: string | null;
  /** Sends a command; resolves true on ACK, false on ERROR (reported through onError). */
  act: (cmd: GameCommand) => Promise<boolean>;
  /** For dialogs: sends and rejects with the error code, so the dialog can show it in place. */
  send: (cmd: GameCommand) => Promise<void>;
}

const PLAY = new Set(['FOLD', 'CHECK', 'CALL', 'BET', 'RAISE']);

export function useTableActions(conn: TableConnection, onError: (code: string) => void): TableActions {
  const [pending, setPending] = useState<string | null>(null);
  const inFlight = useRef(false);
  const errorRef = useRef(onError);
  errorRef.current = onError;

  const act = useCallback(
    async (cmd: GameCommand) => {
      const play = PLAY.has(cmd.action);
      if (play) {
        if (inFlight.current) return false; // one decision at a time: no double clicks
        inFlight.current = true;
        setPending(cmd.action);
      }
      try {
        await conn.request(cmd);
        return true;
      } catch (e) {
        errorRef.current(errorCode(e));
        return false;
      } finally {
        if (play) {
          inFlight.current = false;
          setPending(null);
        }
      }
    },
    [conn],
  );

  const send = useCallback(
    async (cmd: GameCommand) => {
      try {
        await conn.request(cmd);
      } catch (e) {
        throw new Error(errorCode(e), { cause: e });
      }
    },
    [conn],
  );

  return { pending, act, send };
}
