import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useSocket } from '../socket/SocketContext';
import { useThemeMode } from '../theme/ThemeModeContext';
import { TablePage } from './TablePage';
import { httpTableApi } from './io/tableApi';

/** /table/:id inside the player shell: the shell's socket, signed-in user and theme. */
export default function TableRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const replay = Number(search.get('replay'));
  const replayHandId = Number.isInteger(replay) && replay > 0 ? replay : null;
  const navigate = useNavigate();
  const { userInfo, userBalance, logout } = useAuth();
  const { client } = useSocket();
  const { setMode } = useThemeMode();
  const onLobby = useCallback(() => navigate('/'), [navigate]);
  const onMoved = useCallback((to: number) => navigate(`/table/${to}`, { replace: true }), [navigate]);
  const onDark = useCallback((dark: boolean) => setMode(dark ? 'dark' : 'light'), [setMode]);
  const tableId = Number(id);
  const account = userInfo
    ? { userId: Number(userInfo.userId), username: userInfo.username, email: userInfo.email, balance: userBalance, locked: userInfo.locked }
    : null;
  if (!Number.isInteger(tableId) || tableId <= 0) {
    navigate('/', { replace: true });
    return null;
  }
  return (
    <TablePage
      key={tableId}
      tableId={tableId}
      connection={client}
      account={account}
      onLobby={onLobby}
      onLogout={logout}
      onDark={onDark}
      api={httpTableApi}
      replayHandId={replayHandId}
      onMoved={onMoved}
    />
  );
}
