import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { SocketClient, type SocketStatus } from '../../shared/socket';
import type { ServerMessageOf, ServerMessageType } from '../../shared/socket';
import { getToken } from '../../shared/http';
import { useSWRConfig } from 'swr';
import { useAuth } from '../auth/AuthContext';
import { listPrefixes } from '../api';

interface SocketValue {
  client: SocketClient;
  status: SocketStatus;
}

const SocketContext = createContext<SocketValue | null>(null);

/**
 * One socket per tab. Connects once the current user is known (SPEC §4), or once the session is
 * known to be none (a guest watching), and afresh when the user changes; BALANCE_UPDATE goes to
 * the auth state, which applies it only for this user.
 */
export function SocketProvider({ children, client: injected }: { children: ReactNode; client?: SocketClient }) {
  const { userInfo, checkedAuth, applyBalanceUpdate } = useAuth();
  const [client] = useState(() => injected ?? new SocketClient({ getToken }));
  const [status, setStatus] = useState<SocketStatus>(client.status);
  const userId = userInfo?.userId;

  useEffect(() => client.onStatus(setStatus), [client]);

  // Who the socket is for, once the session is checked: the signed-in user, or a guest who may
  // watch a table and the jackpot as a visitor (the server caps such sockets per address). A
  // change of who is a fresh socket: an ended session's socket never carries on as anyone.
  const who = userId !== undefined ? `user:${userId}` : checkedAuth ? 'guest' : null;
  useEffect(() => {
    if (who === null) return;
    client.disconnect();
    client.connect();
  }, [client, who]);

  useEffect(() => () => client.disconnect(), [client]);

  // A balance change means a deposit, withdrawal or table movement: the wallet lists on screen
  // (deposits, withdrawals, game history) are revalidated so they match the new balance.
  const { mutate } = useSWRConfig();
  useEffect(
    () =>
      client.on('BALANCE_UPDATE', (m) => {
        if (!applyBalanceUpdate(m.data)) return;
        const prefixes = Object.values(listPrefixes);
        void mutate((key) => typeof key === 'string' && prefixes.some((p) => key.startsWith(p)));
      }),
    [client, applyBalanceUpdate, mutate],
  );

  return <SocketContext.Provider value={{ client, status }}>{children}</SocketContext.Provider>;
}

export function useSocket(): SocketValue {
  const v = useContext(SocketContext);
  if (!v) throw new Error('useSocket outside SocketProvider');
  return v;
}

/** Calls handler for every message of a type while the component is mounted. */
export function useSocketMessage<T extends ServerMessageType>(type: T, handler: (msg: ServerMessageOf<T>) => void): void {
  const { client } = useSocket();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => client.on(type, (m) => ref.current(m)), [client, type]);
}
