import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTableShell } from '../table/useTableShell';
import { MultiTableView } from './MultiTableView';
import { addTable, OPEN_TABLES_KEY, parseTableIds, type TileId } from './multiTable';
import { readStored as read, writeStored as write } from './storage';

/** The open tables: `?ids=` when given, else the stored set; `?add=` adds one (the lobby's button). */
function useOpenTables() {
  const [params, setParams] = useSearchParams();
  const ids = useMemo(() => parseTableIds(params.get('ids') ?? read(OPEN_TABLES_KEY)), [params]);
  const [full, setFull] = useState(false);
  const set = useCallback(
    (next: TileId[]) => {
      write(OPEN_TABLES_KEY, next.join(','));
      setParams({ ids: next.join(',') }, { replace: true });
    },
    [setParams],
  );
  // A set opened by its URL is the one kept, so that a table or pool added later (the lobby's and
  // the pool page's buttons open /tables?add=) joins it rather than an older stored one.
  const fromUrl = params.get('ids') !== null;
  useEffect(() => {
    if (fromUrl) write(OPEN_TABLES_KEY, ids.join(','));
  }, [fromUrl, ids]);
  const add = params.get('add');
  useEffect(() => {
    if (add === null) return;
    const id = parseTableIds(add)[0];
    const next = id === undefined ? ids : addTable(ids, id);
    setFull(next === null);
    set(next ?? ids);
  }, [add, ids, set]);
  return { ids, set, full, setFull };
}

/** The route: the tables of the URL or of the last visit, the shell's socket and player. */
export default function MultiTableRoute() {
  const navigate = useNavigate();
  const shell = useTableShell();
  const open = useOpenTables();
  const phone = useMediaQuery('(max-width: 760px)');
  return <MultiTableView {...open} shell={shell} phone={phone} onLobby={() => navigate('/')} />;
}
