import { useCallback, useMemo } from 'react';
import { useAuth } from '../auth/AuthContext';
import { useSocket } from '../socket/SocketContext';
import { useThemeMode } from '../theme/ThemeModeContext';
import type { TableAccount } from './TablePage';
import type { TableConnection } from './io/connection';
import { httpTableApi, type TableApi } from './io/tableApi';

/** What a table page takes from the shell (the multi-table view hands it to each of its tables). */
export interface TableShell {
  connection: TableConnection;
  account: TableAccount | null;
  onLogout: () => void;
  onDark: (dark: boolean) => void;
  api: TableApi | null;
}

/** What a table page takes from the player shell: its socket, the signed-in player, logout, the theme, HTTP. */
export function useTableShell(): TableShell {
  const { userInfo, userBalance, logout } = useAuth();
  const { client } = useSocket();
  const { setMode } = useThemeMode();
  const onDark = useCallback((dark: boolean) => setMode(dark ? 'dark' : 'light'), [setMode]);
  const account: TableAccount | null = useMemo(
    () =>
      userInfo ? { userId: Number(userInfo.userId), username: userInfo.username, email: userInfo.email, balance: userBalance, locked: userInfo.locked } : null,
    [userInfo, userBalance],
  );
  return { connection: client, account, onLogout: logout, onDark, api: httpTableApi };
}
