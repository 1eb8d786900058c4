import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { TablePage } from './TablePage';
import { useTableShell } from './useTableShell';

/** /table/:id inside the player shell: the shell's socket, signed-in user and theme. */
export default function TableRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const replay = Number(search.get('replay'));
  const replayHandId = Number.isInteger(replay) && replay > 0 ? replay : null;
  const navigate = useNavigate();
  const shell = useTableShell();
  const onLobby = useCallback(() => navigate('/'), [navigate]);
  const onMoved = useCallback((to: number) => navigate(`/table/${to}`, { replace: true }), [navigate]);
  const tableId = Number(id);
  if (!Number.isInteger(tableId) || tableId <= 0) {
    navigate('/', { replace: true });
    return null;
  }
  return <TablePage key={tableId} tableId={tableId} {...shell} onLobby={onLobby} replayHandId={replayHandId} onMoved={onMoved} />;
}
