// The back office's one socket (src/shared/socket): opened only when a page needs it (the table
// page's live view), with the same token as the HTTP calls; closed when the admin app unmounts.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { SocketClient } from '../../shared/socket/client';
import { readToken } from '../dataProvider/http';

const AdminSocketContext = createContext<SocketClient | null>(null);

export function AdminSocketProvider({ client: injected, children }: { client?: SocketClient; children: ReactNode }) {
  const [client] = useState(() => injected ?? new SocketClient({ getToken: readToken }));
  useEffect(() => () => client.disconnect(), [client]);
  return <AdminSocketContext.Provider value={client}>{children}</AdminSocketContext.Provider>;
}

/** The socket, connected while the calling component is mounted (connect() is idempotent). */
export function useAdminSocket(): SocketClient {
  const client = useContext(AdminSocketContext);
  if (!client) throw new Error('useAdminSocket outside AdminSocketProvider');
  useEffect(() => {
    client.connect();
  }, [client]);
  return client;
}
